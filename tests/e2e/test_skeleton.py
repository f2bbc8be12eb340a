"""End to end: the built flick binary under Xvfb, driven with real keyboard input."""

import os
import shutil
import signal
import subprocess
import tempfile
import time
import unittest
from pathlib import Path

from accessible import application, find, pyatspi_module, shown_menu_items, spoken_name
from flickapp import FlickApp, accessible_strings, built_binary, flick_environment, wait_for, xdotool


class FirstRunAndPersistenceTests(unittest.TestCase):
    def setUp(self):
        self.app = FlickApp()
        self.addCleanup(self.app.cleanup)

    def test_first_run_shows_the_welcome_list(self):
        self.app.start()
        titles = wait_for(self.app.titles, message="the welcome list in the database")
        self.assertGreaterEqual(len(titles), 5)
        self.assertTrue(any("Drag a row left" in t for t in titles), titles)
        self.assertEqual(self.app.window_names(), ["Welcome to Flick"])

    def test_start_up_loads_no_svg_renderer(self):
        # The window icon exists as PNGs (tools/render-icons): an SVG-only icon made GTK load
        # librsvg on X11 before the first frame, about 30 ms and 7 MiB (make bench).
        self.app.start()
        wait_for(self.app.titles, message="the welcome list")
        maps = Path(f"/proc/{self.app.process.pid}/maps").read_text()
        self.assertIn("libgtk-4", maps)
        self.assertNotIn("librsvg", maps)

    def test_start_up_loads_the_sync_and_sound_libraries_only_when_used(self):
        # libsoup, libical, libsecret and GSound are opened on first use (LazyLibraries, issue
        # 30): loaded at start-up they took about 8 ms and 3 MiB of every start.
        self.app.start()
        wait_for(self.app.titles, message="the welcome list")
        maps = Path(f"/proc/{self.app.process.pid}/maps").read_text()
        self.assertIn("libgtk-4", maps)
        # libicui18n comes with libical alone (libxml2, which Foundation's XML parser loads, has ICU's libicuuc).
        libraries = ("libsoup-3.0", "libical", "libsecret-1", "libgsound", "libcanberra", "libkrb5", "libicui18n")
        self.assertEqual([library for library in libraries if library in maps], [])
        # The same binary opens libical when it needs it: --export writes iCalendar.
        exported = subprocess.run([str(built_binary()), "--data-dir", str(self.app.data_dir), "--export"],
                                  env=flick_environment(), capture_output=True, text=True, timeout=30)
        self.assertEqual(exported.returncode, 0, exported.stderr)
        self.assertIn("BEGIN:VTODO", exported.stdout)
        self.assertIn("SUMMARY:Drag a row left to open its menu", exported.stdout)

    def test_the_main_menu_opens_from_its_button_each_time(self):
        """The menu's popover is made when it first opens, not at start-up (issue 30): the
        button opens it, with every entry, and opens the same one again (not a second); F10
        opens it too, first from the list (GtkWindow's own F10 moved the focus to the header
        bar and opened nothing) and again from the menu button, where Escape leaves the focus."""
        self.app.start()
        wait_for(self.app.titles, message="the welcome list")
        for opening in ("F10", "click", "click again", "F10"):
            if opening == "F10":
                self.app.keys("F10")  # The keyboard's way, as in GNOME's applications.
            else:
                xdotool("mousemove", "--window", self.app.window, *self.button_center("Main Menu"), "click", "1")
            entries = wait_for(lambda: (lambda names: names if "About Flick" in names else None)(
                [spoken_name(item) for item in shown_menu_items(self.app.process.pid)]),
                message=f"the main menu open ({opening})")
            # The Sort submenu's page (issue 59) is not shown until Sort opens it (test_sort.py).
            self.assertEqual(entries, ["Clear Completed", "Sort", "Recently Deleted", "Import…", "Export List…",
                                       "Export All Lists…", "Sync Now", "Add Account…", "Remove Account…", "Preferences",
                                       "Keyboard Shortcuts", "About Flick"])
            self.app.keys("Escape")
            time.sleep(0.5)
        self.assertEqual(self.app.gtk_criticals(), [])

    def button_center(self, name):
        """The centre of the button named `name`, in its window: GTK 4.18 gives every extent on
        the screen as (0, 0) on X11, and answers in the window's coordinates as GTK 4.8 does."""
        button = find(application(self.app.process.pid), lambda node: node.name == name)
        box = button.queryComponent().getExtents(pyatspi_module().WINDOW_COORDS)
        return box.x + box.width // 2, box.y + box.height // 2

    def test_item_typed_with_the_keyboard_survives_kill_9(self):
        self.app.start()
        wait_for(self.app.titles, message="the welcome list")
        self.app.keys("ctrl+n")
        self.app.type("Buy oat milk")
        self.app.keys("Return")
        wait_for(lambda: self.app.titles()[0] == "Buy oat milk", message="the typed item stored at the top")
        os.kill(self.app.process.pid, signal.SIGKILL)
        self.app.process.wait(timeout=10)
        self.app.start()
        self.assertEqual(self.app.titles()[0], "Buy oat milk")
        self.assertEqual(self.app.items()[0], ("Buy oat milk", 0))

    def test_keyboard_only_complete_delete_undo_and_move(self):
        self.app.start()
        before = wait_for(self.app.titles, message="the welcome list")
        self.app.keys("Down", "space")  # Second row: complete.
        wait_for(lambda: self.app.items()[1][1] == 1, message="row 2 completed")
        self.app.keys("Delete")
        wait_for(lambda: len(self.app.titles()) == len(before) - 1, message="row 2 deleted")
        self.assertNotIn(before[1], self.app.titles())
        self.app.keys("ctrl+z")
        wait_for(lambda: self.app.titles() == before, message="undo restores the row")
        self.app.keys("alt+Down")
        expected = [before[0], before[2], before[1]] + before[3:]
        wait_for(lambda: self.app.titles() == expected, message="alt+Down moves the row")
        self.app.keys("alt+End")
        expected = [before[0], before[2]] + before[3:] + [before[1]]
        wait_for(lambda: self.app.titles() == expected, message="alt+End moves the row to the bottom")
        self.app.keys("alt+Home")
        expected = [before[1], before[0], before[2]] + before[3:]
        wait_for(lambda: self.app.titles() == expected, message="alt+Home moves the row to the top")

    def test_new_item_in_an_emptied_list(self):
        # GTK binds the only row of an empty list during the splice that adds it: the new
        # item's row must already know it is the placeholder, or the editor never shows.
        self.app.start()
        before = wait_for(self.app.titles, message="the welcome list")
        self.app.keys(*["Delete"] * len(before))
        wait_for(lambda: self.app.titles() == [], message="every item deleted")
        self.app.keys("ctrl+n")
        self.app.type("First again")
        self.app.keys("Return")
        wait_for(lambda: self.app.titles() == ["First again"], message="the item typed into the empty list")

    def test_insert_below_with_ctrl_return_and_cancel_with_escape(self):
        self.app.start()
        before = wait_for(self.app.titles, message="the welcome list")
        self.app.keys("ctrl+Return")
        self.app.type("Second")
        self.app.keys("Return")
        wait_for(lambda: self.app.titles()[1] == "Second", message="inserted below the first row")
        self.app.keys("ctrl+Return")
        self.app.type("discarded")
        self.app.keys("Escape")
        time.sleep(0.3)
        self.assertEqual(self.app.titles(), [before[0], "Second"] + before[1:])

    def test_ctrl_return_in_the_editor_commits_and_inserts_next_to_the_row(self):
        # Items typed one after another: Ctrl+Return ends the edit (saved) and opens the next
        # row; Ctrl+Shift+Return opens it above. The entry would take both keys as Enter.
        self.app.start()
        before = wait_for(self.app.titles, message="the welcome list")
        self.app.keys("ctrl+Return")
        self.app.type("Second")
        self.app.keys("ctrl+Return")
        self.app.type("Third")
        self.app.keys("ctrl+shift+Return")
        self.app.type("Between")
        self.app.keys("Return")
        wait_for(lambda: self.app.titles()[:5] == [before[0], "Second", "Between", "Third", before[1]],
                 message="each typed row saved, the next one opened below, the last above")
        # On an empty new row there is nothing to commit: the keys leave it where it is.
        self.app.keys("ctrl+Return", "ctrl+Return")
        self.app.type("Fourth")
        self.app.keys("Return")
        wait_for(lambda: self.app.titles()[:4] == [before[0], "Second", "Between", "Fourth"],
                 message="one new row, below the focused one")


class UnreadableDatabaseTests(unittest.TestCase):
    def test_garbage_database_is_kept_aside_and_the_user_told(self):
        data_dir = Path(tempfile.mkdtemp(prefix="flick-e2e-broken-"))
        self.addCleanup(shutil.rmtree, data_dir, True)
        garbage = bytes(range(256)) * 64
        (data_dir / "flick.sqlite").write_bytes(garbage)
        app = FlickApp(data_dir=data_dir)
        self.addCleanup(app.cleanup)
        app.start()
        wait_for(lambda: "Your List Could Not Be Read" in app.window_names(), message="the explanation window")
        kept = [p for p in data_dir.iterdir() if p.name.startswith("flick.sqlite.unreadable-")]
        self.assertEqual(len(kept), 1)
        self.assertEqual(kept[0].read_bytes(), garbage)
        self.assertTrue(app.titles(), "a fresh welcome list")

    def test_empty_database_file_starts_with_the_welcome_list(self):
        data_dir = Path(tempfile.mkdtemp(prefix="flick-e2e-empty-"))
        self.addCleanup(shutil.rmtree, data_dir, True)
        (data_dir / "flick.sqlite").write_bytes(b"")
        app = FlickApp(data_dir=data_dir)
        self.addCleanup(app.cleanup)
        app.start()
        self.assertEqual(app.window_names(), ["Welcome to Flick"])
        self.assertGreaterEqual(len(wait_for(app.titles, message="the welcome list")), 5)


if __name__ == "__main__":
    unittest.main()


class DataFolderProblemTests(unittest.TestCase):
    """A data folder Flick cannot use is explained in plain words, never as a program's error."""

    def test_a_file_given_as_the_data_folder_is_explained(self):
        holder = Path(tempfile.mkdtemp(prefix="flick-e2e-file-"))
        self.addCleanup(shutil.rmtree, holder, True)
        not_a_folder = holder / "notes.txt"
        not_a_folder.write_text("my notes\n")
        app = FlickApp(data_dir=not_a_folder)
        app.owns_dir = False
        self.addCleanup(app.cleanup)
        app.start()
        wait_for(lambda: "Flick Cannot Start" in app.window_names(), message="the explanation window")
        strings = wait_for(lambda: [s for s in accessible_strings(app.process.pid) if "not a folder" in s],
                           message="the explanation read over AT-SPI")
        self.assertIn(f"{not_a_folder} is a file, not a folder.", strings[0])
        everything = " ".join(accessible_strings(app.process.pid))
        for raw in ("dataDirectoryIsAFile", "Error", "NSCocoaErrorDomain", "SQLite"):
            self.assertNotIn(raw, everything)
        self.assertEqual(not_a_folder.read_text(), "my notes\n", "the file is left as it was")
