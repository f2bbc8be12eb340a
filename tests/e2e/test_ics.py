"""End to end: .ics files in and out (issue 10), with the built binary: `flick --import` and
`--export` with and without a Flick running, the window's Import… and Export List… through the
file chooser driven by the keyboard, and a file other clients wrote going back out with what
Flick does not read unchanged."""

import os
import sqlite3
import subprocess
import tempfile
import unittest
from pathlib import Path

from accessible import application, pyatspi_module, walk
from flickapp import FlickApp, built_binary, flick_environment, wait_for

CRLF = "\r\n"

# A Thunderbird-style file: a VTIMEZONE, parameters and properties Flick does not read, an
# EMAIL alarm, a completed item without a COMPLETED time, an item without X-APPLE-SORT-ORDER.
THUNDERBIRD = CRLF.join([
    "BEGIN:VCALENDAR",
    "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN",
    "VERSION:2.0",
    "X-WR-CALNAME:Garden",
    "BEGIN:VTIMEZONE",
    "TZID:Europe/Berlin",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:+0200",
    "TZOFFSETTO:+0100",
    "TZNAME:CET",
    "DTSTART:19701025T030000",
    "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
    "END:STANDARD",
    "BEGIN:DAYLIGHT",
    "TZOFFSETFROM:+0100",
    "TZOFFSETTO:+0200",
    "TZNAME:CEST",
    "DTSTART:19700329T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
    "END:DAYLIGHT",
    "END:VTIMEZONE",
    "BEGIN:VTODO",
    "CREATED:20260301T080000Z",
    "LAST-MODIFIED:20260302T080000Z",
    "DTSTAMP:20260302T080000Z",
    "UID:garden-1@example.org",
    "SUMMARY;LANGUAGE=de:Rosen schneiden\\, vorsichtig",
    "DESCRIPTION:Die alten Triebe\\nbis zum dritten Auge",
    "CATEGORIES:Garten,Frühling",
    "X-MOZ-GENERATION:4",
    "PRIORITY:3",
    "DUE;TZID=Europe/Berlin:20260320T170000",
    "RRULE:FREQ=YEARLY",
    "X-APPLE-SORT-ORDER:100",
    "BEGIN:VALARM",
    "ACTION:EMAIL",
    "TRIGGER;RELATED=END:-P1D",
    "DESCRIPTION:Rosen",
    "SUMMARY:Rosen",
    "ATTENDEE:mailto:gardener@example.org",
    "END:VALARM",
    "END:VTODO",
    "BEGIN:VTODO",
    "CREATED:20260301T090000Z",
    "LAST-MODIFIED:20260301T090000Z",
    "DTSTAMP:20260301T090000Z",
    "UID:garden-2@example.org",
    "SUMMARY:Buy seeds",
    "STATUS:COMPLETED",
    "X-MOZ-LASTACK:20260301T090000Z",
    "END:VTODO",
    "END:VCALENDAR",
    "",
])


def run_flick(args, env, cwd=None):
    """Runs flick; stdout and stderr decoded as they are, CRLF kept (text mode would turn
    every CRLF of an export into LF)."""
    done = subprocess.run([str(built_binary()), *args], capture_output=True, timeout=60, env=flick_environment(env),
                          cwd=cwd)
    return subprocess.CompletedProcess(done.args, done.returncode, done.stdout.decode(), done.stderr.decode())


def todo_blocks(text):
    """The VTODOs of a text, each as its list of lines."""
    blocks, current = [], None
    for line in text.split(CRLF):
        if line == "BEGIN:VTODO":
            current = []
        if current is not None:
            current.append(line)
        if line == "END:VTODO":
            blocks.append(current)
            current = None
    return blocks


def focused_field(app):
    """The text of the focused text field of Flick's windows, its selection ((start, end), or
    None) and the offset of its cursor, or None while none has the focus."""
    states, found = pyatspi_module(), []

    def visit(node, _depth):
        if found:
            return False
        if node.getState().contains(states.STATE_FOCUSED) and node.getRoleName() == "text":
            text = node.queryText()
            selection = text.getSelection(0) if text.getNSelections() > 0 else None
            found.append((text.getText(0, text.characterCount), tuple(selection) if selection else None,
                          text.caretOffset))
            return False
        return True
    walk(application(app.process.pid), visit)
    return found[0] if found else None


def focused_text(app):
    """The text of the focused text field of Flick's windows, or None while none has the focus."""
    field = focused_field(app)
    return field[0] if field else None


def typed_or_inline_completion_dropped(app, path):
    """True when the focused field holds `path`. GTK 4.18's file chooser completes a folder's name
    inline while its folder loads, after the cursor, and the keys typed after it go before it
    (Debian 13: '…/garden.ics' typed, '…/garden.icsp/' held, the cursor after "ics": the "p/" of
    "/tmp/"); GTK 4.8 showed none. Text after `path` with the cursor at the end of `path` (or
    selected there) is such a completion: it is dropped with Shift+End and Delete, as a user
    would, and the field is read again; anything else stays a failure."""
    field = focused_field(app)
    if field is None:
        return False
    text, selection, cursor = field
    if text == path:
        return True
    if text.startswith(path) and (cursor == len(path) or selection == (len(path), len(text))):
        app.keys("shift+End")
        app.keys("Delete")
    return False


def chooser_window(app, name):
    """The X window of Flick's file chooser titled `name`, once it is shown."""
    return wait_for(lambda: subprocess.run(["xdotool", "search", "--all", "--onlyvisible", "--pid", str(app.process.pid),
                                            "--name", f"^{name}$"], capture_output=True, text=True).stdout.split(),
                    message=f"the window of {name!r}")[0]


def enter_in_chooser(app, name, path, location_key=None):
    """Types `path` into the file chooser `name` and presses Return, each key only once the
    chooser shows it is ready for it: without a window manager a new window takes the
    keyboard a moment after it is mapped, and a busy machine made that moment longer than a
    fixed wait (a CI run's import once typed into nothing)."""
    subprocess.run(["xdotool", "windowfocus", "--sync", chooser_window(app, name)], capture_output=True)
    if location_key:
        app.keys(location_key)
        wait_for(lambda: focused_text(app) is not None or app.keys(location_key),
                 interval=0.5, message=f"{location_key} focusing the location field of {name!r}")
    wait_for(lambda: focused_text(app) is not None, message=f"a text field of {name!r} with the focus")
    app.keys("ctrl+a")
    app.type(path)
    wait_for(lambda: typed_or_inline_completion_dropped(app, path),
             message=f"{path!r} in the field of {name!r} (it holds {focused_field(app)!r}: text, selection, cursor)")
    app.keys("Return")


class CommandLineTests(unittest.TestCase):
    """`--import` and `--export` with no Flick running: this process reads or writes the file."""

    def setUp(self):
        self.data_dir = Path(tempfile.mkdtemp(prefix="flick-ics-"))
        self.files = Path(tempfile.mkdtemp(prefix="flick-ics-files-"))
        self.addCleanup(lambda: subprocess.run(["rm", "-rf", str(self.data_dir), str(self.files)]))
        self.env = dict(os.environ, LANGUAGE="en", LANG="C.UTF-8", TZ="Europe/Berlin", GSETTINGS_BACKEND="memory")

    def flick(self, *args, cwd=None):
        return run_flick(["--data-dir", str(self.data_dir), *args], self.env, cwd)

    def write(self, name, text):
        path = self.files / name
        path.write_bytes(text.encode("utf-8"))
        return path

    def query(self, sql, *parameters):
        with sqlite3.connect(self.data_dir / "flick.sqlite") as db:
            return db.execute(sql, parameters).fetchall()

    def test_a_file_imports_once_into_the_list_of_its_calendar_name_and_exports_as_it_came(self):
        path = self.write("garden.ics", THUNDERBIRD)
        first = self.flick("--import", "garden.ics", cwd=self.files)  # a relative path
        self.assertEqual(first.returncode, 0, first.stderr)
        self.assertEqual(first.stdout.strip(), "Imported 2 new items from “garden.ics” into “Garden”.")
        self.assertEqual(self.query("SELECT list.name, item.title, item.notes, item.completed, item.due_day, "
                                    "item.due_minute, item.due_zone, item.rrule FROM item JOIN list ON list.id = item.list_id "
                                    "WHERE item.uid LIKE 'garden-%' ORDER BY item.rank"),
                         [("Garden", "Rosen schneiden, vorsichtig", "Die alten Triebe\nbis zum dritten Auge", 0,
                           20260320, 17 * 60, "Europe/Berlin", "FREQ=YEARLY"),
                          ("Garden", "Buy seeds", "", 1, None, None, None, None)])

        again = self.flick("--import", str(path))
        self.assertEqual(again.returncode, 0, again.stderr)
        self.assertEqual(again.stdout.strip(),
                         "Imported 0 new items from “garden.ics” into “Garden”. 2 items were already there.")
        self.assertEqual(self.query("SELECT count(*) FROM item WHERE uid LIKE 'garden-%'"), [(2,)])
        self.assertEqual(self.query("SELECT count(*) FROM list WHERE name = 'Garden'"), [(1,)])
        self.assertEqual(path.read_bytes(), THUNDERBIRD.encode(), "the file given is only read")

        exported = self.flick("--export", "garden")
        self.assertEqual(exported.returncode, 0, exported.stderr)
        self.assertIn("X-WR-CALNAME:Garden" + CRLF, exported.stdout)
        self.assertIn("BEGIN:VTIMEZONE" + CRLF + "TZID:Europe/Berlin" + CRLF, exported.stdout)
        came, went = todo_blocks(THUNDERBIRD), todo_blocks(exported.stdout)
        self.assertEqual(went[0], came[0], "an item Flick did not change goes out line for line as it came")
        # The completed item was placed after the open one, so its order is Flick's; nothing else changed.
        self.assertEqual([line for line in went[1] if not line.startswith(("X-APPLE-SORT-ORDER", "SEQUENCE",
                                                                           "LAST-MODIFIED", "DTSTAMP"))],
                         [line for line in came[1] if not line.startswith(("LAST-MODIFIED", "DTSTAMP"))])

    def test_into_puts_every_item_in_the_named_list_and_every_list_exports(self):
        self.write("garden.ics", THUNDERBIRD)
        imported = self.flick("--import", str(self.files / "garden.ics"), "--into", "Chores")
        self.assertEqual(imported.returncode, 0, imported.stderr)
        self.assertIn("into “Chores”", imported.stdout)
        self.assertEqual(self.query("SELECT DISTINCT list.name FROM item JOIN list ON list.id = item.list_id "
                                    "WHERE item.uid LIKE 'garden-%'"), [("Chores",)])
        everything = self.flick("--export")
        self.assertEqual(everything.returncode, 0, everything.stderr)
        self.assertEqual(everything.stdout.count("BEGIN:VCALENDAR"), self.query("SELECT count(*) FROM list")[0][0])
        self.assertEqual(everything.stdout.count("BEGIN:VTODO"), self.query("SELECT count(*) FROM item")[0][0])
        # What Flick exports, Flick imports as the same items: nothing new.
        self.write("all.ics", everything.stdout)
        back = self.flick("--import", str(self.files / "all.ics"))
        self.assertEqual(back.returncode, 0, back.stderr)
        self.assertIn("Imported 0 new items", back.stdout)

    def test_a_broken_file_is_refused_with_its_line_and_nothing_is_stored(self):
        self.write("garden.ics", THUNDERBIRD)
        self.flick("--import", str(self.files / "garden.ics"))
        before = self.query("SELECT id, title, rank FROM item ORDER BY id")
        broken = THUNDERBIRD.replace("DUE;TZID=Europe/Berlin:20260320T170000", "DUE:2026-13-45")
        self.write("broken.ics", broken.replace("garden-", "other-"))
        refused = self.flick("--import", str(self.files / "broken.ics"))
        self.assertEqual(refused.returncode, 1)
        self.assertIn("“broken.ics” is not a calendar Flick can read, so nothing was imported. Line 32:", refused.stderr)
        self.assertIn("“2026-13-45” is not a date", refused.stderr)
        truncated = self.write("cut.ics", THUNDERBIRD[:THUNDERBIRD.index("END:VTODO")])
        cut = self.flick("--import", str(truncated))
        self.assertEqual(cut.returncode, 1)
        self.assertIn("cut short", cut.stderr)
        missing = self.flick("--import", str(self.files / "nothing-here.ics"))
        self.assertEqual(missing.returncode, 1)
        self.assertIn("“nothing-here.ics” cannot be read: No such file or directory", missing.stderr)
        events = self.write("events.ics", CRLF.join(["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:e",
                                                     "DTSTART:20260101T100000Z", "END:VEVENT", "END:VCALENDAR", ""]))
        no_tasks = self.flick("--import", str(events))
        self.assertEqual(no_tasks.returncode, 1)
        self.assertIn("holds no tasks", no_tasks.stderr)
        self.assertEqual(self.query("SELECT id, title, rank FROM item ORDER BY id"), before)

    def test_options_that_do_not_go_together_are_refused(self):
        for args, message in [(["--into", "Work"], "--into goes with --import"),
                              (["--import", "a.ics", "--export"], "--export and --import cannot be used together."),
                              (["--import", "a.ics", "--list"], "--list and --import cannot be used together."),
                              (["--export", "--background"], "--export and --background cannot be used together."),
                              (["--import", "a.ics", "--into", " "], "--into needs the name of a list.")]:
            refused = self.flick(*args)
            self.assertEqual(refused.returncode, 1, args)
            self.assertIn(message, refused.stderr, args)

    def test_export_of_an_unknown_list_or_of_a_new_folder(self):
        # A data folder not made yet is made as the window makes it (issue 33): its first-run lists.
        fresh = self.flick("--export")
        self.assertEqual(fresh.returncode, 0, fresh.stderr)
        self.assertIn("SUMMARY:Drag a row left to open its menu", fresh.stdout)
        self.write("garden.ics", THUNDERBIRD)
        self.flick("--import", str(self.files / "garden.ics"))
        unknown = self.flick("--export", "No such list")
        self.assertEqual(unknown.returncode, 1)
        self.assertIn("no list named “No such list”", unknown.stderr)


class WindowTests(unittest.TestCase):
    """With Flick running: the command line's import shows in the window; the window's own
    Import… and Export List… go through the file chooser."""

    def setUp(self):
        self.app = FlickApp(env={"LANGUAGE": "en", "LANG": "C.UTF-8", "TZ": "Europe/Berlin"})
        self.addCleanup(self.app.cleanup)
        self.files = Path(tempfile.mkdtemp(prefix="flick-ics-files-"))
        self.addCleanup(lambda: subprocess.run(["rm", "-rf", str(self.files)]))
        (self.files / "garden.ics").write_bytes(THUNDERBIRD.encode())
        self.app.start()
        wait_for(self.app.titles, message="the welcome list")

    def flick(self, *args):
        return run_flick(["--data-dir", str(self.app.data_dir), *args], dict(os.environ, **self.app.extra_env))

    def enter_in_chooser(self, name, path, location_key=None):
        enter_in_chooser(self.app, name, path, location_key)

    def test_an_import_from_the_command_line_opens_the_imported_list_in_the_running_window(self):
        imported = self.flick("--import", str(self.files / "garden.ics"))
        self.assertEqual(imported.returncode, 0, imported.stderr)
        self.assertEqual(imported.stdout.strip(), "Imported 2 new items from “garden.ics” into “Garden”.")
        wait_for(lambda: self.app.title() == "Garden", message="the window showing the imported list")
        self.assertEqual(self.app.query("SELECT count(*) FROM item WHERE uid LIKE 'garden-%'"), [(2,)])
        self.assertEqual(self.app.gtk_criticals(), [])

    def test_import_and_export_through_the_file_chooser(self):
        self.app.keys("ctrl+o")
        wait_for(lambda: "Import Tasks" in self.app.window_names(), message="the Import Tasks chooser")
        self.enter_in_chooser("Import Tasks", str(self.files / "garden.ics"), location_key="ctrl+l")
        wait_for(lambda: self.app.query("SELECT count(*) FROM item WHERE uid LIKE 'garden-%'") == [(2,)],
                 message="the chosen file imported")
        wait_for(lambda: self.app.title() == "Garden", message="the imported list shown")

        # Xvfb has no window manager to give the focus back when the chooser closes.
        subprocess.run(["xdotool", "windowfocus", self.app.window], capture_output=True)
        self.app.keys("ctrl+e")
        wait_for(lambda: "Export List" in self.app.window_names(), message="the Export List chooser")
        # The name field has the focus with the list's name in it: a whole path replaces it.
        self.enter_in_chooser("Export List", str(self.files / "out.ics"))
        out = self.files / "out.ics"
        wait_for(out.exists, message="the exported file")
        text = out.read_bytes().decode()
        self.assertIn("X-WR-CALNAME:Garden", text)
        self.assertEqual(todo_blocks(text)[0], todo_blocks(THUNDERBIRD)[0])
        self.assertEqual(self.app.gtk_criticals(), [])


if __name__ == "__main__":
    unittest.main()
