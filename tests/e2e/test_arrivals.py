"""End to end (issue 62, arrivals): `flick --import` takes the exports of the apps people leave,
told apart by their content: Planify's backup, Errands' data file, GTG's XML, todo.txt,
Todoist's CSV, and Evolution's folder of local task lists (GNOME To Do, Endeavour). Each
import made twice adds nothing the second time; a broken file is refused in plain words and
adds nothing. Run without a display, as test_command_line_without_display.py does: the window
has nothing to add here, and each run is a quick process."""

import shutil
import sqlite3
import subprocess
import tempfile
import unittest
from pathlib import Path

from flickapp import built_binary
from test_command_line_without_display import without_display

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "arrivals"


class ArrivalsTests(unittest.TestCase):
    def setUp(self):
        self.folder = Path(tempfile.mkdtemp(prefix="flick-arrivals-"))
        self.addCleanup(lambda: shutil.rmtree(self.folder, ignore_errors=True))
        self.environment = dict(without_display(), XDG_CONFIG_HOME=str(FIXTURES / "evolution" / "config"))

    def flick(self, data_dir, *args):
        return subprocess.run([str(built_binary()), "--data-dir", str(data_dir), *args], capture_output=True,
                              text=True, timeout=60, env=self.environment)

    def items(self, data_dir):
        with sqlite3.connect(data_dir / "flick.sqlite") as db:
            return db.execute("""SELECT list.name, item.title, item.completed, item.parent_uid IS NOT NULL FROM item
                                 JOIN list ON list.id = item.list_id WHERE list.name != 'Welcome to Flick'
                                 ORDER BY list.rank, item.rank""").fetchall()

    def test_each_format_imports_once_and_twice_adds_nothing(self):
        # The file (renamed, so only its content tells the format), and what arrives of it.
        cases = [
            ("planify/planify-backup.json", "backup-2026.json",
             ("Umzug nach Köln", "Termin beim Bürgeramt buchen", 1, 1)),
            ("errands/data.json", "data.json", ("Maison & jardin", "Aiguiser le sécateur", 1, 1)),
            ("gtg/gtg_data.xml", "gtg_data.xml.bak.0", ("Getting Things GNOME", "Draw the slides", 0, 1)),
            ("todotxt/todo.txt", "todo.txt", ("Home", "Pay the electricity bill", 1, 0)),
            ("todoist/Umzug.csv", "Umzug.csv", ("Umzug", "Bücher", 0, 1)),
            ("evolution/data/evolution/tasks", "tasks", ("Personal", "Quittungen sortieren", 1, 1)),
        ]
        for fixture, name, expected in cases:
            with self.subTest(fixture):
                source = FIXTURES / fixture
                given = self.folder / name
                (shutil.copytree if source.is_dir() else shutil.copy)(source, given)
                data_dir = self.folder / ("data-" + name)
                first = self.flick(data_dir, "--import", str(given))
                self.assertEqual(first.returncode, 0, first.stderr)
                self.assertIn("Imported", first.stdout)
                imported = self.items(data_dir)
                self.assertIn(expected, imported)
                second = self.flick(data_dir, "--import", str(given))
                self.assertEqual(second.returncode, 0, second.stderr)
                self.assertIn("Imported 0 new items", second.stdout)
                self.assertEqual(self.items(data_dir), imported)

    def test_a_broken_export_is_refused_in_words_and_adds_nothing(self):
        broken = self.folder / "backup.json"
        text = (FIXTURES / "planify" / "planify-backup.json").read_text(encoding="utf-8")
        broken.write_text(text[: len(text) // 2], encoding="utf-8")
        data_dir = self.folder / "data"
        refused = self.flick(data_dir, "--import", str(broken))
        self.assertEqual(refused.returncode, 1)
        self.assertIn("“backup.json” looks like a file of Planify but cannot be read, so nothing was imported.",
                      refused.stderr)
        self.assertFalse((data_dir / "flick.sqlite").exists() and self.items(data_dir), "nothing was imported")


if __name__ == "__main__":
    unittest.main()
