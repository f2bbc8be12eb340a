"""End to end: Flick installed with `make install` into a temporary prefix and started the ways
a desktop starts it, on a private session bus whose service directories include the prefix:
`gio launch` of the installed .desktop file (which runs its Exec line), and a launch by desktop
id as an app grid does (which D-Bus-activates the installed service). One instance per
session, the command line, the user's language read through AT-SPI, and `make uninstall`
leaving the prefix as it was.

`make install` installs the release build, whose build is the slow part: it is built once (in
$RELEASE_SCRATCH, default .build-release) and every later `make install` finds it up to date.
With $FLICK_INSTALL_BIN set (`make check` sets it to the debug build) that binary is installed
instead and the release build is not made; the test that the installed binary needs no Swift
toolchain then has nothing to check and is left to `make stress`."""

import hashlib
import os
import shutil
import sqlite3
import subprocess
import tempfile
import unittest
from pathlib import Path

from flickapp import (ROOT, SessionBus, accessibility_bus_address, accessible_nodes, accessible_strings,
                      flick_environment, language_environment, processes_running, visible_windows, wait_for)

APP_ID = "io.github.flicktodo.Flick"
OBJECT_PATH = "/io/github/flicktodo/Flick"
LINGUAS = (ROOT / "po" / "LINGUAS").read_text().split()
# The binary `make install` installs, when not the release build (see above).
INSTALL_BIN = os.environ.get("FLICK_INSTALL_BIN", "")


def make(*args):
    """Runs the project's Makefile (not as part of an outer make's job server)."""
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    scratch = os.environ.get("RELEASE_SCRATCH", ".build-release")
    binary = [f"INSTALL_BIN={INSTALL_BIN}"] if INSTALL_BIN else []
    result = subprocess.run(["make", "--no-print-directory", "-C", str(ROOT), f"RELEASE_SCRATCH={scratch}", *binary,
                             *args],
                            env=env, capture_output=True, text=True, timeout=3600)
    if result.returncode != 0:
        raise AssertionError(f"make {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")
    return result


def snapshot(root):
    """Every file and directory under `root`, with a digest of each file's contents."""
    entries = {}
    for path in sorted(Path(root).rglob("*")):
        relative = str(path.relative_to(root))
        if path.is_dir() and not path.is_symlink():
            entries[relative + "/"] = "dir"
        else:
            entries[relative] = hashlib.sha256(path.read_bytes()).hexdigest()
    return entries


def installed_files(prefix):
    share = f"{prefix}/share"
    return [f"{prefix}/bin/flick",
            f"{share}/applications/{APP_ID}.desktop",
            f"{share}/dbus-1/services/{APP_ID}.service",
            f"{share}/gnome-shell/search-providers/{APP_ID}.search-provider.ini",
            f"{share}/metainfo/{APP_ID}.metainfo.xml",
            f"{share}/icons/hicolor/scalable/apps/{APP_ID}.svg",
            f"{share}/icons/hicolor/symbolic/apps/{APP_ID}-symbolic.svg",
            *[f"{share}/icons/hicolor/{size}x{size}/apps/{APP_ID}.png" for size in (16, 32, 48, 64, 128)],
            f"{share}/glib-2.0/schemas/{APP_ID}.gschema.xml",
            f"{share}/glib-2.0/schemas/gschemas.compiled",
            *[f"{share}/locale/{lang}/LC_MESSAGES/flick.mo" for lang in LINGUAS]]


class InstallUninstallTests(unittest.TestCase):
    """`make install` and `make uninstall` on prefixes that already hold other software."""

    def setUp(self):
        self.prefix = Path(tempfile.mkdtemp(prefix="flick-prefix-"))
        self.addCleanup(shutil.rmtree, self.prefix, True)
        # Someone else's files, which must survive, and an empty directory of theirs.
        (self.prefix / "bin").mkdir()
        (self.prefix / "bin" / "other-tool").write_text("#!/bin/sh\n")
        (self.prefix / "share" / "applications").mkdir(parents=True)
        (self.prefix / "share" / "applications" / "org.example.Other.desktop").write_text("[Desktop Entry]\n")
        (self.prefix / "share" / "locale").mkdir()

    def test_install_then_uninstall_leaves_the_prefix_as_it_was(self):
        before = snapshot(self.prefix)
        make("install", f"PREFIX={self.prefix}")
        for path in installed_files(self.prefix):
            self.assertTrue(Path(path).is_file(), path)
        self.assertTrue(os.access(self.prefix / "bin" / "flick", os.X_OK))
        service = (self.prefix / "share" / "dbus-1" / "services" / f"{APP_ID}.service").read_text()
        self.assertIn(f"Exec={self.prefix}/bin/flick --gapplication-service\n", service)
        desktop = (self.prefix / "share" / "applications" / f"{APP_ID}.desktop").read_text()
        self.assertIn("Name[de]=", desktop)
        self.assertIn(f"Exec={self.prefix}/bin/flick\n", desktop)

        make("uninstall", f"PREFIX={self.prefix}")
        self.assertEqual(snapshot(self.prefix), before)

    def test_uninstall_keeps_other_schemas_compiled(self):
        schemas = self.prefix / "share" / "glib-2.0" / "schemas"
        schemas.mkdir(parents=True)
        (schemas / "org.example.Other.gschema.xml").write_text(
            '<schemalist><schema id="org.example.Other" path="/org/example/Other/">'
            '<key name="size" type="i"><default>1</default></key></schema></schemalist>\n')
        subprocess.run(["glib-compile-schemas", str(schemas)], check=True)
        before = set(snapshot(self.prefix))
        make("install", f"PREFIX={self.prefix}")
        self.assertIn(APP_ID, self.schemas_in(schemas))
        make("uninstall", f"PREFIX={self.prefix}")
        self.assertEqual(set(snapshot(self.prefix)), before)
        self.assertEqual(self.schemas_in(schemas), ["org.example.Other"])

    def test_destdir_stages_the_files_for_the_prefix(self):
        stage = self.prefix / "stage"
        make("install", f"DESTDIR={stage}", "PREFIX=/usr")
        root = stage / "usr"
        for path in installed_files(""):
            if not path.endswith("gschemas.compiled"):  # Compiled when the package is installed.
                self.assertTrue((root / path.lstrip("/")).is_file(), path)
        self.assertFalse((root / "share/glib-2.0/schemas/gschemas.compiled").exists())
        self.assertIn("Exec=/usr/bin/flick --gapplication-service",
                      (root / f"share/dbus-1/services/{APP_ID}.service").read_text())
        make("uninstall", f"DESTDIR={stage}", "PREFIX=/usr")
        self.assertEqual(list(stage.rglob("*")), [])

    @unittest.skipIf(INSTALL_BIN, "installs $FLICK_INSTALL_BIN, not the release build (make stress runs this)")
    def test_installed_binary_needs_no_swift_toolchain(self):
        make("install", f"PREFIX={self.prefix}")
        self.addCleanup(make, "uninstall", f"PREFIX={self.prefix}")
        libraries = subprocess.run(["ldd", str(self.prefix / "bin" / "flick")], check=True,
                                   capture_output=True, text=True).stdout
        self.assertNotIn("not found", libraries)
        self.assertNotIn("swift", libraries.lower())
        self.assertNotIn("libFoundation", libraries)
        # And it runs with nothing but the system's libraries.
        version = subprocess.run([str(self.prefix / "bin" / "flick"), "--version"], check=True,
                                 env=flick_environment({"PATH": "/usr/bin:/bin"}), capture_output=True, text=True)
        self.assertEqual(version.stdout, "Flick 0.2.0\n")

    @staticmethod
    def schemas_in(directory):
        """The schemas compiled in `directory` (gsettings lists the system's too: left out)."""
        listed = subprocess.run(["gsettings", "--schemadir", str(directory), "list-schemas"],
                                capture_output=True, text=True).stdout.split()
        system = subprocess.run(["gsettings", "list-schemas"], capture_output=True, text=True).stdout.split()
        return sorted(set(listed) - set(system))


class InstalledAppTests(unittest.TestCase):
    """The installed Flick on a private session bus whose service directories include the
    prefix, as a desktop session would have after `make install`."""

    @classmethod
    def setUpClass(cls):
        cls.prefix = Path(tempfile.mkdtemp(prefix="flick-installed-"))
        make("install", f"PREFIX={cls.prefix}")
        cls.binary = cls.prefix / "bin" / "flick"
        cls.desktop_file = cls.prefix / "share" / "applications" / f"{APP_ID}.desktop"
        # Flick on the private bus and pyatspi here meet on this display's accessibility bus.
        cls.saved_atspi_address = os.environ.get("AT_SPI_BUS_ADDRESS")
        os.environ["AT_SPI_BUS_ADDRESS"] = accessibility_bus_address()

    @classmethod
    def tearDownClass(cls):
        if cls.saved_atspi_address is None:
            del os.environ["AT_SPI_BUS_ADDRESS"]
        else:
            os.environ["AT_SPI_BUS_ADDRESS"] = cls.saved_atspi_address
        make("uninstall", f"PREFIX={cls.prefix}")
        shutil.rmtree(cls.prefix, ignore_errors=True)

    def setUp(self):
        self.home = Path(tempfile.mkdtemp(prefix="flick-home-"))
        self.addCleanup(shutil.rmtree, self.home, True)
        self.data_dir = self.home / "data"
        self.bus = None

    def start_bus(self, **overrides):
        """A private session bus whose activated services (Flick) see this environment (and
        so do the launchers, gio and the bus itself, which do not mind G_DEBUG)."""
        env = flick_environment(dict(os.environ,
                                     XDG_DATA_DIRS=f"{self.prefix}/share:/usr/local/share:/usr/share",
                                     XDG_DATA_HOME=str(self.home / "xdg-data"),
                                     XDG_CONFIG_HOME=str(self.home / "config"),
                                     FLICK_DATA_DIR=str(self.data_dir)))
        env.update(overrides)
        self.bus = SessionBus(env)
        self.addCleanup(self.stop_bus)
        return self.bus

    def stop_bus(self):
        pids = processes_running(self.binary)
        if pids:
            self.bus.activate_action(APP_ID, OBJECT_PATH, "quit")
            try:
                wait_for(lambda: not processes_running(self.binary), timeout=10, message="Flick to quit")
            except AssertionError:
                for pid in processes_running(self.binary):
                    os.kill(pid, 9)
        self.bus.close()

    def flick(self, *args, env=None, timeout=30):
        """Runs the installed `flick` with arguments on the private bus and waits for it."""
        return subprocess.run([str(self.binary), *args], env=env or self.bus.env, capture_output=True, text=True,
                              timeout=timeout)

    def start_flick(self, *args):
        """Starts the installed `flick` in the background, as the first instance."""
        process = subprocess.Popen([str(self.binary), *args], env=self.bus.env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)

        def stop():
            if process.poll() is None:
                self.bus.activate_action(APP_ID, OBJECT_PATH, "quit")
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait(timeout=10)

        self.addCleanup(stop)
        return process

    def gio_launch(self):
        """`gio launch FILE` reads the file as a key file, so it runs the Exec line (GLib
        D-Bus-activates only applications it finds by desktop id). The output goes to a file:
        Flick keeps gio's stdout and stderr open."""
        with open(self.home / "gio-launch.log", "a") as log:
            result = subprocess.run(["gio", "launch", str(self.desktop_file)], env=self.bus.env, stdout=log,
                                    stderr=subprocess.STDOUT, timeout=60)
        self.assertEqual(result.returncode, 0, (self.home / "gio-launch.log").read_text())

    def wait_for_instance(self):
        """The pid of the primary instance once its window is visible."""
        pid = wait_for(lambda: self.bus.name_owner_pid(APP_ID), timeout=30, message="Flick on the session bus")
        wait_for(lambda: visible_windows(pid), timeout=30, message="the Flick window")
        return pid

    def titles(self):
        listed = self.flick("--list")
        self.assertEqual(listed.returncode, 0, listed.stderr)
        return [line[4:] for line in listed.stdout.splitlines()]

    # --- Launching ---

    def test_gio_launch_of_the_installed_desktop_file_opens_the_window(self):
        self.start_bus()
        self.gio_launch()
        pid = self.wait_for_instance()
        self.assertEqual(processes_running(self.binary), [pid], "the installed binary")
        window = visible_windows(pid)
        self.assertEqual(len(window), 1)
        name = subprocess.run(["xdotool", "getwindowname", window[0]], capture_output=True, text=True).stdout
        self.assertEqual(name.strip(), "Welcome to Flick")
        self.assertTrue((self.data_dir / "flick.sqlite").exists(), "the database in $FLICK_DATA_DIR")

    def test_launch_by_desktop_id_activates_the_dbus_service(self):
        # How a desktop's app grid starts it: GLib finds the launcher by its id in
        # $XDG_DATA_DIRS/applications and, as it is DBusActivatable, asks the bus to start
        # the installed service (`flick --gapplication-service`) and activate it.
        self.start_bus()
        # The launcher stays until the service owns its name, as a desktop shell would: the
        # bus drops an activation message whose sender has gone.
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
        subprocess.run(["/usr/bin/python3", "-c", launch], env=self.bus.env, check=True, timeout=60)
        pid = self.wait_for_instance()
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            arguments = cmdline.read().split(b"\0")
        self.assertEqual(arguments[:2], [str(self.binary).encode(), b"--gapplication-service"])
        self.assertEqual(len(visible_windows(pid)), 1)

    def test_a_second_launch_presents_the_first_window(self):
        self.start_bus()
        self.gio_launch()
        pid = self.wait_for_instance()
        self.gio_launch()
        again = self.flick()  # Started by hand too: it hands over to the first and exits.
        self.assertEqual(again.returncode, 0, again.stderr)
        wait_for(lambda: processes_running(self.binary) == [pid], timeout=10,
                 message="the second Flick to hand over and exit")
        self.assertEqual(len(visible_windows(pid)), 1)

    # --- Command line ---

    def test_add_reaches_the_running_instance_and_its_window(self):
        self.start_bus()
        self.gio_launch()
        pid = self.wait_for_instance()
        added = self.flick("--add", "Buy oat milk")
        self.assertEqual(added.returncode, 0, added.stderr)
        self.assertEqual(self.titles()[0], "Buy oat milk")
        self.assertEqual(processes_running(self.binary), [pid])
        # The window shows it: its row is in the accessibility tree.
        wait_for(lambda: any(s.startswith("Buy oat milk") for s in accessible_strings(pid)), timeout=15,
                 message="the added item's row in the window")

    def test_add_item_action_over_dbus(self):
        self.start_bus()
        self.gio_launch()
        self.wait_for_instance()
        result = self.bus.activate_action(APP_ID, OBJECT_PATH, "add-item", "[<'Call the plumber'>]")
        self.assertEqual(result.returncode, 0, result.stderr)
        wait_for(lambda: self.titles()[0] == "Call the plumber", timeout=10, message="the item from app.add-item")

    def test_add_without_a_running_instance_stores_the_item_and_opens_no_window(self):
        """Issue 33: `flick --add` with no Flick running opened the whole window and stayed
        running, which a script does not expect. It stores the item (in a new data folder, with
        the welcome list below it), says so in one line and exits 0."""
        self.start_bus()
        added = self.flick("--add", "Water the plants")
        self.assertEqual(added.returncode, 0, added.stderr)
        self.assertEqual(added.stdout, "Added “Water the plants” to Welcome to Flick\n")
        self.assertEqual(processes_running(self.binary), [], "no Flick left running")
        titles = self.titles()
        self.assertEqual(titles[0], "Water the plants")
        self.assertGreater(len(titles), 1, "the welcome list below it")

    def test_list_prints_items_with_their_state(self):
        self.start_bus()
        # A data folder not made yet is made as the window makes it (issue 33: "Start Flick once").
        fresh = self.flick("--list")
        self.assertEqual(fresh.returncode, 0, fresh.stderr)
        self.assertTrue(fresh.stdout.startswith("[ ] Drag a row left"), fresh.stdout)
        self.gio_launch()
        self.wait_for_instance()
        self.flick("--add", "Done already")
        listed = self.flick("--list")
        self.assertEqual(listed.returncode, 0, listed.stderr)
        self.assertTrue(listed.stdout.startswith("[ ] Done already\n[ ] Drag a row left"), listed.stdout)
        # Complete it in the database; --list reads the file, with or without Flick running.
        self.bus.activate_action(APP_ID, OBJECT_PATH, "quit")
        wait_for(lambda: not processes_running(self.binary), timeout=10, message="Flick to quit")
        with sqlite3.connect(self.data_dir / "flick.sqlite") as connection:
            connection.execute("UPDATE item SET completed = 1 WHERE title = 'Done already'")
        connection.close()
        self.assertEqual(self.flick("--list").stdout.splitlines()[0], "[x] Done already")

    def test_version_help_and_bad_arguments(self):
        self.start_bus()
        self.assertEqual(self.flick("--version").stdout, "Flick 0.2.0\n")
        help_text = self.flick("--help").stdout
        for option in ("--version", "--data-dir=DIR", "--add=TEXT", "--list"):
            self.assertIn(option, help_text)
        for args, message in [(["--bogus"], "flick: Unknown option --bogus"), (["--add"], "flick: Missing argument for --add"),
                              (["--add", "  "], "--add"), (["stray"], "stray"), (["--list", "--add", "x"], "--list"),
                              ([b"--add", b"caf\xc3 \xff"], "flick: “caf\ufffd \ufffd” is not UTF-8 text")]:
            with self.subTest(args=args):
                result = self.flick(*args)
                self.assertNotEqual(result.returncode, 0)
                self.assertLess(result.returncode, 128, "an exit, not a crash")
                self.assertIn(message, result.stderr)
        self.assertEqual(processes_running(self.binary), [], "bad arguments never start Flick")

    def test_a_different_data_dir_is_refused_while_flick_runs(self):
        self.start_bus()
        self.gio_launch()
        self.wait_for_instance()
        other = self.home / "other"
        result = self.flick("--data-dir", str(other), "--add", "Lost item")
        self.assertEqual(result.returncode, 1)
        self.assertIn("already running", result.stderr)
        self.assertNotIn("Lost item", self.titles())

    # --- Language ---

    def test_german_window_through_atspi(self):
        self.start_bus(**language_environment("de"))
        self.gio_launch()
        pid = self.wait_for_instance()
        strings = wait_for(lambda: (lambda s: s if "Hauptmenü" in s else None)(accessible_strings(pid)),
                           timeout=15, message="the window on the accessibility bus")
        for german in ("Willkommen bei Flick", "Neuer Eintrag", "Hauptmenü", "Einträge"):
            self.assertIn(german, strings)
        first_item = "Ziehen Sie eine Zeile nach links, um ihr Menü zu öffnen (oder drücken Sie die Menütaste)"
        self.assertTrue(any(s.startswith(first_item) for s in strings), "the welcome list, in German")
        for english in ("New Item", "Main Menu", "Welcome to Flick", "Items"):
            self.assertNotIn(english, strings)

    def test_hebrew_mirrors_the_window(self):
        self.start_bus(**language_environment("he"))
        self.gio_launch()
        pid = self.wait_for_instance()

        def header_buttons():
            nodes = {node["name"]: node for node in accessible_nodes(pid) if node["extents"]}
            if "פריט חדש" in nodes and "התפריט הראשי" in nodes:
                return nodes["פריט חדש"]["extents"], nodes["התפריט הראשי"]["extents"]
            return None

        new_item, main_menu = wait_for(header_buttons, timeout=15, message="the Hebrew header bar buttons")
        # New Item is packed at the start of the header bar: on the right in a right-to-left window.
        self.assertGreater(new_item[0], main_menu[0])

    def test_installed_binary_finds_schema_and_translations_under_its_prefix(self):
        # Not even $XDG_DATA_DIRS points at the prefix: <bindir>/../share is found from the binary.
        self.start_bus(XDG_DATA_DIRS="/usr/share", GSETTINGS_BACKEND="keyfile", **language_environment("fr"))
        process = self.start_flick()
        pid = self.wait_for_instance()
        name = subprocess.run(["xdotool", "getwindowname", visible_windows(pid)[0]], capture_output=True,
                              text=True).stdout
        self.assertEqual(name.strip(), "Bienvenue dans Flick")
        self.bus.activate_action(APP_ID, OBJECT_PATH, "quit")
        process.wait(timeout=10)
        keyfile = self.home / "config" / "glib-2.0" / "settings" / "keyfile"
        self.assertTrue(keyfile.exists(), "settings written through the installed schema")
        self.assertIn("[io/github/flicktodo/Flick]", keyfile.read_text())


if __name__ == "__main__":
    unittest.main()
