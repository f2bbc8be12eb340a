"""End to end: clearing the completed items with the keyboard, its notice, and undo."""

import unittest

from flickapp import FlickApp, accessible_strings, wait_for


class ClearCompletedTests(unittest.TestCase):
    def setUp(self):
        self.app = FlickApp()
        self.addCleanup(self.app.cleanup)

    def test_ctrl_shift_delete_clears_the_completed_items_and_ctrl_z_restores_them(self):
        self.app.start()
        before = wait_for(self.app.titles, message="the welcome list")
        self.app.keys("Down", "space", "Down", "Down", "space")  # Complete rows 2 and 4.
        wait_for(lambda: [done for _, done in self.app.items()][:5] == [0, 1, 0, 1, 0], message="rows 2 and 4 completed")
        self.app.keys("ctrl+shift+Delete")
        expected = [title for index, title in enumerate(before) if index not in (1, 3)]
        wait_for(lambda: self.app.titles() == expected, message="the two completed rows cleared")
        wait_for(lambda: "Cleared 2 completed items" in accessible_strings(self.app.process.pid),
                 message="the notice says how many were cleared")
        self.app.keys("ctrl+z")
        wait_for(lambda: self.app.titles() == before, message="undo puts both back in their places")
        self.assertEqual([done for _, done in self.app.items()][:5], [0, 1, 0, 1, 0])

    def test_nothing_completed_clears_nothing(self):
        self.app.start()
        before = wait_for(self.app.titles, message="the welcome list")
        self.app.keys("ctrl+shift+Delete")
        self.app.keys("ctrl+n")
        self.app.type("Still here")
        self.app.keys("Return")
        wait_for(lambda: self.app.titles() == ["Still here"] + before, message="the list unchanged but for the new item")


if __name__ == "__main__":
    unittest.main()
