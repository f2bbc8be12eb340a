"""Issue 74 point 4, end to end: a data folder whose database a newer Flick wrote (its
`user_version` 15, one above this Flick's schema) holding real lists. Every way into Flick
refuses it in words: each command exits non-zero and prints why, the window shows why with a
Quit button (and Orca says it), a second `flick` is told by the first, and D-Bus activation and
the Shell's search provider open nothing. Each time the folder is compared, every file's bytes
and mode, with what it was before: nothing renamed, changed or added, no -wal or -shm left
behind, no backup made, nothing set aside."""

import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
import unittest
from pathlib import Path

import gi

sys.path.insert(0, str(Path(__file__).resolve().parent))  # Also when run by file name.

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

from accessible import BUTTON_ROLES, press_button  # noqa: E402
from flickapp import (FlickApp, SessionBus, accessibility_bus_address, accessible_nodes, built_binary,  # noqa: E402
                      flick_environment, language_environment, visible_windows, wait_for)
from orca_session import OrcaSession  # noqa: E402

APP_ID = "io.github.flicktodo.Flick"
OBJECT_PATH = "/io/github/flicktodo/Flick"
NEWER = 15
HEADING = "Your Lists Need a Newer Flick"
SCREENSHOT = Path(tempfile.gettempdir()) / "flick-newer-file.png"


def folder_contents(folder):
    """Every file and folder under `folder` (itself included) by its path: its mode and, for a
    file, its bytes."""
    contents = {".": (os.stat(folder).st_mode, None)}
    for root, folders, files in os.walk(folder):
        for name in folders + files:
            path = Path(root) / name
            contents[str(path.relative_to(folder))] = (os.lstat(path).st_mode,
                                                        None if path.is_dir() else path.read_bytes())
    return contents


def make_newer_folder(folder, env):
    """A data folder as a newer Flick leaves it: the welcome list with "Pay rent" added by
    `flick --add`, a list "Home" with two items, the schema version 15, closed cleanly (no -wal
    or -shm, as after every clean end)."""
    added = subprocess.run([str(built_binary()), "--add", "Pay rent"], env=env, capture_output=True, text=True,
                           timeout=60)
    assert added.returncode == 0, added.stderr
    connection = sqlite3.connect(folder / "flick.sqlite")
    home = connection.execute("INSERT INTO list (name, rank) VALUES ('Home', 1 << 40)").lastrowid
    connection.executemany("INSERT INTO item (list_id, title, rank) VALUES (?, ?, ?)",
                           [(home, "Fix the bike", 0), (home, "Water the plants", 1024)])
    connection.execute(f"PRAGMA user_version = {NEWER}")
    connection.commit()
    connection.close()
    assert (folder / "flick.sqlite").read_bytes()[18:20] == b"\x02\x02", "in WAL mode, as Flick writes it"
    assert not {"flick.sqlite-wal", "flick.sqlite-shm"} & set(os.listdir(folder))


class NewerFileFolder:
    """What every test here starts from: a data folder holding a newer Flick's database, the
    environment to run `flick` in, and the folder's contents to compare with."""

    def make_folder(self, display):
        self.folder = Path(tempfile.mkdtemp(prefix="flick-newer-"))
        self.addCleanup(shutil.rmtree, self.folder, True)
        self.env = flick_environment(dict(os.environ, LANGUAGE="en", LANG="C.UTF-8", GSETTINGS_BACKEND="memory",
                                          FLICK_DATA_DIR=str(self.folder)))
        if not display:
            self.env.pop("DISPLAY", None)
        make_newer_folder(self.folder, self.env)
        self.before = folder_contents(self.folder)
        self.version = subprocess.run([str(built_binary()), "--version"], env=self.env, capture_output=True,
                                      text=True, timeout=60).stdout.split()[-1]

    def message(self):
        return (f"Your lists in {self.folder} were saved by a newer version of Flick (database schema {NEWER}). "
                f"This Flick, {self.version}, reads schemas up to {NEWER - 1}: update Flick to use them. "
                "Nothing in that folder was changed.")

    def assert_folder_unchanged(self):
        after = folder_contents(self.folder)
        self.assertEqual(sorted(after), sorted(self.before), "the same files and folders, nothing added or renamed")
        for path, (mode, data) in self.before.items():
            self.assertEqual(after[path][0], mode, f"{path}'s mode")
            self.assertEqual(after[path][1], data, f"{path}'s bytes")


class NewerFileCommandLineTests(NewerFileFolder, unittest.TestCase):
    """Each command, run without a display (as a script, cron or ssh runs it)."""

    def setUp(self):
        self.make_folder(display=False)
        self.outside = Path(tempfile.mkdtemp(prefix="flick-newer-import-"))
        self.addCleanup(shutil.rmtree, self.outside, True)
        self.ics = self.outside / "Garden.ics"
        self.ics.write_text("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//Test//EN\r\nBEGIN:VTODO\r\n"
                            "UID:newer-file-1\r\nSUMMARY:Plant the tulips\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")

    def flick(self, *args):
        return subprocess.run([str(built_binary()), *args], env=self.env, stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=60)

    def test_each_command_says_so_exits_non_zero_and_changes_nothing(self):
        commands = [("--add", "Buy milk"), ("--list",), ("--list", "Home"), ("--list", "today"), ("--export",),
                    ("--export", "Home"), ("--import", str(self.ics)), ("--import", str(self.ics), "--into", "Garden"),
                    ("--sync",), ("--accounts",), ("--deleted",), ("--delete", "Pay rent"), ("--restore", "Pay rent")]
        for command in commands:
            with self.subTest(command=command):
                done = self.flick(*command)
                self.assertNotEqual(done.returncode, 0, done.stdout)
                self.assertEqual(done.stderr, f"flick: {self.message()}\n")
                self.assertEqual(done.stdout, "", "nothing said done")
                self.assert_folder_unchanged()

    def test_another_language_says_it_in_its_words(self):
        done = subprocess.run([str(built_binary()), "--add", "Milch kaufen"], env=dict(self.env, **language_environment("de")),
                              stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
        self.assertEqual(done.returncode, 1)
        self.assertIn(f"Ihre Listen in {self.folder} wurden von einer neueren Version von Flick gespeichert "
                      f"(Datenbankschema {NEWER})", done.stderr)
        self.assert_folder_unchanged()


class NewerFileWindowTests(NewerFileFolder, unittest.TestCase):
    """The window, `--background` and a second `flick` while the first shows why."""

    def setUp(self):
        self.make_folder(display=True)

    def start(self, *args):
        app = FlickApp(data_dir=self.folder, env={"LANGUAGE": "en", "LANG": "C.UTF-8"})
        self.addCleanup(app.cleanup)
        app.start(*args)
        wait_for(lambda: HEADING in app.window_names(), message="the window that says why")
        return app

    def quit_button(self, app):
        """The Quit button's node, named with the message for Orca (which reads a new window's
        focused widget, not its text), or None."""
        for node in accessible_nodes(app.process.pid):
            if node["role"] in BUTTON_ROLES and node["name"].endswith(" Quit"):
                return node
        return None

    def press_quit(self, app):
        button = wait_for(lambda: self.quit_button(app), message="the Quit button")
        self.assertTrue(press_button(app.process.pid, button["name"]))
        return app.process.wait(timeout=20)

    def test_the_window_says_why_with_a_quit_button_and_changes_nothing(self):
        app = self.start()
        self.assertEqual(app.window_names(), [HEADING], "the message alone, no list behind it")
        labels = wait_for(lambda: [node["text"] for node in accessible_nodes(app.process.pid)
                                   if node["role"] == "label" and "newer version" in node["text"]],
                          message="the message read over AT-SPI")
        self.assertEqual(labels, [self.message()])
        self.assertEqual(self.quit_button(app)["name"], f"{self.message()} Quit")
        subprocess.run(["import", "-window", app.window, str(SCREENSHOT)], check=True)
        self.assert_folder_unchanged()
        self.assertEqual(self.press_quit(app), 1, "exits non-zero")
        self.assert_folder_unchanged()

    def test_background_says_why_in_the_window_and_exits_non_zero(self):
        app = self.start("--background")
        self.assertEqual(self.press_quit(app), 1)
        self.assert_folder_unchanged()

    def test_a_second_flick_is_told_why_by_the_first_and_no_second_window_opens(self):
        app = self.start()
        done = subprocess.run([str(built_binary()), "--add", "Buy milk"], env=self.env, capture_output=True, text=True,
                              timeout=60)
        self.assertEqual(done.returncode, 1)
        self.assertIn(self.message(), done.stderr)
        time.sleep(0.5)
        self.assertEqual(app.window_names(), [HEADING], "one window saying it")
        self.assertEqual(self.press_quit(app), 1)
        self.assert_folder_unchanged()


class NewerFileBusTests(NewerFileFolder, unittest.TestCase):
    """Flick started by D-Bus, as the installed .service file starts it (`flick
    --gapplication-service`): by the Shell's search, and activated to show its window."""

    def setUp(self):
        self.make_folder(display=True)
        home = Path(tempfile.mkdtemp(prefix="flick-newer-bus-"))
        self.addCleanup(shutil.rmtree, home, True)
        services = home / "share" / "dbus-1" / "services"
        services.mkdir(parents=True)
        (services / f"{APP_ID}.service").write_text(
            f"[D-BUS Service]\nName={APP_ID}\nExec={built_binary()} --gapplication-service\n")
        self.bus = SessionBus(dict(self.env, AT_SPI_BUS_ADDRESS=accessibility_bus_address(),
                                   XDG_DATA_DIRS=f"{home / 'share'}:/usr/local/share:/usr/share",
                                   XDG_CONFIG_HOME=str(home / "config")))
        self.addCleanup(self.bus.close)
        self.connection = Gio.DBusConnection.new_for_address_sync(
            self.bus.address,
            Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
        self.addCleanup(self.connection.close_sync, None)

    def call(self, path, interface, method, arguments):
        return self.connection.call_sync(APP_ID, path, interface, method, arguments, None, Gio.DBusCallFlags.NONE,
                                         60_000, None)

    def test_the_search_provider_finds_nothing_and_changes_nothing(self):
        with self.assertRaises(GLib.Error) as refused:
            self.call(f"{OBJECT_PATH}/SearchProvider", "org.gnome.Shell.SearchProvider2", "GetInitialResultSet",
                      GLib.Variant("(as)", (["bike"],)))
        self.assertIn(self.message(), refused.exception.message)
        pid = self.bus.name_owner_pid(APP_ID)
        self.assertEqual(visible_windows(pid), [], "no window while the user types in the Shell")
        self.assert_folder_unchanged()

    def test_activated_it_shows_why_and_adds_nothing(self):
        self.call(OBJECT_PATH, "org.freedesktop.Application", "Activate", GLib.Variant("(a{sv})", ({},)))
        pid = wait_for(lambda: self.bus.name_owner_pid(APP_ID), message="Flick on the bus")
        wait_for(lambda: visible_windows(pid), message="its window")
        wait_for(lambda: any(node["text"] == self.message() for node in accessible_nodes(pid)),
                 message="the message in it")
        self.bus.activate_action(APP_ID, OBJECT_PATH, "add-item", "[<'Buy milk'>]")
        time.sleep(0.5)
        self.assertEqual(len(visible_windows(pid)), 1, "still the one message")
        button = next(node["name"] for node in accessible_nodes(pid)
                      if node["role"] in BUTTON_ROLES and node["name"].endswith(" Quit"))
        self.assertTrue(press_button(pid, button))
        wait_for(lambda: not visible_windows(pid), message="the message closed")
        self.assert_folder_unchanged()


class NewerFileSpokenTests(NewerFileFolder, unittest.TestCase):
    """Orca says the message when the window opens."""

    @classmethod
    def setUpClass(cls):
        cls.orca = OrcaSession()

    @classmethod
    def tearDownClass(cls):
        cls.orca.close()

    def test_orca_says_why_flick_cannot_open_the_file(self):
        self.make_folder(display=True)
        app = FlickApp(data_dir=self.folder, env={"LANGUAGE": "en", "LANG": "C.UTF-8"})
        self.addCleanup(app.cleanup)
        mark = self.orca.mark()
        app.start()
        self.orca.wait_for_speech("were saved by a newer version of Flick (database schema 15)", since=mark, timeout=20)
        self.orca.wait_for_speech("update Flick to use them", since=mark)


if __name__ == "__main__":
    unittest.main()
