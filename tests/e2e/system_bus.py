"""A private stand-in for the system bus, for the services Flick follows there (issue 74, point
6): logind's PrepareForSleep, and others as python3-dbusmock plays them. Flick is pointed at it
with DBUS_SYSTEM_BUS_ADDRESS; the machine's own system bus is never touched."""

import os
import subprocess
import tempfile
import time
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from flickapp import wait_for


class SystemBusStandIn:
    def __init__(self):
        self.folder = Path(tempfile.mkdtemp(prefix="flick-system-bus-"))
        self.address = f"unix:path={self.folder / 'bus'}"
        config = self.folder / "bus.conf"
        config.write_text(
            "<!DOCTYPE busconfig PUBLIC \"-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN\"\n"
            " \"http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd\">\n"
            f"<busconfig><type>system</type><listen>{self.address}</listen>"
            "<policy context=\"default\"><allow send_destination=\"*\" eavesdrop=\"true\"/>"
            "<allow eavesdrop=\"true\"/><allow own=\"*\"/></policy></busconfig>\n")
        self.daemon = subprocess.Popen(["dbus-daemon", f"--config-file={config}", "--nofork", "--nopidfile"],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.mocks = []
        wait_for(lambda: (self.folder / "bus").exists(), timeout=10, message="the stand-in system bus")

    @property
    def environment(self):
        """What a process needs to find this bus as its system bus."""
        return {"DBUS_SYSTEM_BUS_ADDRESS": self.address}

    def start_mock(self, template, name):
        """python3-dbusmock's `template` on this bus, once it owns `name`."""
        mock = subprocess.Popen(["/usr/bin/python3", "-m", "dbusmock", "--system", "--template", template],
                                env=dict(os.environ, **self.environment), stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        self.mocks.append(mock)
        wait_for(lambda: self.owned(name), timeout=15, message=f"{name} on the stand-in system bus")

    def owned(self, name):
        done = subprocess.run(["gdbus", "call", "--address", self.address, "--dest", "org.freedesktop.DBus",
                               "--object-path", "/org/freedesktop/DBus", "--method",
                               "org.freedesktop.DBus.NameHasOwner", name], capture_output=True, text=True)
        return done.returncode == 0 and "true" in done.stdout

    def emit(self, name, path, interface, signal, signature, *arguments):
        """Has the mock owning `name` emit `signal` (python3-dbusmock's EmitSignal)."""
        done = subprocess.run(["gdbus", "call", "--address", self.address, "--dest", name, "--object-path", path,
                               "--method", "org.freedesktop.DBus.Mock.EmitSignal", interface, signal, signature,
                               "[" + ", ".join(f"<{argument}>" for argument in arguments) + "]"],
                              capture_output=True, text=True, timeout=10)
        assert done.returncode == 0, done.stderr

    def close(self):
        for process in self.mocks + [self.daemon]:
            process.terminate()
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
        subprocess.run(["rm", "-rf", str(self.folder)])


class FakeClock:
    """The wall clock a Flick reads, moved by the test: tests/clock/fake_wall_clock.c, built here
    and preloaded, adds the offset this writes to its file. The monotonic clock is left alone, as
    a suspend leaves it (it stops while the machine sleeps, so GLib's timeouts wait on as if no
    time had passed)."""

    SOURCE = Path(__file__).resolve().parents[1] / "clock" / "fake_wall_clock.c"

    def __init__(self, start, zone="Europe/Berlin"):
        self.zone = zone
        self.folder = Path(tempfile.mkdtemp(prefix="flick-clock-"))
        self.library = self.folder / "fake_wall_clock.so"
        subprocess.run(["gcc", "-shared", "-fPIC", "-O1", "-Wall", "-Wextra", "-Werror", "-o", str(self.library),
                        str(self.SOURCE), "-ldl"], check=True)
        self.file = self.folder / "offset"
        self.set(start)

    def set(self, moment):
        """The clock reads `moment` ("2026-03-01 23:59:54", in `zone`) now and runs on."""
        target = datetime.strptime(moment, "%Y-%m-%d %H:%M:%S").replace(tzinfo=ZoneInfo(self.zone))
        # Written whole at once: the process reads the file at every look at the clock.
        temporary = self.file.with_suffix(".new")
        temporary.write_text(f"{target.timestamp() - time.time():.3f}\n")
        temporary.replace(self.file)

    @property
    def environment(self):
        return {"LD_PRELOAD": str(self.library), "FLICK_FAKE_CLOCK_FILE": str(self.file)}

    def close(self):
        subprocess.run(["rm", "-rf", str(self.folder)])
