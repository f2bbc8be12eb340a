"""End to end, issue 53 point 4: a database set aside as unreadable that reads well after all
(set aside wrongly, as a busy answer once made Flick do) is put back with `flick
--restore-set-aside`; the database made in its place is kept beside it, and what only that one
holds is named. A file that is still damaged is passed over, and nothing is changed when no
file set aside reads well."""

import os
import shutil
import subprocess
import tempfile
import time
import unittest
from pathlib import Path

from flickapp import FlickApp, accessible_strings, built_binary, flick_environment, wait_for


class RestoreSetAsideTests(unittest.TestCase):
    def setUp(self):
        self.folder = Path(tempfile.mkdtemp(prefix="flick-set-aside-"))
        self.addCleanup(shutil.rmtree, self.folder, True)
        self.env = flick_environment(dict(os.environ, LANGUAGE="en", LANG="C.UTF-8", GSETTINGS_BACKEND="memory",
                                          FLICK_DATA_DIR=str(self.folder)))
        self.env.pop("DISPLAY", None)

    def flick(self, *args):
        return subprocess.run([str(built_binary()), *args], capture_output=True, text=True, env=self.env, timeout=60)

    def files(self):
        return sorted(os.listdir(self.folder))

    def test_a_healthy_file_set_aside_comes_back_and_the_new_one_stays_beside_it(self):
        for title in ("Pay rent", "Call Anna"):
            self.assertEqual(self.flick("--add", title).returncode, 0)
        database = self.folder / "flick.sqlite"
        os.rename(database, self.folder / "flick.sqlite.unreadable-20261101T080000Z")
        # A newer file set aside that is really damaged is passed over.
        (self.folder / "flick.sqlite.unreadable-20261120T080000Z").write_bytes(b"not a database" * 100)
        self.assertEqual(self.flick("--add", "Typed after").returncode, 0)
        self.assertNotIn("SUMMARY:Pay rent", self.flick("--export").stdout)
        done = self.flick("--restore-set-aside")
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        self.assertIn("set aside as flick.sqlite.unreadable-20261101T080000Z again", done.stdout)
        self.assertIn("nothing was deleted", done.stdout)
        self.assertIn("“Typed after”", done.stdout, "what only the replaced file holds is named")
        exported = self.flick("--export").stdout
        self.assertIn("SUMMARY:Pay rent", exported)
        self.assertIn("SUMMARY:Call Anna", exported)
        replaced = [name for name in self.files() if name.startswith("flick.sqlite.replaced-")]
        self.assertEqual(len([name for name in replaced if not name.endswith(("-wal", "-shm"))]), 1)
        self.assertIn("flick.sqlite.unreadable-20261120T080000Z", self.files(), "the damaged file stays")

    def test_nothing_set_aside_or_nothing_readable_changes_nothing(self):
        self.assertEqual(self.flick("--add", "Mine").returncode, 0)
        none = self.flick("--restore-set-aside")
        self.assertEqual(none.returncode, 1)
        self.assertIn("No database was set aside", none.stderr)
        (self.folder / "flick.sqlite.unreadable-20261120T080000Z").write_bytes(b"garbage" * 100)
        before = self.files()
        unreadable = self.flick("--restore-set-aside")
        self.assertEqual(unreadable.returncode, 1)
        self.assertIn("still cannot be read; nothing was changed", unreadable.stderr)
        self.assertEqual(self.files(), before)
        self.assertIn("SUMMARY:Mine", self.flick("--export").stdout)

    def test_the_window_offers_it_once_and_starts_again_on_it(self):
        self.assertEqual(self.flick("--add", "Pay rent").returncode, 0)
        os.rename(self.folder / "flick.sqlite", self.folder / "flick.sqlite.unreadable-20261101T080000Z")
        (self.folder / "flick.sqlite.unreadable-20261120T080000Z").write_bytes(b"really damaged" * 100)
        self.assertEqual(self.flick("--add", "Typed after").returncode, 0)
        app = FlickApp(data_dir=self.folder, env={"LANGUAGE": "en", "LANG": "C.UTF-8"})
        self.addCleanup(app.cleanup)
        app.start()
        wait_for(lambda: "Typed after" in app.titles(), message="the list Flick has now")
        pid = app.process.pid
        wait_for(lambda: any("That file, flick.sqlite.unreadable-20261101T080000Z, reads well now" in text
                             for text in accessible_strings(pid)), message="the offer")
        # Each file is looked at once: the damaged one is not checked again at the next start.
        self.assertEqual((self.folder / "flick.sqlite-set-aside-offered").read_text().split(),
                         ["flick.sqlite.unreadable-20261101T080000Z", "flick.sqlite.unreadable-20261120T080000Z"])
        app.keys("Return")  # Use It Again, the default
        wait_for(lambda: "Pay rent" in app.titles(), timeout=20, message="Flick started again on the earlier list")
        self.assertEqual(app.process.pid, pid, "the same process, started again")
        self.assertNotIn("Typed after", app.titles())
        self.assertTrue(any(name.startswith("flick.sqlite.replaced-") for name in self.files()))
        app.await_window()  # The new start's window, given the focus (Xvfb has no window manager).
        app.keys("ctrl+q")
        app.process.wait(timeout=20)
        # Offered once: a file set aside again later is offered, this one not.
        again = FlickApp(data_dir=self.folder, env={"LANGUAGE": "en", "LANG": "C.UTF-8"})
        self.addCleanup(again.cleanup)
        again.start()
        wait_for(lambda: "Pay rent" in again.titles(), message="the earlier list at the next start")
        time.sleep(2)
        self.assertFalse(any("reads well now" in text for text in accessible_strings(again.process.pid)))
        self.assertEqual(again.gtk_criticals(), [])


if __name__ == "__main__":
    unittest.main()
