"""End to end: pulling a list down past its top with the mouse (DESIGN 2.6). Past one row a new
item opens at the top for typing; past two rows the window goes up to the lists; a short pull
does nothing. On the lists, a pull down makes a new list. Real pointer input (xdotool) on the
built app under Xvfb; the database and the window title are the judges."""

import sqlite3
import time
import unittest

from flickapp import FlickApp, drag, row_center_y, wait_for


class PullDownTests(unittest.TestCase):
    def setUp(self):
        self.app = FlickApp()
        self.addCleanup(self.app.cleanup)
        self.app.start()
        self.before = wait_for(self.app.titles, message="the welcome list")

    def title(self):
        names = self.app.window_names()
        return names[0] if names else None

    def pull_down(self, distance):
        start = row_center_y(1)
        drag(self.app, (240, start), None, y_end=start + distance)

    def test_a_pull_past_one_row_opens_a_new_item_at_the_top(self):
        self.pull_down(90)
        self.app.type("Pulled in")
        self.app.keys("Return")
        wait_for(lambda: self.app.titles() == ["Pulled in"] + self.before, message="the new item stored at the top")

    def test_a_pull_past_two_rows_goes_up_to_the_lists(self):
        self.pull_down(200)
        wait_for(lambda: self.title() == "Lists", message="the overview")
        self.assertEqual(self.app.titles(), self.before)

    def test_a_short_pull_does_nothing(self):
        self.pull_down(40)
        time.sleep(0.3)
        self.assertEqual(self.title(), "Welcome to Flick")
        # Nothing is being typed: Delete deletes the focused item.
        self.app.keys("Delete")
        wait_for(lambda: self.app.titles() == self.before[1:], message="the first item deleted")

    def test_a_pull_down_on_the_lists_makes_a_list(self):
        self.app.keys("alt+Left")
        wait_for(lambda: self.title() == "Lists", message="the overview")
        time.sleep(0.4)
        self.pull_down(90)
        self.app.type("Pulled list")
        self.app.keys("Return")

        def names():
            connection = sqlite3.connect(f"file:{self.app.database}?mode=ro", uri=True)
            try:
                return [name for (name,) in connection.execute("SELECT name FROM list ORDER BY rank")]
            finally:
                connection.close()
        wait_for(lambda: names()[:1] == ["Pulled list"], message="the new list stored at the top")
        self.assertEqual(self.title(), "Lists")


if __name__ == "__main__":
    unittest.main()
