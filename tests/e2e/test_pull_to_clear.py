"""End to end: pulling the list up past its bottom with the mouse clears the completed items
(one undo brings them back); a short pull clears nothing."""

import unittest

from flickapp import FlickApp, drag, row_center_y, wait_for


class PullToClearTests(unittest.TestCase):
    def setUp(self):
        self.app = FlickApp()
        self.addCleanup(self.app.cleanup)
        self.app.start()
        self.before = wait_for(self.app.titles, message="the welcome list")
        self.app.keys("Down", "space", "Down", "Down", "space")  # Complete rows 2 and 4.
        wait_for(lambda: [done for _, done in self.app.items()][:5] == [0, 1, 0, 1, 0], message="rows 2 and 4 completed")

    def test_a_long_pull_up_clears_the_completed_items(self):
        start = row_center_y(7)
        drag(self.app, (240, start), None, y_end=start - 160)
        expected = [title for index, title in enumerate(self.before) if index not in (1, 3)]
        wait_for(lambda: self.app.titles() == expected, message="the completed items cleared")
        self.app.keys("ctrl+z")
        wait_for(lambda: self.app.titles() == self.before, message="one undo brings both back")

    def test_a_short_pull_clears_nothing(self):
        start = row_center_y(7)
        drag(self.app, (240, start), None, y_end=start - 50)
        self.app.keys("ctrl+n")
        self.app.type("After the pull")
        self.app.keys("Return")
        wait_for(lambda: self.app.titles()[:1] == ["After the pull"], message="an item typed after the pull")
        self.assertEqual(self.app.titles()[1:], self.before)


if __name__ == "__main__":
    unittest.main()
