"""End to end (issue 33): the command line works without a window. With no DISPLAY and no
WAYLAND_DISPLAY (an ssh login, a cron job), and with them set but no Flick running, `--add`
stores the item in a new data folder made as the window makes it, `--list` and `--export` show
it, and `flick` alone says in words that it needs a graphical session. The CalDAV side (`--add`
then `--sync` to Radicale without a display) is in test_caldav.py."""

import os
import sqlite3
import subprocess
import tempfile
import unittest
from pathlib import Path

from flickapp import built_binary, flick_environment, language_environment


def without_display():
    """This environment without a display: no X11, no Wayland (an empty runtime folder, so the
    default wayland-0 socket is not found either), no Broadway."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("DISPLAY", "WAYLAND_DISPLAY", "GDK_BACKEND", "FLICK_DATA_DIR")}
    env["XDG_RUNTIME_DIR"] = tempfile.mkdtemp(prefix="flick-no-display-")
    return flick_environment(dict(env, LANGUAGE="en", LANG="C.UTF-8", GSETTINGS_BACKEND="memory"))


class AddAndList:
    """The tests both environments share; each TestCase below says which environment its
    `flick` runs in (`environment`)."""

    def setUp(self):
        self.data_dir = Path(tempfile.mkdtemp(prefix="flick-cli-")) / "new folder"
        self.addCleanup(lambda: subprocess.run(["rm", "-rf", str(self.data_dir.parent)]))

    def flick(self, *args):
        return subprocess.run([str(built_binary()), "--data-dir", str(self.data_dir), *args], capture_output=True,
                              text=True, timeout=60, env=self.environment())

    def stored(self):
        with sqlite3.connect(self.data_dir / "flick.sqlite") as db:
            return [title for (title,) in db.execute(
                "SELECT title FROM item WHERE list_id = (SELECT id FROM list ORDER BY rank, id LIMIT 1) ORDER BY rank")]

    def test_add_stores_in_a_new_folder_and_list_shows_it(self):
        added = self.flick("--add", "Buy stamps")
        self.assertEqual(added.returncode, 0, added.stderr)
        self.assertEqual(added.stdout, "Added “Buy stamps” to Welcome to Flick\n")
        self.assertNotIn("Gtk-WARNING", added.stderr)
        self.assertEqual(self.stored()[0], "Buy stamps")
        self.assertGreater(len(self.stored()), 1, "the new folder has the first-run list")
        dated = self.flick("--add", "Pay rent tomorrow")
        self.assertEqual(dated.returncode, 0, dated.stderr)
        self.assertEqual(dated.stdout, "Added “Pay rent” to Welcome to Flick, due Tomorrow\n", "the quick date applied")
        listed = self.flick("--list")
        self.assertEqual(listed.returncode, 0, listed.stderr)
        self.assertEqual(listed.stdout.splitlines()[:2], ["[ ] Pay rent  (due Tomorrow)", "[ ] Buy stamps"])

    def test_list_and_export_make_a_new_folder_as_the_window_does(self):
        listed = self.flick("--list")
        self.assertEqual(listed.returncode, 0, listed.stderr)
        self.assertTrue(listed.stdout.startswith("[ ] Drag a row left to open its menu"), listed.stdout)
        exported = subprocess.run([str(built_binary()), "--data-dir", str(self.data_dir.parent / "other"), "--export"],
                                  capture_output=True, text=True, timeout=60, env=self.environment())
        self.assertEqual(exported.returncode, 0, exported.stderr)
        self.assertIn("SUMMARY:Drag a row left to open its menu", exported.stdout)

    def test_a_file_flick_cannot_open_is_said_in_words_and_sqlites_own(self):
        """A message that cannot name the cause (a disk error) has the system's or SQLite's own
        words on a line of their own, as the window has them under its explanation."""
        (self.data_dir / "flick.sqlite").mkdir(parents=True)
        added = self.flick("--add", "Buy stamps")
        self.assertEqual(added.returncode, 1)
        lines = added.stderr.splitlines()
        self.assertEqual(lines[0], f"flick: The disk reported an error while Flick opened {self.data_dir}. "
                                   "Check the disk and start Flick again.")
        self.assertIn("SQLite error", lines[1])
        self.assertTrue(lines[1].startswith("  "), "set apart from the message")
        self.assertTrue((self.data_dir / "flick.sqlite").is_dir(), "nothing set aside or replaced")


class WithoutDisplayTests(AddAndList, unittest.TestCase):
    def environment(self):
        return without_display()

    def test_flick_alone_says_it_needs_a_graphical_session(self):
        alone = self.flick()
        self.assertEqual(alone.returncode, 1)
        self.assertIn("Flick needs a graphical session", alone.stderr)
        self.assertIn("--add", alone.stderr)
        self.assertNotIn("Gtk-WARNING", alone.stderr)
        german = subprocess.run([str(built_binary()), "--data-dir", str(self.data_dir)], capture_output=True, text=True,
                                timeout=60, env=dict(self.environment(), **language_environment("de")))
        self.assertEqual(german.returncode, 1)
        self.assertIn("grafische Sitzung", german.stderr, "translated")


class WithDisplayButNoFlickTests(AddAndList, unittest.TestCase):
    """With the test display set: `--add` still opens no window, and exits."""

    def environment(self):
        return flick_environment(dict(os.environ, LANGUAGE="en", LANG="C.UTF-8", GSETTINGS_BACKEND="memory"))


if __name__ == "__main__":
    unittest.main()
