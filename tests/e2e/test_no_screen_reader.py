"""End to end: Flick where no screen reader can be reached. GTK then gives every widget its
stand-in accessibility context (GtkTestATContext): under Broadway, which has no AT-SPI backend, on
X11 or Wayland without an accessibility bus, and with GTK_A11Y=test, set here to have that context
on the test display. From GTK 4.14 the stand-in cannot announce, and GTK calls through a null
pointer when asked to: Flick died of SIGSEGV under Broadway on GTK 4.18 announcing a completed
row. On GTK 4.8, which has no announcements, the same keys must complete the same rows."""

import time
import unittest

from flickapp import FlickApp, wait_for

# Flick announces once the main loop is idle after the key (Announcer.say): long enough for that.
ANNOUNCED_S = 1.0


class NoScreenReaderTests(unittest.TestCase):
    def setUp(self):
        self.app = FlickApp(env={"GTK_A11Y": "test"})
        self.addCleanup(self.app.cleanup)

    def test_completing_rows_with_no_screen_reader_says_nothing_and_flick_goes_on(self):
        self.app.start()
        before = wait_for(self.app.titles, message="the welcome list")
        self.app.keys("Down", "space", "Down", "space")  # Rows 2 and 3, each announced as completed.
        wait_for(lambda: [done for _, done in self.app.items()][:4] == [0, 1, 1, 0], message="rows 2 and 3 completed")
        time.sleep(ANNOUNCED_S)
        self.assertIsNone(self.app.process.poll(), f"Flick ended: {self.app.crash_report()}")
        self.app.keys("space")  # Row 3 again: "not completed".
        wait_for(lambda: [done for _, done in self.app.items()][:4] == [0, 1, 0, 0], message="row 3 open again")
        time.sleep(ANNOUNCED_S)
        self.assertIsNone(self.app.process.poll(), f"Flick ended: {self.app.crash_report()}")
        self.assertEqual(self.app.titles(), before, "completing moves nothing")


if __name__ == "__main__":
    unittest.main()
