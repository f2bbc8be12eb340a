"""The Debian package (issue 58): `make deb` builds it from the release build, lintian accepts it
without errors, `apt-get install ./flick_….deb` installs it on this machine, the files are where
Debian puts them and the triggers ran (the schema is compiled into the system's cache), Flick
starts from its installed launcher (`gio launch` of the .desktop file, which runs its Exec line)
and by desktop id (which D-Bus-activates the installed service), answers as a GNOME Shell search
provider, and `apt-get remove --purge` leaves nothing of it behind.

The same in a fresh root of each Debian release, where the package must bring every library
Flick needs, is tools/deb-each-release's (also in `make stress`).

Run by `make stress` (it needs the release build, and root: it installs into /usr). The test on
the machine itself needs Flick's package not installed before, nor a `make install PREFIX=/usr`
(its files would be taken over and then removed by the purge).
$FLICK_DEB=path tests that package instead of running `make deb`."""

import os
import subprocess
import sys
import tempfile
import shutil
import time
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))
from flickapp import (ROOT, SessionBus, flick_environment, processes_running,  # noqa: E402
                      visible_windows, wait_for)

APP_ID = "io.github.flicktodo.Flick"
OBJECT_PATH = "/io/github/flicktodo/Flick"
BINARY = "/usr/bin/flick"
LINGUAS = (ROOT / "po" / "LINGUAS").read_text().split()
EXPECTED = [BINARY,
            f"/usr/share/applications/{APP_ID}.desktop",
            f"/usr/share/dbus-1/services/{APP_ID}.service",
            f"/usr/share/gnome-shell/search-providers/{APP_ID}.search-provider.ini",
            f"/usr/share/metainfo/{APP_ID}.metainfo.xml",
            f"/usr/share/icons/hicolor/scalable/apps/{APP_ID}.svg",
            f"/usr/share/icons/hicolor/symbolic/apps/{APP_ID}-symbolic.svg",
            *[f"/usr/share/icons/hicolor/{size}x{size}/apps/{APP_ID}.png" for size in (16, 32, 48, 64, 128)],
            f"/usr/share/glib-2.0/schemas/{APP_ID}.gschema.xml",
            *[f"/usr/share/locale/{lang}/LC_MESSAGES/flick.mo" for lang in LINGUAS],
            "/usr/share/man/man1/flick.1.gz",
            "/usr/share/doc/flick/copyright",
            "/usr/share/doc/flick/changelog.gz"]
APT_ENV = dict(os.environ, DEBIAN_FRONTEND="noninteractive")


def run(*command, env=None, timeout=600):
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=timeout)
    if result.returncode != 0:
        raise AssertionError(f"{' '.join(command)} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
    return result


def note(text):
    print(f"\n  {text}", file=sys.stderr, flush=True)


def package_status():
    return subprocess.run(["dpkg-query", "-W", "-f=${Status}", "flick"], capture_output=True, text=True).stdout


def build_package():
    """The .deb: $FLICK_DEB, or `make deb` (not as part of an outer make's job server)."""
    if os.environ.get("FLICK_DEB"):
        return Path(os.environ["FLICK_DEB"]).resolve()
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    made = run("make", "--no-print-directory", "-C", str(ROOT), "deb", env=env, timeout=3600)
    return (ROOT / made.stdout.strip().splitlines()[-1]).resolve()


class DebianPackageTests(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        if os.geteuid() != 0:
            raise unittest.SkipTest("installs a package: run as root (make stress)")
        started = time.monotonic()
        cls.deb = build_package()
        print(f"\n{cls.deb.name} ready in {time.monotonic() - started:.0f} s", file=sys.stderr)

    def test_lintian_finds_no_errors(self):
        result = subprocess.run(["lintian", "--fail-on", "error", "--no-tag-display-limit", str(self.deb)],
                                capture_output=True, text=True, timeout=600)
        print(f"\nlintian: {result.stdout.strip() or 'no tags'}", file=sys.stderr)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertNotIn("E: ", result.stdout)

    def test_installs_launches_and_purges_cleanly(self):
        self.assertIn(package_status(), ("", "unknown ok not-installed"), "Flick's package is installed already")
        already = [path for path in EXPECTED if os.path.lexists(path)]
        self.assertEqual(already, [], "files of Flick's are on the system outside the package (make uninstall?)")
        self.addCleanup(self.purge_if_installed)
        # The package's directories that the system had before (others' too): they stay.
        contents = run("dpkg-deb", "--contents", str(self.deb)).stdout.splitlines()
        packaged_dirs = [line.split()[-1].removeprefix(".").rstrip("/") for line in contents if line.startswith("d")]
        existing_dirs = {path for path in packaged_dirs if path and os.path.isdir(path)}

        # Install.
        run("apt-get", "install", "-y", "-q", "--no-install-recommends", str(self.deb), env=APT_ENV)
        self.assertEqual(package_status(), "install ok installed")
        listed = run("dpkg", "-L", "flick").stdout.splitlines()
        owned = [path for path in listed if path not in ("/.",)]
        note(f"installed: {len(owned)} paths (dpkg -L)")
        for path in EXPECTED:
            self.assertIn(path, owned)
            self.assertTrue(os.path.isfile(path), path)
        for unwanted in ("gschemas.compiled", "installed-directories"):
            self.assertFalse([path for path in owned if path.endswith(unwanted)], f"the package ships {unwanted}")
        self.assertTrue(os.access(BINARY, os.X_OK))
        self.assertEqual(run(BINARY, "--version").stdout, "Flick 0.2.0\n")
        ldd = run("ldd", BINARY).stdout
        self.assertNotIn("not found", ldd)
        self.assertNotIn("swift", ldd, "the Swift runtime is linked in")
        # The trigger of libglib2.0-0 compiled the schema into the system's cache.
        self.assertIn(APP_ID, run("gsettings", "list-schemas", env=dict(os.environ, GSETTINGS_BACKEND="memory"))
                      .stdout.split())
        if shutil.which("desktop-file-validate"):
            run("desktop-file-validate", f"/usr/share/applications/{APP_ID}.desktop")
        if shutil.which("appstreamcli"):
            run("appstreamcli", "validate", "--no-net", f"/usr/share/metainfo/{APP_ID}.metainfo.xml")

        # Launch, as a new user would: an empty home, so the first run's welcome list.
        home = Path(tempfile.mkdtemp(prefix="flick-deb-home-"))
        self.addCleanup(shutil.rmtree, home, True)
        env = flick_environment(dict(os.environ, HOME=str(home), XDG_DATA_DIRS="/usr/local/share:/usr/share",
                                     XDG_DATA_HOME=str(home / ".local/share"), XDG_CONFIG_HOME=str(home / ".config"),
                                     XDG_CACHE_HOME=str(home / ".cache"), XDG_STATE_HOME=str(home / ".local/state")))
        env.pop("FLICK_DATA_DIR", None)

        with self.session(env) as bus:
            log = home / "gio-launch.log"
            with open(log, "a") as output:  # Flick keeps gio's stdout and stderr open: a file.
                launched = subprocess.run(["gio", "launch", f"/usr/share/applications/{APP_ID}.desktop"],
                                          env=bus.env, stdout=output, stderr=subprocess.STDOUT, timeout=60)
            self.assertEqual(launched.returncode, 0, log.read_text())
            pid = self.wait_for_window(bus)
            name = run("xdotool", "getwindowname", visible_windows(pid)[0]).stdout.strip()
            self.assertEqual(name, "Welcome to Flick")
            note(f"gio launch: window {name!r} of {BINARY} (pid {pid})")
            self.assertTrue((home / ".local/share" / APP_ID / "flick.sqlite").exists(), "the database in XDG_DATA_HOME")
            # The search provider the installed .ini names.
            ini = Path(f"/usr/share/gnome-shell/search-providers/{APP_ID}.search-provider.ini").read_text()
            self.assertIn(f"ObjectPath={OBJECT_PATH}/SearchProvider", ini)
            found = run("gdbus", "call", "--session", "--dest", APP_ID, "--object-path", f"{OBJECT_PATH}/SearchProvider",
                        "--method", "org.gnome.Shell.SearchProvider2.GetInitialResultSet", "['flick']", env=bus.env)
            self.assertTrue(found.stdout.startswith("(["), found.stdout)
            note(f"search provider: GetInitialResultSet(['flick']) = {found.stdout.strip()}")
            self.quit(bus)

        with self.session(env) as bus:
            # By desktop id, as an app grid does: GLib asks the bus, which starts the installed
            # D-Bus service. The launcher waits until the name is owned (the bus drops an
            # activation whose sender has gone).
            launch = f"""
import time, gi
gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib
info = Gio.DesktopAppInfo.new("{APP_ID}.desktop")
assert info is not None, "the launcher is not found by its id"
assert info.launch([], None)
bus = Gio.bus_get_sync(Gio.BusType.SESSION)
deadline = time.monotonic() + 30
while time.monotonic() < deadline:
    GLib.MainContext.default().iteration(False)
    owned = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                          GLib.Variant("(s)", ("{APP_ID}",)), None, Gio.DBusCallFlags.NONE, -1, None)
    if owned.unpack()[0]:
        break
    time.sleep(0.05)
bus.flush_sync()
time.sleep(0.5)
"""
            run("/usr/bin/python3", "-c", launch, env=bus.env, timeout=60)
            pid = self.wait_for_window(bus)
            with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                self.assertEqual(cmdline.read().split(b"\0")[:2], [BINARY.encode(), b"--gapplication-service"])
            note(f"launch by desktop id: D-Bus activated {BINARY} --gapplication-service (pid {pid})")
            self.quit(bus)

        # Remove, and nothing of Flick's is left: its files, the directories only it had, the
        # schema in the system's cache, dpkg's own records.
        run("apt-get", "remove", "--purge", "-y", "-q", "flick", env=APT_ENV)
        self.assertIn(package_status(), ("", "unknown ok not-installed"))
        left = [path for path in owned if os.path.lexists(path) and not os.path.isdir(path)]
        self.assertEqual(left, [], "files of the package left after the purge")
        new_dirs = [path for path in packaged_dirs if path and path not in existing_dirs]
        self.assertTrue(new_dirs, "the package made no directory of its own (e.g. /usr/share/doc/flick)")
        self.assertEqual([path for path in new_dirs if os.path.lexists(path)], [],
                         "directories the package made are left after the purge")
        self.assertNotIn(APP_ID, run("gsettings", "list-schemas", env=dict(os.environ, GSETTINGS_BACKEND="memory"))
                         .stdout.split())
        self.assertEqual([name for name in os.listdir("/var/lib/dpkg/info") if name.startswith("flick.")
                          or name.startswith("flick:")], [])
        note(f"purged: none of the {len(owned)} paths left but the {len(existing_dirs)} directories there before")

    # --- Helpers ---

    class session:
        """A private session bus for one launch; whatever Flick is left on it is killed."""

        def __init__(self, env):
            self.env = env

        def __enter__(self):
            self.bus = SessionBus(self.env)
            return self.bus

        def __exit__(self, *exc):
            for pid in processes_running(BINARY):
                if self.bus.name_owner_pid(APP_ID) == pid:
                    os.kill(pid, 9)
            self.bus.close()
            return False

    def wait_for_window(self, bus):
        pid = wait_for(lambda: bus.name_owner_pid(APP_ID), timeout=30, message="Flick on the session bus")
        wait_for(lambda: visible_windows(pid), timeout=30, message="the Flick window")
        self.assertEqual(processes_running(BINARY), [pid], "the installed binary runs")
        return pid

    def quit(self, bus):
        pid = bus.name_owner_pid(APP_ID)
        bus.activate_action(APP_ID, OBJECT_PATH, "quit")
        wait_for(lambda: pid not in processes_running(BINARY), timeout=15, message="Flick to quit")

    @staticmethod
    def purge_if_installed():
        if package_status() not in ("", "unknown ok not-installed"):
            subprocess.run(["apt-get", "remove", "--purge", "-y", "-q", "flick"], env=APT_ENV, capture_output=True)


if __name__ == "__main__":
    unittest.main()
