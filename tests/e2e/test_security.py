"""End to end: security basics (issue 11, part 6).

- Flick's files are private whatever the umask: the data folder (and the parents Flick makes
  for it) 0700, every file in it 0600 (the database, its -wal and -shm, a broken database kept
  aside), the autostart entry and an exported list 0600, under umask 000, for a new data folder
  and for an existing one left open by hand.
- Nothing in the database is interpreted: titles, notes, list names and the data folder's path
  holding markup, printf formats, entities and Flick's own {placeholders} show as they are in
  the rows, the details, search, the lists, the notices, the window title and the reminders
  (whose body is markup only for a notification server that says it reads markup).
- The launchers run Flick without a shell.
- The D-Bus actions (org.gtk.Actions) refuse arguments of the wrong type, and ids and strings
  that name nothing, without crashing or changing the database, and Flick keeps working."""

import os
import shlex
import sqlite3
import subprocess
import sys
import tempfile
import time
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # Also when run by file name.

import test_reminders  # noqa: E402
from accessible import application, find, walk  # noqa: E402
from flickapp import ROOT, FlickApp, accessible_strings, wait_for  # noqa: E402
from test_fault_shim import build_shim  # noqa: E402
from test_ics import enter_in_chooser  # noqa: E402

APP_ID = "io.github.flicktodo.Flick"
APP_PATH = "/io/github/flicktodo/Flick"
WINDOW_PATH = APP_PATH + "/window/1"
ENGLISH = {"LANGUAGE": "en", "LANG": "C.UTF-8"}

# Text that means something to Pango markup, to printf, to XML and to Flick's own message
# templates (tr's {placeholders}); each must show exactly as written.
HOSTILE = ['<b>x</b>', '%s%n', '&amp;', '<span foreground="red">z</span>', '{count}{list}{title}{name}{state}']
LIST_NAME = 'Plans <i>now</i> %d &lt; {count}{list}{title}{name}{state}'


def mode(path):
    return os.stat(path).st_mode & 0o777


def tree_modes(top):
    """{path: mode} of `top` and everything under it."""
    found = {str(top): mode(top)}
    for folder, folders, files in os.walk(top):
        for name in folders + files:
            found[os.path.join(folder, name)] = mode(os.path.join(folder, name))
    return found


def toggle_switch(pid, name):
    """Flips the switch named `name` of the application `pid` as a screen reader would; False
    while there is no such switch."""
    roles = ("check box", "toggle button", "switch")
    switch = find(application(pid), lambda node: node.getRoleName() in roles and node.name == name)
    if switch is None:
        return False
    switch.queryAction().doAction(0)
    return True


def text_of(node):
    """The text of an accessible with a text interface, else ""."""
    try:
        text = node.queryText()
        return text.getText(0, text.characterCount)
    except NotImplementedError:
        return ""


class OpenUmask:
    """Runs its block (and the processes started in it) with umask 000, the loosest there is."""

    def __enter__(self):
        self.saved = os.umask(0)

    def __exit__(self, *exc):
        os.umask(self.saved)


def focus_window_named(name):
    """Xvfb has no window manager: a new window gets the keyboard only when given it."""
    found = wait_for(lambda: subprocess.run(["xdotool", "search", "--onlyvisible", "--name", f"^{name}$"],
                                            capture_output=True, text=True).stdout.split(),
                     message=f"the window {name}")
    subprocess.run(["xdotool", "windowfocus", found[0]], capture_output=True)
    time.sleep(0.3)


class PrivateFilesTests(unittest.TestCase):
    def setUp(self):
        self.base = Path(tempfile.mkdtemp(prefix="flick-private-"))
        self.addCleanup(subprocess.run, ["rm", "-rf", str(self.base)])

    def app(self, data_dir):
        app = FlickApp(data_dir=data_dir, env=ENGLISH)
        # Flick's output goes beside the test's folder: the data folder's parents may not exist yet.
        app.log = open(self.base / "flick.log", "a")
        self.addCleanup(app.cleanup)
        return app

    def assert_private(self, top, folders=()):
        """`top` and `folders` 0700, every file under `top` 0600."""
        modes = tree_modes(top)
        for path in [str(top), *map(str, folders)]:
            self.assertEqual(oct(modes.pop(path, None) or mode(path)), oct(0o700), path)
        for path, found in modes.items():
            expected = 0o700 if os.path.isdir(path) else 0o600
            self.assertEqual(oct(found), oct(expected), path)

    def test_a_new_data_folder_its_parents_and_its_files_are_private_under_umask_000(self):
        data_dir = self.base / "made" / "by" / "flick"
        with OpenUmask():
            app = self.app(data_dir).start()
            wait_for(app.titles, message="the welcome list")
            app.keys("ctrl+n")
            app.type("Written under umask 000")
            app.keys("Return")
            wait_for(lambda: "Written under umask 000" in app.titles(), message="the item saved")
        self.assertTrue((data_dir / "flick.sqlite-wal").exists(), "WAL mode: the -wal file is there to check")
        self.assertTrue((data_dir / "flick.sqlite-shm").exists())
        self.assert_private(data_dir, folders=[self.base / "made", self.base / "made" / "by"])
        app.quit()
        self.assert_private(data_dir)

    def test_an_existing_open_folder_is_made_private_and_a_broken_database_kept_aside_too(self):
        data_dir = self.base / "data"
        data_dir.mkdir()
        os.chmod(data_dir, 0o777)
        for name, content in [("flick.sqlite", b"not a database " * 300), ("flick.sqlite-wal", b""),
                              ("flick.sqlite-shm", b"")]:
            (data_dir / name).write_bytes(content)
            os.chmod(data_dir / name, 0o666)
        with OpenUmask():
            app = self.app(data_dir).start()
            wait_for(app.titles, message="a fresh welcome list")
        kept = [name for name in os.listdir(data_dir) if ".unreadable-" in name]
        self.assertEqual(len(kept), 3, f"the broken file and its journals kept aside: {sorted(os.listdir(data_dir))}")
        self.assert_private(data_dir)
        # Killed, so that the write-ahead log and its index stay (a quit folds them into the file).
        app.kill()

        # A working database whose files were opened up by hand is closed again at the next start.
        os.chmod(data_dir, 0o777)
        for name in ["flick.sqlite", "flick.sqlite-wal", "flick.sqlite-shm"]:
            os.chmod(data_dir / name, 0o666)
        with OpenUmask():
            app.start()
            wait_for(app.titles, message="Flick again")
        self.assert_private(data_dir)

    def test_the_autostart_entry_is_private_and_runs_flick_without_a_shell(self):
        with OpenUmask():
            app = self.app(self.base / "data").start()
            wait_for(app.titles, message="the welcome list")
            app.keys("ctrl+comma")
            wait_for(lambda: "Preferences" in app.window_names(), message="the preferences")
            wait_for(lambda: toggle_switch(app.process.pid, "Run in the background and start at login"),
                     message="the background switch")
            entry = app.config_dir / "autostart" / f"{APP_ID}.desktop"
            wait_for(entry.exists, message="the autostart entry")
        self.assertEqual(oct(mode(entry)), oct(0o600))
        self.assertEqual(oct(mode(entry.parent)), oct(0o700), "the autostart folder Flick made")
        self.assert_launches_without_shell(entry.read_text(), expected_arguments=["--background"])

    def test_an_exported_list_is_private(self):
        target = self.base / "exported" / "tasks.ics"
        target.parent.mkdir()
        with OpenUmask():
            app = self.app(self.base / "data").start()
            wait_for(app.titles, message="the welcome list")
            app.keys("ctrl+e")
            # The file chooser's name field takes a whole path. Typed and entered only once the
            # field shows it: a run with two modules and a busy loop beside timed out here.
            enter_in_chooser(app, "Export List", str(target))
            wait_for(target.exists, message="the exported file")
        self.assertIn("BEGIN:VTODO", target.read_text())
        self.assertEqual(oct(mode(target)), oct(0o600))
        self.assertEqual([name for name in os.listdir(target.parent)], ["tasks.ics"], "no temporary file left")

    def test_the_desktop_files_run_flick_without_a_shell(self):
        """data/*.desktop.in, and the launcher and D-Bus service file `make install` installs
        (`make stage-data` writes them; `install` copies them as they are)."""
        template = (ROOT / "data" / f"{APP_ID}.desktop.in").read_text()
        self.assert_launches_without_shell(template.replace("@bindir@", "/usr/bin"), expected_arguments=[])
        stage = self.base / "stage"
        subprocess.run(["make", "--no-print-directory", "-C", str(ROOT), "stage-data", f"RELEASE_SCRATCH={stage}",
                        "PREFIX=/opt/flick"], check=True, capture_output=True)
        installed = (stage / "install-data" / f"{APP_ID}.desktop").read_text()
        self.assertEqual(self.assert_launches_without_shell(installed, expected_arguments=[]), "/opt/flick/bin/flick")
        # The D-Bus service file that activates it (DBusActivatable=true) is read the same way.
        service = (stage / "install-data" / f"{APP_ID}.service").read_text()
        self.assertEqual(self.assert_launches_without_shell(service, expected_arguments=["--gapplication-service"]),
                         "/opt/flick/bin/flick")

    def assert_launches_without_shell(self, desktop_entry, expected_arguments):
        """The Exec line of `desktop_entry` names the flick program itself, by its full path,
        with `expected_arguments`: no shell, no `env`, nothing chained. Returns the program."""
        exec_lines = [line[len("Exec="):] for line in desktop_entry.splitlines() if line.startswith("Exec=")]
        self.assertEqual(len(exec_lines), 1, desktop_entry)
        # The Desktop Entry specification's quoting is a subset of the shell's words.
        argv = shlex.split(exec_lines[0])
        program = argv[0]
        self.assertTrue(program.startswith("/") and os.path.basename(program) == "flick", exec_lines[0])
        self.assertEqual(argv[1:], expected_arguments, exec_lines[0])
        for character in ";|&`$<>(){}":
            self.assertNotIn(character, exec_lines[0].replace(program, ""), "nothing for a shell to read")
        return program


class LiteralTextTests(unittest.TestCase):
    """Text from the database shown as it is, wherever Flick shows it."""

    def setUp(self):
        self.app = FlickApp(env=dict(ENGLISH, G_DEBUG="fatal-criticals"))
        self.addCleanup(self.app.cleanup)
        self.app.start()
        wait_for(self.app.titles, message="the welcome list")
        self.app.quit()
        list_id = self.app.query("SELECT id FROM list ORDER BY rank LIMIT 1")[0][0]
        ids = [row[0] for row in self.app.query("SELECT id FROM item WHERE list_id = ? ORDER BY rank", list_id)]
        with sqlite3.connect(self.app.database) as db:
            db.execute("UPDATE list SET name = ? WHERE id = ?", (LIST_NAME, list_id))
            for item_id, title in zip(ids, HOSTILE):
                db.execute("UPDATE item SET title = ?, notes = ? WHERE id = ?", (title, "Note: " + title, item_id))
        self.list_id = list_id
        self.ids = dict(zip(HOSTILE, ids))
        self.app.start()
        wait_for(lambda: self.app.titles()[0] == HOSTILE[0], message="the edited list")

    def strings(self):
        return accessible_strings(self.app.process.pid)

    def shown(self, text, exact=False):
        """`text` is an accessible name or label (or, unless `exact`, begins one: a row's name
        goes on with its state)."""
        return any(found == text or (not exact and found.startswith(text + ",")) for found in self.strings())

    def activate(self, action, parameter="[]", path=WINDOW_PATH):
        return subprocess.run(["gdbus", "call", "--session", "--dest", APP_ID, "--object-path", path, "--method",
                               "org.gtk.Actions.Activate", action, parameter, "{}"], capture_output=True, text=True)

    def test_titles_notes_and_list_names_show_as_written_everywhere(self):
        app = self.app
        self.assertEqual(app.title(), LIST_NAME, "the window title")
        for title in HOSTILE:
            wait_for(lambda: self.shown(title), message=f"the row {title!r}")

        # The details of an item: its title and its notes.
        self.activate("show-item-details", f"[<int64 {self.ids[HOSTILE[3]]}>]")
        focus_window_named("Details")
        wait_for(lambda: self.shown(HOSTILE[3], exact=True), message="the title in the details")
        wait_for(lambda: self.shown("Note: " + HOSTILE[3], exact=True), message="the notes in the details")
        app.keys("Escape")
        wait_for(lambda: "Details" not in app.window_names(), message="the details closed")

        # Search finds it by its markup-looking words and shows it as written.
        subprocess.run(["xdotool", "windowfocus", app.window], capture_output=True)
        app.keys("ctrl+f")
        app.type("foreground")
        wait_for(lambda: app.window_names() == ["Search"], message="the search page")
        wait_for(lambda: any(found.startswith(HOSTILE[3] + ", not completed, in " + LIST_NAME) for found in self.strings()),
                 message="the result with its list's name")
        app.keys("Escape")
        wait_for(lambda: app.title() == LIST_NAME, message="back in the list")

        # The undo notice names the deleted item.
        self.activate("delete-item", f"[<int64 {self.ids[HOSTILE[0]]}>]")
        wait_for(lambda: self.shown(f"Deleted “{HOSTILE[0]}”", exact=True), message="the undo notice")

        # The lists overview, and the notice after completing the list from its menu.
        app.keys("alt+Left")
        wait_for(lambda: app.title() == "Lists", message="the lists")
        unfinished = len(app.query("SELECT id FROM item WHERE list_id = ? AND completed = 0", self.list_id))
        wait_for(lambda: self.shown(f"{LIST_NAME}, {unfinished} unfinished items", exact=True), message="the list's row")
        self.activate("complete-list", f"[<int64 {self.list_id}>]")
        wait_for(lambda: self.shown(f"Completed {unfinished} items in “{LIST_NAME}”", exact=True),
                 message="the completion notice")
        self.assertIsNone(app.process.poll(), "no GTK critical (they are fatal here)")

    def test_an_item_moved_between_lists_whose_names_look_like_placeholders(self):
        """"Moved “{title}” to {list}" with a title holding {list} and a list name holding
        {title}: filled in one after the other, one of them would be filled into the other."""
        self.app.keys("ctrl+shift+n")
        focus_window_named("New List")
        self.app.type(HOSTILE[4])
        self.app.keys("Return")
        wait_for(lambda: HOSTILE[4] in self.app.list_names(), message="the second list")
        self.activate("open-item", f"[<int64 {self.ids[HOSTILE[4]]}>]", path=APP_PATH)
        wait_for(lambda: self.app.title() == LIST_NAME, message="back in the first list")
        self.activate("move-item-to-list", f"[<int64 {self.ids[HOSTILE[4]]}>]")
        wait_for(lambda: self.shown("Move to list", exact=True), message="the list chooser")
        self.app.type("{title}")  # Only the second list's name has it; Enter takes the one match.
        self.app.keys("Return")
        notices = wait_for(lambda: [found for found in self.strings() if found.startswith("Moved")], message="the move notice")
        self.assertEqual(notices[0], f"Moved “{HOSTILE[4]}” to {HOSTILE[4]}")

    def test_the_shortcuts_and_about_windows_show_their_text_as_written(self):
        """They hold no user text: their own (translated) text shows with no markup debris."""
        self.activate("shortcuts")
        expected = "Show the item’s details: notes, due date, reminder, repeat, priority, tags"
        shortcuts = wait_for(lambda: [texts for texts in self.window_strings() if expected in texts], message="the shortcuts")
        self.activate("about", path=APP_PATH)
        expected = "A to-do list whose rows move under your hands"
        about = wait_for(lambda: [texts for texts in self.window_strings() if expected in texts], message="the about window")
        for found in shortcuts[0] + about[0]:
            for debris in ("&amp;", "&lt;", "&gt;", "&quot;", "<b>", "</", "%s", "%d", "{"):
                self.assertNotIn(debris, found, "markup or a placeholder shown instead of its meaning")

    def window_strings(self):
        """The accessible names and texts of each of Flick's windows, one list per window."""
        top = application(self.app.process.pid)
        windows = []
        for window in [top.getChildAtIndex(i) for i in range(top.childCount)] if top else []:
            texts = []
            walk(window, lambda node, _depth: texts.extend([node.name or "", text_of(node)]))
            windows.append([text for text in texts if text])
        return windows


class ProblemNoticeTests(unittest.TestCase):
    def test_the_problem_notice_names_a_folder_with_markup_in_its_name_as_it_is(self):
        shim_dir = Path(tempfile.mkdtemp(prefix="flick-shim-"))
        self.addCleanup(subprocess.run, ["rm", "-rf", str(shim_dir)])
        folder = shim_dir / "<b>x</b> &amp; %s%n {folder}" / "data"
        folder.parent.mkdir(parents=True)
        control = shim_dir / "fault"
        app = FlickApp(data_dir=folder, env=dict(ENGLISH, LD_PRELOAD=str(build_shim(str(shim_dir))),
                                                 FLICK_FAULT_DIR=str(folder), FLICK_FAULT_CONTROL=str(control)))
        self.addCleanup(app.cleanup)
        app.start()
        wait_for(app.titles, message="the welcome list")
        control.write_text("EIO")
        app.keys("ctrl+n")
        app.type("Not saved")
        app.keys("Return")
        expected = f"The disk reported an error while saving to {folder}."
        wait_for(lambda: any(found.startswith(expected) for found in accessible_strings(app.process.pid)),
                 message="the problem notice naming the folder as it is")


class ReminderTextTests(unittest.TestCase):
    """The reminder's summary (the title) is plain text for every server; the body (the list's
    name) is markup for a server with the body-markup capability, plain text otherwise."""

    def reminder(self, server_arguments):
        self.server = test_reminders.NotificationServer(arguments=server_arguments)
        self.addCleanup(self.server.close)
        app, item_id, _ = test_reminders.ReminderTests.app_with_reminder(self, fire_in_s=-10)
        app.quit()
        with sqlite3.connect(app.database) as db:
            db.execute("UPDATE item SET title = ? WHERE id = ?", (HOSTILE[3], item_id))
            db.execute("UPDATE list SET name = ? WHERE id = (SELECT list_id FROM item WHERE id = ?)", (LIST_NAME, item_id))
        app.start()
        return self.server.next(timeout=15)

    def test_a_server_that_reads_markup_gets_the_list_name_escaped(self):
        shown = self.reminder(["--body-markup"])
        self.assertEqual(shown["summary"], HOSTILE[3])
        self.assertEqual(shown["body"], LIST_NAME.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"))

    def test_a_server_without_markup_gets_the_list_name_as_it_is(self):
        shown = self.reminder([])
        self.assertEqual(shown["summary"], HOSTILE[3])
        self.assertEqual(shown["body"], LIST_NAME)


class ActionArgumentTests(unittest.TestCase):
    """org.gtk.Actions.Activate with arguments no menu or notification sends."""

    def setUp(self):
        self.app = FlickApp(env=dict(ENGLISH, G_DEBUG="fatal-criticals"))
        self.addCleanup(self.app.cleanup)
        self.app.start()
        wait_for(self.app.titles, message="the welcome list")

    def activate(self, path, action, parameter):
        return subprocess.run(["gdbus", "call", "--session", "--dest", APP_ID, "--object-path", path, "--method",
                               "org.gtk.Actions.Activate", action, parameter, "{}"], capture_output=True, text=True,
                              timeout=30)

    def described(self, path):
        """{action name: its parameter type ("" for none)} from org.gtk.Actions.DescribeAll."""
        from gi.repository import Gio, GLib
        bus = Gio.bus_get_sync(Gio.BusType.SESSION)
        reply = bus.call_sync(APP_ID, path, "org.gtk.Actions", "DescribeAll", None, GLib.VariantType("(a{s(bgav)})"),
                              Gio.DBusCallFlags.NONE, 10000, None)
        return {name: signature for name, (_, signature, _) in reply.unpack()[0].items()}

    def snapshot(self):
        return (self.app.query("SELECT * FROM item ORDER BY id"), self.app.query("SELECT * FROM list ORDER BY id"))

    def assert_still_working(self):
        self.assertIsNone(self.app.process.poll(), "Flick is still running")
        reply = self.activate(APP_PATH, "add-item", "[<'Still working'>]")
        self.assertEqual(reply.returncode, 0, reply.stderr)
        wait_for(lambda: "Still working" in self.app.titles(), message="an item added afterwards")

    def test_every_action_refuses_a_parameter_of_another_type(self):
        before = self.snapshot()
        actions = {APP_PATH: self.described(APP_PATH), WINDOW_PATH: self.described(WINDOW_PATH)}
        for name in ["add-item", "open-item", "complete-reminder", "snooze-reminder", "sync"]:
            self.assertIn(name, actions[APP_PATH])
        wrong = {"": ["[<int64 1>]", "[<'x'>]"], "s": ["[]", "[<int64 1>]", "[<['x']>]"],
                 "x": ["[]", "[<'1'>]", "[<'c4a8e0f2-0000-4000-8000-000000000000'>]", "[<int32 1>]", "[<uint64 1>]",
                       "[<(int64 1,)>]"]}
        tried = 0
        for path, described in actions.items():
            for name, signature in sorted(described.items()):
                if name in ("quit", "close"):
                    continue
                self.assertIn(signature, wrong, f"{name} takes {signature!r}: add wrong arguments for it here")
                for parameter in wrong[signature]:
                    reply = self.activate(path, name, parameter)
                    self.assertNotEqual(reply.returncode, 0, f"{name}{parameter} was taken")
                    self.assertIn("InvalidArgs", reply.stderr, f"{name}{parameter}")
                    tried += 1
        self.assertGreater(tried, 60)
        self.assertEqual(self.snapshot(), before, "nothing changed")
        self.assert_still_working()

    def test_ids_that_name_nothing_change_nothing(self):
        before = self.snapshot()
        item_actions = {APP_PATH: ["open-item", "complete-reminder", "snooze-reminder"],
                        WINDOW_PATH: ["toggle-complete-item", "edit-item", "show-item-details", "delete-item",
                                      "move-item-to-list", "select-item", "open-item-menu", "complete-list", "rename-list-id",
                                      "delete-list-id"]}
        for path, names in item_actions.items():
            for name in names:
                for value in [0, -1, 999999, 2**63 - 1, -2**63]:
                    reply = self.activate(path, name, f"[<int64 {value}>]")
                    self.assertEqual(reply.returncode, 0, reply.stderr)
        time.sleep(1)
        self.assertEqual(self.snapshot(), before, "nothing changed")
        self.assertEqual(self.app.window_names(), [self.app.title()], "no window opened for nothing")
        self.assert_still_working()

    def test_strings_that_name_nothing_change_nothing(self):
        before = self.snapshot()
        for text in ["", "   ", "\\t\\n\\r", "\\u0001\\u0007\\u001b"]:
            reply = self.activate(APP_PATH, "add-item", f"[<'{text}'>]")
            self.assertEqual(reply.returncode, 0, reply.stderr)
        pipe = Path(tempfile.mkdtemp(prefix="flick-pipe-")) / "tasks.ics"
        self.addCleanup(subprocess.run, ["rm", "-rf", str(pipe.parent)])
        os.mkfifo(pipe)
        # A pipe nobody writes to would block a reader for ever; a folder, a device, nothing at
        # all and a path too long for the system are no calendar either.
        for path in [str(pipe), str(pipe.parent), "/dev/null", "", "/nonexistent/tasks.ics", "/" + "x" * 5000]:
            reply = self.activate(WINDOW_PATH, "import-file", f"[<'{path}'>]")
            self.assertEqual(reply.returncode, 0, reply.stderr)
            wait_for(lambda: "Nothing Was Imported" in self.app.window_names(), message=f"the refusal of {path!r}")
            focus_window_named("Nothing Was Imported")
            self.app.keys("Return")  # OK
            wait_for(lambda: "Nothing Was Imported" not in self.app.window_names(), message=f"the message about {path!r} closed")
        self.assertEqual(self.snapshot(), before, "nothing changed")
        subprocess.run(["xdotool", "windowfocus", self.app.window], capture_output=True)
        self.assert_still_working()

    def test_a_huge_title_is_cut_as_a_typed_one_is(self):
        """`app.add-item` is `flick --add` for D-Bus callers: a title longer than a row can show
        is cut to 1,000 characters, as one typed or pasted is, and nothing else changes."""
        before_lists = self.snapshot()[1]
        huge = "H" * 1_000_000
        # Through Gio: a megabyte is too long for a command line.
        from gi.repository import Gio, GLib
        bus = Gio.bus_get_sync(Gio.BusType.SESSION)
        bus.call_sync(APP_ID, APP_PATH, "org.gtk.Actions", "Activate",
                      GLib.Variant("(sava{sv})", ("add-item", [GLib.Variant("s", huge)], {})), None,
                      Gio.DBusCallFlags.NONE, 30000, None)
        wait_for(lambda: self.app.titles()[0].startswith("HHH"), message="the cut title")
        self.assertEqual(len(self.app.titles()[0]), 1000)
        self.assertEqual(self.snapshot()[1], before_lists)
        self.assert_still_working()


if __name__ == "__main__":
    unittest.main()
