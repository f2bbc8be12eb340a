"""End to end: the lists overview is a gesture list like a list's items. Real pointer input
(xdotool) on the built app under Xvfb: a rightward drag on a list completes its items and
Ctrl+Z reopens them; a slid-open list's Rename edits its name in the row; Ctrl+scroll up
between two lists makes a new list there; a click opens a list; Space and Alt+Down do from the
keyboard what the drag right and a lifted row do. The database is the judge."""

import time
import unittest

from flickapp import FlickApp, click, ctrl_scroll_pinch, drag, row_center_y, wait_for, window_width


class OverviewGestureTests(unittest.TestCase):
    def setUp(self):
        self.app = FlickApp()
        self.addCleanup(self.app.cleanup)
        self.app.start()
        wait_for(self.app.titles, message="the welcome list")
        self.width = window_width(self.app)
        self.app.keys("alt+Left")
        wait_for(lambda: self.app.title() == "Lists", message="the overview")
        time.sleep(0.5)  # The page transition.

    @staticmethod
    def list_row_y(index):
        """The middle of the row of list `index`: Today's and Upcoming's rows come first."""
        return row_center_y(index + 2)

    def test_drag_right_on_a_list_completes_its_items_and_undo_reopens_them(self):
        before = self.app.lists(open_only=True)
        self.assertGreater(before[1][1], 0)
        drag(self.app, (30, self.list_row_y(1)), self.width - 60)
        wait_for(lambda: self.app.lists(open_only=True)[1][1] == 0, message="every item of the second list completed")
        self.assertEqual(self.app.lists(open_only=True)[0], before[0], "the first list is untouched")
        self.app.keys("ctrl+z")
        wait_for(lambda: self.app.lists(open_only=True) == before, message="undo reopens them")

    def test_rename_from_the_slid_open_row_menu(self):
        drag(self.app, (self.width - 60, self.list_row_y(0)), 120)
        # The list menu's buttons from the end: Delete, Rename, Complete All Items.
        click(self.app, self.width - 35 - 44, self.list_row_y(0))
        self.app.keys("ctrl+a")
        self.app.type("Errands")
        self.app.keys("Return")
        wait_for(lambda: self.app.lists(open_only=True)[0][0] == "Errands", message="the first list renamed")

    def test_ctrl_scroll_between_two_lists_makes_a_list_there(self):
        names = self.app.list_names()
        ctrl_scroll_pinch(self.app, 3)  # Between the first two lists, below Today and Upcoming.
        self.app.type("Work")
        self.app.keys("Return")
        wait_for(lambda: self.app.list_names() == names[:1] + ["Work"] + names[1:],
                 message="the new list between the two")
        self.assertEqual(self.app.title(), "Lists", "making a list on the overview stays there")

    def test_click_on_a_list_opens_it(self):
        names = self.app.list_names()
        click(self.app, self.width // 2, self.list_row_y(1))
        wait_for(lambda: self.app.title() == names[1], message="the clicked list open")

    def test_the_keyboard_ways_space_completes_a_list_and_alt_down_moves_it(self):
        before = self.app.lists(open_only=True)
        self.app.keys("space")
        wait_for(lambda: self.app.lists(open_only=True)[0][1] == 0, message="Space completed the focused list's items")
        self.app.keys("ctrl+z")
        wait_for(lambda: self.app.lists(open_only=True) == before, message="undone")
        self.app.keys("alt+Down")
        wait_for(lambda: self.app.lists(open_only=True) == [before[1], before[0]], message="Alt+Down moved the list down")


if __name__ == "__main__":
    unittest.main()
