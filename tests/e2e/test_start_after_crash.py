"""Issue 55, point 2: a start after a crash does not wait for the whole check. The window shows
the list the preload read while PRAGMA integrity_check still runs beside it, and the database
takes no commit until the check has vouched for the file. A file the check then finds damaged
(here: pages of an index the first frame never reads overwritten, as a failing disk leaves
them) is not written to: Flick starts again, checks first, sets the file aside byte for byte
and says so, as any start with a damaged file does."""

import sqlite3
import subprocess
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # Also when run by file name.

from flickapp import FlickApp, built_binary, flick_environment, wait_for  # noqa: E402


def add_items(app, titles):
    for title in titles:
        subprocess.run([str(built_binary()), "--data-dir", str(app.data_dir), "--add", title],
                       env=flick_environment(), check=True, capture_output=True, timeout=30)


def overwrite_pages(database, name):
    """Overwrites every page of the table or index `name` with one repeated byte."""
    connection = sqlite3.connect(database)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page_size = connection.execute("PRAGMA page_size").fetchone()[0]
    pages = [row[0] for row in connection.execute("SELECT pageno FROM dbstat WHERE name = ?", (name,))]
    connection.close()
    assert pages, name
    with open(database, "r+b") as file:
        for page in pages:
            file.seek((page - 1) * page_size)
            file.write(b"\x5a" * page_size)


def integrity(database):
    try:
        with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
            return [row[0] for row in connection.execute("PRAGMA integrity_check")]
    except sqlite3.DatabaseError as error:
        return [str(error)]


class StartAfterCrashTests(unittest.TestCase):
    def setUp(self):
        self.app = FlickApp()
        self.addCleanup(self.app.cleanup)

    def closed_note(self):
        return Path(str(self.app.database) + "-closed")

    def test_after_a_kill_the_list_shows_and_the_first_edit_is_kept(self):
        add_items(self.app, ["Before the crash"])
        self.app.start()
        wait_for(lambda: "Before the crash" in self.app.titles(), message="the item added")
        self.app.kill()
        self.assertFalse(self.closed_note().exists(), "a kill leaves no note: the next start checks in full")
        self.app.start()
        self.app.keys("ctrl+n")
        self.app.type("After the crash")
        self.app.keys("Return")
        wait_for(lambda: self.app.titles()[:2] == ["After the crash", "Before the crash"],
                 message="the edit made while the check ran (or after it) saved")
        self.app.quit()
        self.assertTrue(self.closed_note().exists(), "the check vouched for the file: closed cleanly")

    def test_damage_found_after_the_first_frame_sets_the_file_aside_unwritten(self):
        add_items(self.app, [f"Kept item {n}" for n in range(20)])
        overwrite_pages(self.app.database, "item_sync_href")
        self.assertNotEqual(integrity(self.app.database), ["ok"])
        damaged = self.app.database.read_bytes()
        self.assertFalse(self.closed_note().exists())
        self.app.start()
        wait_for(lambda: "Your List Could Not Be Read" in self.app.window_names(), timeout=20,
                 message="the explanation, after Flick started again")
        kept = [p for p in self.app.data_dir.iterdir()
                if p.name.startswith("flick.sqlite.unreadable-") and not p.name.endswith(("-wal", "-shm"))]
        self.assertEqual(len(kept), 1, sorted(p.name for p in self.app.data_dir.iterdir()))
        self.assertEqual(kept[0].read_bytes(), damaged, "nothing written into the damaged file")
        self.assertEqual(self.app.process.poll(), None, "the same process, started again")
        titles = wait_for(self.app.titles, message="a new welcome list")
        self.assertFalse(any(title.startswith("Kept item") for title in titles))
        log = self.app.log_path.read_text()
        self.assertIn("failed its check", log)


if __name__ == "__main__":
    unittest.main()
