"""End to end, issue 57 point 2: Flick makes a backup of its database a day (SQLite's online
backup, in backups/ beside it, 0600), and when the database cannot be read at start-up the
window offers the newest backup that reads well; opening it starts Flick again on a copy of
it, the backup kept and the new list beside it."""

import datetime
import os
import sqlite3
import stat
import unittest

from flickapp import FlickApp, accessible_nodes, accessible_strings, wait_for


class BackupTests(unittest.TestCase):
    def start(self, folder=None):
        app = FlickApp(data_dir=folder, env={"LANGUAGE": "en", "LANG": "C.UTF-8"})
        self.addCleanup(app.cleanup)
        app.start()
        return app

    def todays_backup(self, app):
        return app.data_dir / "backups" / f"flick-backup-{datetime.date.today().isoformat()}.sqlite"

    def test_a_backup_a_day_that_reads_well_and_is_private(self):
        app = self.start()
        wait_for(app.titles, message="the welcome list")
        backup = self.todays_backup(app)
        wait_for(backup.exists, timeout=30, message="today's backup")
        self.assertEqual(stat.S_IMODE(os.stat(backup).st_mode), 0o600)
        self.assertEqual(stat.S_IMODE(os.stat(backup.parent).st_mode), 0o700)
        with sqlite3.connect(f"file:{backup}?mode=ro", uri=True) as db:
            self.assertEqual(db.execute("PRAGMA integrity_check").fetchall(), [("ok",)])
            backed_up = db.execute("SELECT count(*) FROM item").fetchone()[0]
        self.assertEqual(backed_up, len(app.query("SELECT id FROM item")))
        self.assertEqual(app.gtk_criticals(), [])

    def test_an_unreadable_database_offers_the_newest_backup(self):
        app = self.start()
        app.keys("ctrl+n")
        app.type("Pay rent")
        app.keys("Return")
        wait_for(lambda: "Pay rent" in app.titles(), message="the typed item")
        backup = self.todays_backup(app)
        wait_for(backup.exists, timeout=30, message="today's backup")
        app.keys("ctrl+q")
        app.process.wait(timeout=20)
        (app.data_dir / "flick.sqlite").write_bytes(b"this is no longer a database" * 200)
        for journal in ("flick.sqlite-wal", "flick.sqlite-shm", "flick.sqlite-closed"):
            (app.data_dir / journal).unlink(missing_ok=True)
        again = self.start(app.data_dir)
        pid = again.process.pid
        wait_for(lambda: any("reads well and holds" in text and "A backup from" in text
                             for text in accessible_strings(pid)), message="the offer of the backup")
        # Orca reads a new window's title and its focused button, not the text between them: the
        # button that accepts, which has the focus, carries the question in its name.
        button = next(node for node in accessible_nodes(pid) if node["role"] == "push button"
                      and node["name"].endswith("Open the backup"))
        self.assertIn("A backup from", button["name"])
        self.assertIn("Flick has started with a new list", button["name"])
        again.keys("Return")  # Open the Backup, the default
        wait_for(lambda: "Pay rent" in again.titles(), timeout=20, message="Flick started again on the backup")
        names = os.listdir(app.data_dir)
        self.assertTrue(any(name.startswith("flick.sqlite.unreadable-") for name in names), names)
        self.assertTrue(any(name.startswith("flick.sqlite.replaced-") for name in names), names)
        self.assertTrue(backup.exists(), "the backup stays")
        self.assertEqual(again.gtk_criticals(), [])


if __name__ == "__main__":
    unittest.main()
