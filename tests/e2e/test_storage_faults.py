"""Issue 12: when saving fails, Flick says so in plain words and keeps what the user typed.
Faults are injected with an LD_PRELOAD shim (tests/fault/faultfs.c) that makes writes, syncs
and truncations of files in the data folder fail with ENOSPC, EIO or EROFS while a control
file exists; removing the file is "freeing space". Everything is checked as a user meets it:
the notice read over AT-SPI, the row still being typed into, the database, and Retry."""

import sqlite3
import tempfile
import time
import unittest
from pathlib import Path

from accessible import press_button
from flickapp import FlickApp, accessible_nodes, wait_for, xdotool
from test_fault_shim import build_shim

NARROW_WIDTH = 360


class StorageFaultTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.build_dir = tempfile.TemporaryDirectory(prefix="flick-fault-")
        cls.shim = build_shim(cls.build_dir.name)

    @classmethod
    def tearDownClass(cls):
        cls.build_dir.cleanup()

    def setUp(self):
        self.control = Path(self.build_dir.name) / f"fault-{self.id().rsplit('.', 1)[-1]}"
        self.app = FlickApp()
        self.app.extra_env = {"LD_PRELOAD": str(self.shim), "FLICK_FAULT_DIR": str(self.app.data_dir),
                              "FLICK_FAULT_CONTROL": str(self.control)}
        self.addCleanup(self.app.cleanup)
        self.addCleanup(self.control.unlink, missing_ok=True)
        if self.id().endswith("_at_start"):
            return  # The test starts Flick itself, with the fault already there.
        self.app.start()
        self.titles = wait_for(self.app.titles, message="the welcome list")

    def inject(self, error):
        self.control.write_text(error)

    def remove_fault(self):
        self.control.unlink()

    def nodes(self):
        return accessible_nodes(self.app.process.pid)

    def alert(self):
        """The problem notice's text, read over AT-SPI, or None while there is none."""
        for node in self.nodes():
            if node["role"] == "alert" and node["name"]:
                return node["name"]
        return None

    def wait_for_alert(self, words):
        message = wait_for(self.alert, message="the problem notice")
        self.assertIn(words, message)
        for raw in ("SQLite", "error 13", "error 10", "COMMIT", "errno"):
            self.assertNotIn(raw, message, "a program's words, not the user's")
        self.assertIn("Nothing saved before was lost.", message)
        return message

    def typed_text(self):
        """The text in the title editor, if one is shown."""
        for node in self.nodes():
            if node["role"] == "text" and node["name"] == "Item title":
                return node["text"]
        return None

    def press_retry(self):
        self.assertTrue(press_button(self.app.process.pid, "Retry"), "a Retry button")

    def test_disk_full_while_adding_keeps_the_typed_item_until_there_is_room(self):
        xdotool("windowsize", self.app.window, NARROW_WIDTH, 600)
        time.sleep(0.3)
        self.inject("ENOSPC")
        self.app.keys("ctrl+n")
        self.app.type("Buy oat milk")
        self.app.keys("Return")
        message = self.wait_for_alert("The disk is full.")
        self.assertEqual(message, "The disk is full. Your change was not saved; free some space and press Retry. "
                                  "Nothing saved before was lost.")
        self.assertEqual(self.typed_text(), "Buy oat milk", "the row is still being typed into")
        self.assertEqual(self.app.titles(), self.titles, "nothing half saved")
        self.assert_notice_fits_the_window(message)
        self.app.screenshot(Path(tempfile.gettempdir()) / "flick-disk-full.png")
        self.remove_fault()
        self.app.keys("Return")
        wait_for(lambda: self.app.titles() == ["Buy oat milk"] + self.titles, message="the typed item saved")
        wait_for(lambda: self.alert() is None, message="the notice gone once saving works")

    def test_read_only_disk_refuses_completing_and_retry_completes_once_writable(self):
        self.inject("EROFS")
        self.app.keys("space")
        message = self.wait_for_alert("Flick cannot write to")
        self.assertIn(str(self.app.data_dir), message, "names the folder")
        self.assertIn("read-only", message)
        self.assertEqual(self.app.items()[0][1], 0, "the row stays as stored")
        self.remove_fault()
        self.press_retry()
        wait_for(lambda: self.app.items()[0][1] == 1, message="completed by Retry")
        self.assertIsNone(self.alert())

    def test_failing_disk_refuses_a_delete_and_editing_works_again_without_a_restart(self):
        self.inject("EIO")
        self.app.keys("Delete")
        self.wait_for_alert("The disk reported an error while saving to")
        self.assertEqual(self.app.titles(), self.titles, "nothing deleted")
        self.remove_fault()
        self.app.keys("Delete")
        wait_for(lambda: self.app.titles() == self.titles[1:], message="deleted once the disk works")
        self.app.keys("ctrl+z")
        wait_for(lambda: self.app.titles() == self.titles, message="and undone")

    def test_renaming_on_a_full_disk_keeps_the_new_title_in_the_editor(self):
        self.app.keys("F2")
        time.sleep(0.3)
        self.inject("ENOSPC")
        self.app.keys("ctrl+a")
        self.app.type("Renamed")
        self.app.keys("Return")
        self.wait_for_alert("The disk is full.")
        self.assertEqual(self.typed_text(), "Renamed")
        self.assertEqual(self.app.titles(), self.titles)
        self.remove_fault()
        self.app.keys("Return")
        wait_for(lambda: self.app.titles()[0] == "Renamed", message="the new title saved")

    def test_a_list_locked_by_another_program_refuses_the_edit_until_it_lets_go(self):
        # Another program holds the write lock (as `sqlite3 flick.sqlite` in a transaction
        # would): Flick must say so at once, not freeze, and save on Retry once it is free.
        other = sqlite3.connect(self.app.database, isolation_level=None)
        self.addCleanup(other.close)
        other.execute("BEGIN IMMEDIATE")
        self.app.keys("ctrl+n")
        self.app.type("Call the plumber")
        self.app.keys("Return")
        message = self.wait_for_alert("Another program is using Flick’s list.")
        self.assertEqual(self.typed_text(), "Call the plumber", "the row is still being typed into")
        self.assertEqual(self.app.titles(), self.titles, "nothing half saved")
        other.execute("ROLLBACK")
        self.press_retry()
        wait_for(lambda: self.app.titles() == ["Call the plumber"] + self.titles, message="saved once the lock is gone")
        wait_for(lambda: self.alert() is None, message="the notice gone")
        self.assertEqual(self.app.query("PRAGMA integrity_check"), [("ok",)])

    def test_a_read_only_data_folder_is_explained_at_start(self):
        self.inject("EROFS")
        self.app.start()
        wait_for(lambda: "Flick Cannot Start" in self.app.window_names(), message="the explanation window")
        texts = wait_for(lambda: [node["text"] for node in self.nodes() if "cannot write" in node["text"]],
                         message="the explanation read over AT-SPI")
        self.assertEqual(texts[0], f"Flick cannot write to {self.app.data_dir} (it is read-only, or you may not "
                                   "change it). Make the folder writable, or choose another folder with --data-dir.")

    def assert_notice_fits_the_window(self, message):
        width = int(dict(line.split("=") for line in xdotool("getwindowgeometry", "--shell", self.app.window)
                         .split())["WIDTH"])
        labels = [node for node in self.nodes() if node["role"] == "label" and node["text"] == message]
        self.assertEqual(len(labels), 1, "the whole sentence is one label")
        x, _, label_width, height = labels[0]["extents"]
        self.assertLessEqual(x + label_width, width, "not cut at the window's edge")
        self.assertGreater(height, 40, "wrapped onto several lines, not ellipsized")


if __name__ == "__main__":
    unittest.main()
