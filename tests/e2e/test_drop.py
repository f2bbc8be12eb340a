"""End to end: an .ics file dragged from another program and dropped on Flick's window, with a
real pointer drag over XDND on Xvfb. The other program is drag_source.py, a small GTK 4 window
offering the file as a file manager does (or drag_source_gtk3.py, its GTK 3 twin); xdotool
presses in it, moves the pointer in small steps onto Flick's window and lets go. What arrived
is read from the database, what the window says over AT-SPI."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest
from pathlib import Path

from flickapp import FlickApp, accessible_strings, wait_for, xdotool

HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parents[1] / "tests" / "fixtures" / "ics"
MANIFEST = json.loads((FIXTURES / "manifest.json").read_text())

# Where the two windows go. Xvfb has no window manager to place them, so both would open at
# (0, 0), one over the other: the source goes top left, Flick beside it.
SOURCE_AT = (0, 0)
FLICK_AT = (300, 0)


def window_geometry(window):
    """(x, y, width, height) of an X window on the screen."""
    shell = dict(line.split("=") for line in xdotool("getwindowgeometry", "--shell", window).split())
    return tuple(int(shell[key]) for key in ("X", "Y", "WIDTH", "HEIGHT"))


class DragSource:
    """A drag source script (drag_source.py or drag_source_gtk3.py) running with `paths`, its
    events read from a log file (a file rather than a pipe, so that nobody has to keep
    draining it)."""

    def __init__(self, paths, env, script="drag_source.py"):
        self.log_path = Path(tempfile.mkstemp(prefix="flick-drag-source-", suffix=".log")[1])
        self.log = open(self.log_path, "w")
        self.script = script
        self.process = subprocess.Popen([sys.executable, str(HERE / script), *map(str, paths)],
                                        env=env, stdout=self.log, stderr=subprocess.STDOUT)
        wait_for(lambda: "ready" in self.events(), timeout=20, message="the drag source's window")
        self.window = wait_for(self._find_window, message="the drag source's window on the screen")

    def _find_window(self):
        if self.process.poll() is not None:
            raise AssertionError(f"{self.script} exited: {self.log_path.read_text()}")
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(self.process.pid)],
                               capture_output=True, text=True).stdout.split()
        return found[0] if found else None

    def events(self):
        return self.log_path.read_text().splitlines()

    def outcome(self):
        """How the drag ended, as the source saw it: "drag-cancel REASON" when no window took
        the drop at the release, else "drag-end …"; None while it goes on. A drop the target
        took and then refused in its drop handler still ends in "drag-end": the source is not
        told, so what Flick did is read from Flick."""
        ended = [line for line in self.events() if line.startswith(("drag-end", "drag-cancel"))]
        return ended[0] if ended else None

    def accepted(self):
        """The last action the window under the pointer offered for the drop once it is over
        Flick's window: "copy" when Flick takes it, "0" when it refuses; None before any."""
        answers = [line.split()[1] for line in self.events() if line.startswith("action ")]
        return answers[-1] if answers else None

    def close(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.log.close()
        self.log_path.unlink(missing_ok=True)


class DropTests(unittest.TestCase):
    def setUp(self):
        self.app = FlickApp(env={"LANGUAGE": "en", "LANG": "C.UTF-8", "TZ": "Europe/Berlin"})
        self.addCleanup(self.app.cleanup)
        self.files = Path(tempfile.mkdtemp(prefix="flick-drop-files-"))
        self.addCleanup(shutil.rmtree, self.files, True)
        self.app.start()
        wait_for(self.app.titles, message="the welcome list")

    def drop(self, *paths, source_script="drag_source.py"):
        """Drags the files at `paths` from a drag source onto the middle of Flick's window and
        lets go there; returns how the source saw the drag end."""
        source = DragSource(paths, dict(os.environ, **self.app.extra_env), source_script)
        self.addCleanup(source.close)
        xdotool("windowmove", source.window, *SOURCE_AT)
        xdotool("windowmove", self.app.window, *FLICK_AT)
        # The pointer is pressed in the source's window, which must have the focus.
        subprocess.run(["xdotool", "windowfocus", source.window], capture_output=True)
        time.sleep(0.3)  # Both windows moved and drawn.
        sx, sy, sw, sh = window_geometry(source.window)
        fx, fy, fw, fh = window_geometry(self.app.window)
        start = (sx + sw // 2, sy + sh // 2)
        end = (fx + fw // 2, fy + fh // 2)
        self.assertLess(sx + sw, fx, "the two windows side by side, not over each other")
        # One chained gesture, 10 px every 20 ms: each step is an XdndPosition the target
        # answers with an XdndStatus. The button stays down after it.
        command = ["mousemove", *start, "mousedown", "1"]
        steps = max(abs(end[0] - start[0]), abs(end[1] - start[1])) // 10
        for step in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * step // steps
            y = start[1] + (end[1] - start[1]) * step // steps
            command += ["sleep", 0.02, "mousemove", x, y]
        try:
            xdotool(*command)
            # The source sends XdndDrop only to a target whose last answer accepted the drop;
            # letting go before that answer arrives (a loaded machine) would cancel the drag.
            wait_for(lambda: source.accepted() == "copy", message="Flick accepting the drag as a copy")
        finally:
            xdotool("sleep", 0.05, "mouseup", "1")  # Never leave the button down.
        return wait_for(source.outcome, message="the drag to end")

    def fixture(self, name, as_name=None):
        """A copy of a client's file in a folder of this test's own, under `as_name`."""
        path = self.files / (as_name or name)
        shutil.copyfile(FIXTURES / name, path)
        return path

    def items_by_list(self):
        return self.app.query("SELECT list.name, item.uid FROM item JOIN list ON list.id = item.list_id "
                              "ORDER BY list.name, item.uid")

    def shows(self, text):
        """Whether one of Flick's windows shows `text` as a whole label, read over AT-SPI."""
        return text in accessible_strings(self.app.process.pid)

    def test_a_dropped_file_is_imported_into_the_list_of_its_calendar_and_a_second_drop_adds_nothing(self):
        # A name with spaces and a non-ASCII letter: it crosses as a %-escaped URI.
        path = self.fixture("nextcloud-tasks.ics", "Umzug – März.ics")
        calendar = MANIFEST["nextcloud-tasks.ics"]["calendars"][0]
        uids = sorted(item["uid"] for item in calendar["items"])
        before = self.items_by_list()

        self.assertTrue(self.drop(path).startswith("drag-end"), "a drop on Flick, not a cancelled drag")
        wait_for(lambda: len(self.items_by_list()) == len(before) + len(uids), message="the dropped file imported")
        self.assertEqual(sorted(uid for name, uid in self.items_by_list() if name == calendar["name"]), uids)
        self.assertEqual(self.items_by_list(), sorted(before + [(calendar["name"], uid) for uid in uids]),
                         "the file's items went into the list of its calendar name, and only those")
        wait_for(lambda: self.app.title() == calendar["name"], message="the window showing the imported list")
        wait_for(lambda: self.shows(f"Imported {len(uids)} new items from “{path.name}” into “Umzug”."),
                 message="the notice saying what was imported")

        self.assertTrue(self.drop(path).startswith("drag-end"), "a second drop on Flick")
        wait_for(lambda: self.shows(f"Imported 0 new items from “{path.name}” into “Umzug”. "
                                           f"{len(uids)} items were already there."),
                 message="the notice saying the items were already there")
        self.assertEqual(self.items_by_list(), sorted(before + [(calendar["name"], uid) for uid in uids]))
        self.assertEqual(self.app.query("SELECT count(*) FROM list WHERE name = ?", calendar["name"]), [(1,)])
        self.assertEqual(self.app.gtk_criticals(), [])

    def test_a_file_dragged_from_a_gtk3_program_is_imported(self):
        # Thunar, Nemo and Caja are GTK 3: their XDND and text/uri-list, not GTK 4's, reach Flick.
        path = self.fixture("thunderbird.ics", "Haus & Garten.ics")
        items = MANIFEST["thunderbird.ics"]["calendars"][0]["items"]
        self.assertTrue(self.drop(path, source_script="drag_source_gtk3.py").startswith("drag-end"),
                        "a drop on Flick, not a cancelled drag")
        # A calendar without a name goes to the list named after the file.
        wait_for(lambda: [uid for name, uid in self.items_by_list() if name == "Haus & Garten"]
                 == sorted(item["uid"] for item in items), message="the file's items in “Haus & Garten”")
        wait_for(lambda: self.shows(f"Imported {len(items)} new items from “{path.name}” into “Haus & Garten”."),
                 message="the notice saying what was imported")
        self.assertEqual(self.app.gtk_criticals(), [])

    def test_several_files_dropped_at_once_are_each_imported_and_each_reported(self):
        # As a file manager drags a selection: two calendars of one file, one of another, and
        # a file that is no calendar.
        several = self.fixture("multi-calendar.ics")
        one = self.fixture("thunderbird.ics")
        broken = self.fixture("broken-not-ical.ics")
        groceries, work = MANIFEST["multi-calendar.ics"]["calendars"]
        items = MANIFEST["thunderbird.ics"]["calendars"][0]["items"]

        self.assertTrue(self.drop(several, broken, one).startswith("drag-end"), "a drop on Flick, not a cancelled drag")
        wait_for(lambda: "Nothing Was Imported" in self.app.window_names(), message="the message about the broken file")
        wait_for(lambda: {name for name, _ in self.items_by_list()} >= {"Groceries", "Work", "thunderbird"},
                 message="both good files imported")
        imported = self.items_by_list()
        for name, calendar_items in [("Groceries", groceries["items"]), ("Work", work["items"]), ("thunderbird", items)]:
            self.assertEqual([uid for list_name, uid in imported if list_name == name],
                             sorted(item["uid"] for item in calendar_items), name)
        # One notice, saying what each file did: the second file's sentence must not replace
        # the first's before anyone could read it.
        first = (f"Imported {len(groceries['items']) + len(work['items'])} new items from “multi-calendar.ics” "
                 "into “Groceries”, “Work”.")
        second = f"Imported {len(items)} new items from “thunderbird.ics” into “thunderbird”."
        wait_for(lambda: self.shows(first + "\n" + second), message="one notice with both files' sentences")
        self.assertEqual(self.app.gtk_criticals(), [])

    def test_a_dropped_file_that_is_not_icalendar_is_refused_with_a_message_and_imports_nothing(self):
        path = self.fixture("broken-not-ical.ics")  # A CSV export saved with an .ics name.
        before = self.items_by_list()
        lists_before = self.app.lists()

        self.assertTrue(self.drop(path).startswith("drag-end"), "a drop on Flick, not a cancelled drag")
        wait_for(lambda: "Nothing Was Imported" in self.app.window_names(), message="the message window")
        expected = ("“broken-not-ical.ics” is not a calendar Flick can read, so nothing was imported. Line 1: "
                    "It does not begin with BEGIN:VCALENDAR, as iCalendar files do.")
        wait_for(lambda: self.shows(expected), message="the message saying why, read over AT-SPI")
        self.assertEqual(self.items_by_list(), before)
        self.assertEqual(self.app.lists(), lists_before)
        self.assertEqual(self.app.gtk_criticals(), [])

    def test_a_link_dropped_from_a_web_page_is_explained_and_imports_nothing(self):
        before = self.items_by_list()
        self.assertTrue(self.drop("https://example.org/tasks.ics").startswith("drag-end"))
        wait_for(lambda: "Nothing Was Imported" in self.app.window_names(), message="the message window")
        wait_for(lambda: self.shows("Flick imports files on this computer. Save the calendar from the web page as a "
                                    "file first, then drop or import that file."), message="the reason, over AT-SPI")
        self.assertEqual(self.items_by_list(), before)
        self.assertEqual(self.app.gtk_criticals(), [])


if __name__ == "__main__":
    unittest.main()
