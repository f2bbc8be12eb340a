"""Issue 12, more of the problem notice's contract, end to end under the fault shim
(tests/fault/faultfs.c; the shim alone is tested in test_fault_shim.py): a failed add stores
nothing and Flick keeps running; each fault (full, failing, read-only disk) is told in plain
words with Retry and Dismiss buttons, dismissing changes nothing, and Space works again without
a restart; at 360 px the sentence wraps inside the window, Retry clicked with the pointer while
the disk is still full keeps the typed text, and clicked once there is room saves it.
Faults are injected only once the window is up: Flick opens its database at start."""

import shutil
import sys
import tempfile
import time
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # Also when run by file name.

from accessible import BUTTON_ROLES, press_button  # noqa: E402
from flickapp import FlickApp, accessible_nodes, wait_for, window_width, xdotool  # noqa: E402
from test_fault_shim import build_shim  # noqa: E402

NARROW_WIDTH = 360
PROGRAM_WORDS = ("SQLite", "sqlite", "error 13", "error 10", "(13)", "(10)", "errno", "COMMIT", "IOERR")
SCREENSHOT = Path(tempfile.gettempdir()) / "flick-storage-notice-360.png"


class StorageNoticeTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.build_dir = tempfile.TemporaryDirectory(prefix="flick-notice-")
        cls.shim = build_shim(cls.build_dir.name)

    @classmethod
    def tearDownClass(cls):
        cls.build_dir.cleanup()

    def start(self, data_dir=None):
        self.control = Path(self.build_dir.name) / f"fault-{self.id().rsplit('.', 1)[-1]}-{time.monotonic_ns()}"
        self.app = FlickApp(data_dir=data_dir)
        self.app.extra_env = {"LD_PRELOAD": str(self.shim), "FLICK_FAULT_DIR": str(self.app.data_dir),
                              "FLICK_FAULT_CONTROL": str(self.control)}
        self.addCleanup(self.app.cleanup)
        self.addCleanup(self.control.unlink, missing_ok=True)
        self.app.start()
        self.before = wait_for(self.app.items, message="the welcome list")
        return self.app

    def inject(self, error):
        self.control.write_text(error)

    def remove_fault(self):
        self.control.unlink()

    def assert_alive(self):
        self.assertIsNone(self.app.process.poll(), "Flick is still running")

    # --- Reading the window over AT-SPI ---

    def nodes(self):
        return accessible_nodes(self.app.process.pid)

    def notice_text(self):
        """The sentence of the problem notice: a label's whole text, shown together with the
        Retry button. None while there is no notice."""
        nodes = self.nodes()
        if not any(node["name"] == "Retry" and node["role"] in BUTTON_ROLES for node in nodes):
            return None
        sentences = [node["text"] for node in nodes if node["role"] == "label" and "saved" in node["text"]]
        return sentences[0] if sentences else None

    def wait_for_notice(self):
        message = wait_for(self.notice_text, message="the problem notice")
        for words in PROGRAM_WORDS:
            self.assertNotIn(words, message, "a program's words, not the user's")
        return message

    def editor_text(self):
        for node in self.nodes():
            if node["role"] == "text" and node["name"] == "Item title":
                return node["text"]
        return None

    def button(self, name):
        """The node dict of the button named `name`, or None."""
        for node in self.nodes():
            if node["role"] in BUTTON_ROLES and node["name"] == name:
                return node
        return None

    def press(self, name):
        """Activates the button named `name` through AT-SPI, as a screen reader does."""
        self.assertTrue(press_button(self.app.process.pid, name), f"a {name} button")
        time.sleep(0.3)

    # --- The tests ---

    def test_a_failed_add_stores_nothing_and_flick_keeps_running(self):
        self.start()
        self.inject("ENOSPC")
        self.app.keys("ctrl+n")
        self.app.type("Buy oat milk")
        self.app.keys("Return")
        time.sleep(1.0)
        self.assert_alive()
        self.assertEqual(self.app.items(), self.before, "nothing stored, nothing half stored")
        self.remove_fault()
        self.app.keys("Return")
        wait_for(lambda: self.app.titles()[0] == "Buy oat milk", message="the kept item saved with Enter")
        self.app.keys("ctrl+n")
        self.app.type("Buy bread")
        self.app.keys("Return")
        wait_for(lambda: self.app.titles()[:2] == ["Buy bread", "Buy oat milk"], message="a new add works")
        self.assertEqual(self.app.items()[2:], self.before)

    def test_each_fault_is_told_in_plain_words_dismissed_and_space_works_again(self):
        for error in ("ENOSPC", "EIO", "EROFS"):
            with self.subTest(error=error):
                self.start()
                self.inject(error)
                self.app.keys("space")
                message = self.wait_for_notice()
                self.assertEqual(self.app.items(), self.before, "the row stays as stored")
                self.assert_alive()
                folder = str(self.app.data_dir)
                if error == "ENOSPC":
                    self.assertIn("disk is full", message)
                elif error == "EIO":
                    self.assertTrue(folder in message or "disk" in message.lower(), message)
                else:
                    self.assertTrue(folder in message or "read-only" in message, message)
                for name in ("Retry", "Dismiss"):
                    self.assertIsNotNone(self.button(name), f"a {name} button named for screen readers")
                self.press("Dismiss")
                wait_for(lambda: self.notice_text() is None, message="the notice dismissed")
                self.assertEqual(self.app.items(), self.before, "dismissing saves nothing")
                self.remove_fault()
                self.app.keys("space")
                wait_for(lambda: self.app.items()[0] == (self.before[0][0], 1),
                         message="Space completes once the disk works, without a restart")
                self.app.cleanup()

    def test_at_360_px_retry_clicked_keeps_the_text_while_full_and_saves_it_once_there_is_room(self):
        self.start()
        xdotool("windowsize", self.app.window, NARROW_WIDTH, 600)
        time.sleep(0.4)
        self.inject("ENOSPC")
        self.app.keys("ctrl+n")
        self.app.type("Buy oat milk")
        self.app.keys("Return")
        message = self.wait_for_notice()
        self.assertIn("disk is full", message)
        self.assert_sentence_fits(message)
        self.app.screenshot(SCREENSHOT)

        self.click_button("Retry")  # Still full.
        time.sleep(0.5)
        wait_for(self.notice_text, timeout=5, message="the notice, still there while saving fails")
        self.assertEqual(self.editor_text(), "Buy oat milk", "the typed text is kept")
        self.assertEqual(self.app.items(), self.before)

        self.remove_fault()
        self.click_button("Retry")
        wait_for(lambda: self.app.titles()[0] == "Buy oat milk", message="Retry saves the kept item")
        self.assertEqual(self.app.items()[1:], self.before)
        wait_for(lambda: self.notice_text() is None, message="the notice gone once saved")

    def test_at_360_px_a_long_data_folder_wraps_inside_the_window(self):
        # A real data folder is a long path without spaces (~/.local/share/io.github.…): the
        # sentence that names it must still break inside the window.
        holder = Path(tempfile.mkdtemp(prefix="flick-e2e-long-"))
        self.addCleanup(shutil.rmtree, holder, True)
        folder = holder / "home" / "a-rather-long-user-name" / ".local" / "share" / "io.github.flicktodo.Flick"
        folder.mkdir(parents=True)
        self.start(data_dir=folder)
        xdotool("windowsize", self.app.window, NARROW_WIDTH, 600)
        time.sleep(0.4)
        self.inject("EROFS")
        self.app.keys("space")
        message = self.wait_for_notice()
        self.assertTrue(str(folder) in message or "read-only" in message, message)
        self.assert_sentence_fits(message)
        self.assertEqual(self.app.items(), self.before)

    # --- Helpers that look at the geometry ---

    def assert_sentence_fits(self, message):
        width = window_width(self.app)
        labels = [node for node in self.nodes() if node["role"] == "label" and node["text"] == message]
        self.assertEqual(len(labels), 1, "the whole sentence is one label")
        x, _, label_width, height = labels[0]["extents"]
        self.assertGreaterEqual(x, 0)
        self.assertLessEqual(x + label_width, width, "not cut at the window's edge")
        self.assertGreater(height, 30, "wrapped onto more than one line, not ellipsized")

    def click_button(self, name):
        node = wait_for(lambda: self.button(name), message=f"the {name} button")
        x, y, w, h = node["extents"]
        # Without a window manager the window sits at the screen's origin: extents are on screen.
        xdotool("mousemove", x + w // 2, y + h // 2, "click", 1)
        time.sleep(0.3)


if __name__ == "__main__":
    unittest.main()
