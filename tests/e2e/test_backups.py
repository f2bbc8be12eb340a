"""End to end, issue 57 point 2: Flick makes a backup of its database a day (SQLite's online
backup, in backups/ beside it, 0600), and when the database cannot be read at start-up the
window offers the newest backup that reads well; opening it starts Flick again on a copy of
it, the backup kept and the new list beside it. Issue 74 point 7: a file of an older schema
is copied into backups/ before its upgrade, and the files set aside beside the database are
thinned with the backups, by their rule."""

import datetime
import os
import sqlite3
import stat
import subprocess
import unittest

from accessible import BUTTON_ROLES
from flickapp import FlickApp, accessible_nodes, accessible_strings, built_binary, flick_environment, wait_for


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
        button = next(node for node in accessible_nodes(pid) if node["role"] in BUTTON_ROLES
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

    def test_an_older_file_is_copied_beside_the_backups_before_its_upgrade(self):
        app = self.start()
        wait_for(app.titles, message="the welcome list")
        app.keys("ctrl+q")
        app.process.wait(timeout=20)
        welcome = app.titles()
        # Schema 13 as a Flick of that schema left it: v14 only made a trigger again.
        with sqlite3.connect(app.database) as db:
            db.execute("DELETE FROM grdb_migrations WHERE identifier = 'v14'")
            db.execute("PRAGMA user_version = 13")
        db.close()
        env = flick_environment(dict(os.environ, LANGUAGE="en", LANG="C.UTF-8", GSETTINGS_BACKEND="memory",
                                     FLICK_DATA_DIR=str(app.data_dir)))
        env.pop("DISPLAY", None)
        added = subprocess.run([str(built_binary()), "--add", "Buy milk"], env=env, capture_output=True, text=True,
                               timeout=60)
        self.assertEqual(added.returncode, 0, added.stderr)
        copy = app.data_dir / "backups" / f"flick-before-upgrade-from-version-13-{datetime.date.today().isoformat()}.sqlite"
        self.assertTrue(copy.exists(), sorted(str(path.relative_to(app.data_dir)) for path in app.data_dir.rglob("*")))
        self.assertEqual(stat.S_IMODE(os.stat(copy).st_mode), 0o600)
        with sqlite3.connect(f"file:{copy}?mode=ro", uri=True) as db:
            self.assertEqual(db.execute("PRAGMA user_version").fetchone(), (13,))
            self.assertEqual(db.execute("PRAGMA integrity_check").fetchall(), [("ok",)])
            self.assertEqual([title for (title,) in db.execute(
                "SELECT title FROM item WHERE list_id = (SELECT id FROM list ORDER BY rank LIMIT 1) ORDER BY rank")],
                welcome, "the items as they were, without the one added after the upgrade")
        db.close()
        self.assertEqual(app.query("PRAGMA user_version"), [(14,)])
        self.assertEqual(app.titles()[0], "Buy milk")

    def test_the_files_set_aside_are_thinned_with_the_daily_backup(self):
        app = FlickApp(env={"LANGUAGE": "en", "LANG": "C.UTF-8"})
        self.addCleanup(app.cleanup)
        app.data_dir.chmod(0o700)
        for day in range(1, 32):
            for name in (f"flick.sqlite.unreadable-202610{day:02}T080000Z", f"flick.sqlite.unreadable-202610{day:02}T080000Z-wal"):
                (app.data_dir / name).write_bytes(b"damaged" * 100)
        app.start()
        wait_for(self.todays_backup(app).exists, timeout=30, message="today's backup")

        def set_aside():
            return sorted(name for name in os.listdir(app.data_dir)
                          if name.startswith("flick.sqlite.unreadable-") and name.endswith("Z"))
        kept = wait_for(lambda: (lambda names: names if len(names) < 31 else None)(set_aside()), message="the thinning")
        # The 7 newest days, then the newest day of each of the 4 weeks before (24 October and
        # one day in each of three weeks before it, as the user's calendar begins its weeks).
        days = [int(name[len("flick.sqlite.unreadable-202610"):][:2]) for name in kept]
        self.assertEqual(len(days), 11, kept)
        self.assertEqual(days[-8:], list(range(24, 32)))
        self.assertEqual(len({(day - 1) // 7 for day in days[:3]}), 3, "one a week")
        wal = sorted(name[:-len("-wal")] for name in os.listdir(app.data_dir) if name.endswith("Z-wal"))
        self.assertEqual(wal, kept, "each with its log, the others' gone with them")


if __name__ == "__main__":
    unittest.main()
