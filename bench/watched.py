"""Apps timed from outside by their pixels, for `make bench` (Flick against Endeavour,
bench/endeavour.py) and `make bench-peers` (Flick, Endeavour and Errands on Debian 13,
bench/peers.py): exec → the first window grab that shows the loaded list, and memory after
settling, including the helper processes each app's session starts for it.

`bench/xwatch.c` (built beside the floor, in the release scratch folder) grabs the window every
20 ms and reports the first grab that matches the picture of the loaded list. That picture comes
from one unmeasured warm-up run of each app, watched until its window has not changed for 10 s:
Endeavour shows an empty window first and fills it from its data server seconds later. Walking
the accessibility tree instead (as bench/endeavour.py once did) costs time in proportion to the
app's tree, and Endeavour's is far bigger than Flick's, so it inflated Endeavour's time many
times over.

Each app runs in its own D-Bus session with its own HOME; each is shown the same items. The
final pictures of the last measured runs are kept beside xwatch, as bench-NAME-final.ppm, so a
person can check what each window showed."""

import os
import shutil
import signal
import statistics
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

MIN_RUNS = 5  # fewer give no meaningful median and range
QUIET_SECONDS = 3  # after the matching grab: the memory is read once the window stays unchanged this long
WARM_UP_QUIET_SECONDS = 10  # long enough for Endeavour's data server to fill its list
WINDOW_SIZE = (480, 640)  # Flick's default size; each peer's is set to match
# The session's own processes, alike for every app: not counted as any app's memory.
PLUMBING = ("dbus-daemon", "dbus-run-session", "at-spi-bus-launcher", "at-spi2-registryd")


@dataclass
class App:
    """One app as the runs start it. `reset` writes its data again before each run, so every run
    reads the same items whatever the run before did to them."""
    name: str
    command: list
    env: dict
    home: Path
    reset: Callable[[], None] = lambda: None


def monotonic_us():
    # CLOCK_MONOTONIC, the clock xwatch prints.
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000


def xwatch_path(flick):
    """Where make bench and make bench-peers build xwatch: beside the floor, in the release
    scratch folder, FLICK's grandparent (not resolved: release/ is a link into a platform folder)."""
    return Path(os.path.abspath(flick)).parents[1] / "xwatch"


def environment(home, **extra):
    """Our display's environment with a private HOME and no session bus: dbus-run-session
    starts a new one, so a data server starts fresh and sees this HOME."""
    env = dict(os.environ, HOME=str(home), XDG_DATA_HOME=str(home / ".local/share"),
               XDG_CONFIG_HOME=str(home / ".config"), XDG_CACHE_HOME=str(home / ".cache"), **extra)
    env.pop("DBUS_SESSION_BUS_ADDRESS", None)
    env.pop("AT_SPI_BUS_ADDRESS", None)
    return env


def flick_app(flick, flick_folder, work):
    home = work / "flick-home"
    home.mkdir(parents=True, exist_ok=True)
    return App("flick", [flick, "--data-dir", flick_folder], environment(home), home)


# MARK: Watching a run


def processes_with_home(home):
    """(pid, program name, VmRSS in KiB) of every process whose HOME is `home`: the app and what
    its private session started for it. Endeavour's data server is reparented to init, so
    following the process tree would miss it."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if f"HOME={home}".encode() not in (entry / "environ").read_bytes().split(b"\0"):
                continue
            name = Path((entry / "cmdline").read_bytes().split(b"\0")[0].decode(errors="replace")).name
            rss = next((int(line.split()[1]) for line in (entry / "status").read_text().splitlines()
                        if line.startswith("VmRSS:")), 0)
            found.append((int(entry.name), name, rss))
        except (OSError, ValueError):
            continue  # it ended while we looked, or is a kernel thread
    return found


def kill_home(home):
    """Ends whatever is left of a run: every process with its private HOME is its own. Waits
    (a little) until they have gone, so that no run overlaps the end of the one before."""
    deadline = time.monotonic() + 5
    while (left := processes_with_home(home)) and time.monotonic() < deadline:
        for pid, _, _ in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        time.sleep(0.05)


def start_in_session(command, env, pid_file):
    """Starts `command` in its own D-Bus session; returns (session process, the app's pid).
    The app's pid comes from a shell that writes its own and then execs the app, since the
    app is the session's grandchild and xwatch needs its pid to find its window."""
    pid_file.unlink(missing_ok=True)
    session = subprocess.Popen(["dbus-run-session", "--", "sh", "-c", 'echo $$ > "$0"; exec "$@"', str(pid_file),
                                *map(str, command)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while not (pid_file.exists() and pid_file.read_text().strip()):
        if time.monotonic() > deadline or session.poll() is not None:
            raise RuntimeError(f"{command[0]} did not start")
        time.sleep(0.002)
    return session, int(pid_file.read_text())


def xwatch_values(output):
    """xwatch's `xwatch KEY VALUE` lines as a dict of ints."""
    return {key: int(value) for _, key, value in (line.split() for line in output.splitlines())}


def watched_run(xwatch, app, work, reference=None, quiet_seconds=QUIET_SECONDS):
    """One start of an app, watched by xwatch until it has shown `reference` (if given) and then
    not changed for `quiet_seconds`. Returns (ms from exec to the first grab that matched, MiB of
    every process of the run, their names, MiB of the app's own process); the last grab is left
    in `work`/NAME-final.ppm."""
    final = work / f"{app.name}-final.ppm"
    started = monotonic_us()
    session, pid = start_in_session(app.command, app.env, work / f"{app.name}.pid")
    try:
        watch = subprocess.run([str(part) for part in (xwatch, pid, 60, quiet_seconds, final)]
                               + ([str(reference)] if reference else []), capture_output=True, text=True, timeout=90)
        counted = [(found, n, rss) for found, n, rss in processes_with_home(app.home) if n not in PLUMBING]
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass  # it ended by itself: xwatch's output below says what it saw
        session.wait(timeout=20)
    finally:
        kill_home(app.home)  # a data server may outlive its bus for a moment, or the run failed
        if session.poll() is None:
            session.kill()
            session.wait()
    values = xwatch_values(watch.stdout)
    if "matched" not in values:
        raise RuntimeError(f"xwatch saw no window of {app.name}: {watch.stderr.strip()}")
    if reference and values["matched"] < 0:
        raise RuntimeError(f"{app.name} never showed the picture of its warm-up run within 60 s")
    return ((values["matched"] - started) / 1000, sum(rss for _, _, rss in counted) / 1024, {n for _, n, _ in counted},
            sum(rss for found, _, rss in counted if found == pid) / 1024)


def measure(apps, work, runs, xwatch):
    """Warm-up of each app (its final picture becomes the reference), then `runs` measured runs
    of each, interleaved A B C A B C. Returns {name: [watched_run's (ms, MiB, names, own MiB), …]}."""
    results = {app.name: [] for app in apps}
    for run in range(runs + 1):
        for app in apps:
            app.reset()
            reference = work / f"{app.name}-reference.ppm"
            if run == 0:
                watched_run(xwatch, app, work, quiet_seconds=WARM_UP_QUIET_SECONDS)
                shutil.copyfile(work / f"{app.name}-final.ppm", reference)
            else:
                results[app.name].append(watched_run(xwatch, app, work, reference))
        if run:  # a sign of life: the whole comparison takes a minute or more
            times = ", ".join(f"{app.name} {results[app.name][-1][0]:.0f} ms" for app in apps)
            print(f"bench: run {run}/{runs} from outside: {times}", flush=True)
    for app in apps:
        shutil.copyfile(work / f"{app.name}-final.ppm", xwatch.parent / f"bench-{app.name}-final.ppm")
    return results


def summary(values, unit):
    return f"{statistics.median(values):,.0f} {unit} ({min(values):,.0f}–{max(values):,.0f})"
