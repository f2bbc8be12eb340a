"""End to end: hold and drag to reorder (DESIGN 2.7) with a real mouse (xdotool) on the built
app under Xvfb. A long press lifts an open row (never a completed one) and the drop moves it
exactly where it was dragged, in the database; Escape puts it back; near the bottom edge the
list scrolls by itself, so a row can be carried past the rows on screen; on the lists overview
the lists reorder the same way."""

import time
import unittest

from flickapp import HOLD_S, FlickApp, drag, hold_and_drag, row_center_y, wait_for, window_width, xdotool
from longlist import app_with_long_list


class ReorderTests(unittest.TestCase):
    def start(self, app=None):
        self.app = app or FlickApp()
        self.addCleanup(self.app.cleanup)
        if app is None:
            self.app.start()
        return wait_for(self.app.titles, message="the list")

    def test_a_row_dragged_from_row_2_to_row_5_lands_there(self):
        before = self.start()
        hold_and_drag(self.app, 1, row_center_y(4))
        expected = before[:1] + before[2:5] + [before[1]] + before[5:]
        wait_for(lambda: self.app.titles() == expected, message="the row moved to row 5")

    def test_a_row_dragged_up_lands_above(self):
        before = self.start()
        hold_and_drag(self.app, 5, row_center_y(2))
        expected = before[:2] + [before[5]] + before[2:5] + before[6:]
        wait_for(lambda: self.app.titles() == expected, message="the row moved to row 3")

    def test_on_a_long_list_the_list_holds_still_under_a_lifted_row(self):
        # The pressed row is GTK's scroll anchor; taken out of the list view's model as it
        # passed a row, GTK anchored on another and the list scrolled by a row, so the row
        # dropped at row 3 landed at row 4 (seen in screenshots during the hold).
        before = self.start(app_with_long_list(300))
        hold_and_drag(self.app, 4, row_center_y(2))
        expected = before[:2] + [before[4]] + before[2:4] + before[5:]
        wait_for(lambda: self.app.titles() == expected, message="the row moved to row 3, under the pointer")

    def test_escape_puts_the_lifted_row_back(self):
        before = self.start()
        hold_and_drag(self.app, 1, row_center_y(4), then=("key", "Escape", "sleep", 0.2, "mouseup", "1"))
        time.sleep(0.3)
        self.assertEqual(self.app.titles(), before)
        # The rest of the drag is not a pull down either (it went down three rows).
        self.assertEqual(self.app.window_names()[:1], ["Welcome to Flick"])

    def test_a_completed_row_does_not_lift(self):
        # Completed rows are not lifted (DESIGN 2.7). On a long list at its top, a drag up
        # from a row that did not lift is no pull and no swipe: nothing moves.
        before = self.start(app_with_long_list(300))
        drag(self.app, (30, row_center_y(5)), window_width(self.app) - 60, step_px=40)  # Swiped right: completed.
        wait_for(lambda: self.app.items()[5] == (before[5], 1), message="row 6 completed")
        hold_and_drag(self.app, 5, row_center_y(2) - 10)
        time.sleep(0.5)
        self.assertEqual(self.app.items()[:8], [(title, int(title == before[5])) for title in before[:8]])
        # The same hold on an open row lifts it and carries it up (where exactly is the tests'
        # above, on a list that does not scroll): the pointer did reach the rows.
        hold_and_drag(self.app, 4, row_center_y(2) - 10)
        wait_for(lambda: self.app.titles().index(before[4]) < 4, message="the open row moved up")

    def test_near_the_bottom_edge_the_list_scrolls_by_itself(self):
        before = self.start(app_with_long_list(300))
        height = int(dict(line.split("=") for line in xdotool("getwindowgeometry", "--shell", self.app.window).split())["HEIGHT"])
        hold_and_drag(self.app, 1, height - 8, hold_at_end_s=1.5)
        after = wait_for(lambda: (lambda titles: titles if titles != before else None)(self.app.titles()),
                         message="the row moved")
        moved_to = after.index(before[1])
        self.assertGreater(moved_to, 15, "carried past the rows on screen (about ten)")
        self.assertEqual([title for title in after if title != before[1]], before[:1] + before[2:],
                         "one move, nothing else changed")

    def test_a_row_held_at_the_back_button_goes_up_and_drops_on_another_list(self):
        before = self.start()
        counts = self.app.lists()
        y0 = row_center_y(2)
        command = ["mousemove", "--window", self.app.window, 200, y0, "mousedown", "1", "sleep", HOLD_S]
        # Up to the back button at the header bar's start, held there, then down onto the
        # second list of the overview (its fourth row: Today and Upcoming come first).
        for step in range(1, 31):
            command += ["sleep", 0.016, "mousemove", "--window", self.app.window,
                        int(200 - 173 * step / 30), int(y0 + (25 - y0) * step / 30)]
        command += ["sleep", 1.2]
        for step in range(1, 21):
            command += ["sleep", 0.016, "mousemove", "--window", self.app.window,
                        int(27 + 173 * step / 20), int(25 + (row_center_y(3) - 25) * step / 20)]  # Below Upcoming.
        command += ["sleep", 0.3, "mouseup", "1"]
        xdotool(*command)
        (first, first_count), (second, second_count) = counts
        wait_for(lambda: self.app.lists() == [(first, first_count - 1), (second, second_count + 1)],
                 message="the item moved to the second list")
        self.assertEqual(self.app.window_names()[:1], ["Lists"], "the overview stays")
        moved = self.app.query("SELECT list.name FROM item JOIN list ON list.id = item.list_id WHERE item.title = ?",
                               before[2])
        self.assertEqual(moved, [(second,)], "the carried item is the one in the second list")

    def test_a_lifted_row_released_over_the_header_bar_drops(self):
        before = self.start()
        y0 = row_center_y(3)
        command = ["mousemove", "--window", self.app.window, 300, y0, "mousedown", "1", "sleep", HOLD_S]
        for y in range(y0 - 6, 20, -6):
            command += ["sleep", 0.016, "mousemove", "--window", self.app.window, 300, y]
        command += ["sleep", 0.2, "mouseup", "1"]
        xdotool(*command)
        wait_for(lambda: self.app.titles() == [before[3]] + before[:3] + before[4:], message="dropped at the top")
        # Nothing is left lifted: a plain click on a row selects it and Delete deletes it.
        self.app.keys("Delete")
        wait_for(lambda: len(self.app.titles()) == len(before) - 1, message="the list answers again")

    def test_lists_reorder_on_the_overview(self):
        self.start()
        self.app.keys("alt+Left")
        wait_for(lambda: self.app.window_names()[:1] == ["Lists"], message="the overview")
        time.sleep(0.4)

        before = self.app.list_names()
        # Rows 0 and 1 are Today and Upcoming: the first list's row is row 2.
        hold_and_drag(self.app, 2, row_center_y(3) + 10)
        wait_for(lambda: self.app.list_names() == [before[1], before[0]], message="the first list moved below the second")


if __name__ == "__main__":
    unittest.main()
