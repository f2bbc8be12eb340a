"""End to end: pulling a list down past its top with the mouse (DESIGN 2.6). Past one row a new
item opens at the top for typing; past two rows the window goes up to the lists; a short pull
does nothing. The mouse wheel pulls the same way at the top (three steps create, six go up),
and Ctrl with the wheel stays a pinch. On the lists, a pull down makes a new list. Real pointer input (xdotool) on the
built app under Xvfb; the database and the window title are the judges."""

import time
import unittest

from flickapp import FlickApp, accessible_strings, ctrl_scroll_pinch, drag, row_center_y, scroll_wheel, wait_for, xdotool


class PullDownTests(unittest.TestCase):
    def setUp(self):
        self.app = FlickApp()
        self.addCleanup(self.app.cleanup)
        self.app.start()
        self.before = wait_for(self.app.titles, message="the welcome list")

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
        wait_for(lambda: self.app.title() == "Lists", message="the overview")
        self.assertEqual(self.app.titles(), self.before)

    def test_a_short_pull_does_nothing(self):
        self.pull_down(40)
        time.sleep(0.3)
        self.assertEqual(self.app.title(), "Welcome to Flick")
        # Nothing is being typed: Delete deletes the focused item.
        self.app.keys("Delete")
        wait_for(lambda: self.app.titles() == self.before[1:], message="the first item deleted")

    def test_a_pull_cancelled_by_a_window_opening_leaves_flick_running_and_the_pull_reset(self):
        """A window opening over a pull in progress (Ctrl+I, the details) makes GTK cancel the
        pull's drag; for a mouse, GtkGesture::cancel passes no sequence. Flick handled it with
        a handler of the wrong C signature and died of a nil unwrap (issue 26). Now the pull
        ends: the placeholder goes, and the release that follows creates nothing."""
        start = row_center_y(1)
        command = ["mousemove", "--window", self.app.window, 240, start, "mousedown", "1"]
        for y in range(start + 10, start + 100, 10):
            command += ["sleep", 0.016, "mousemove", "--window", self.app.window, 240, y]
        xdotool(*command)
        pid = self.app.process.pid
        wait_for(lambda: "Release to create item" in accessible_strings(pid), message="the pull past one row")

        self.app.keys("ctrl+i")
        wait_for(lambda: len(self.app.window_names()) == 2, message="the details window over the pull")
        self.assertIsNone(self.app.process.poll(), "Flick died when the pull was cancelled")
        self.app.keys("Escape")
        wait_for(lambda: len(self.app.window_names()) == 1, message="the details window closed")
        xdotool("mouseup", "1")
        time.sleep(0.5)

        self.assertIsNone(self.app.process.poll(), "Flick died when the pull was cancelled")
        strings = accessible_strings(pid)
        self.assertNotIn("Release to create item", strings)
        self.assertNotIn("Pull to create item", strings)
        # No new row waits for a title: typed text and Enter add nothing.
        self.app.type("Not an item")
        self.app.keys("Return")
        time.sleep(0.3)
        self.assertEqual(self.app.titles(), self.before)

    def test_three_wheel_steps_up_at_the_top_open_a_new_item(self):
        time.sleep(0.3)  # The list rests at its top: a wheel that only reaches it does not pull.
        scroll_wheel(self.app, -3, delay_ms=30)
        time.sleep(0.3)  # The pull ends a quarter of a second after the last step.
        self.app.type("Wheeled in")
        self.app.keys("Return")
        wait_for(lambda: self.app.titles() == ["Wheeled in"] + self.before, message="the new item stored at the top")

    def test_six_wheel_steps_up_at_the_top_go_up_to_the_lists(self):
        time.sleep(0.3)
        scroll_wheel(self.app, -6, delay_ms=30)
        wait_for(lambda: self.app.title() == "Lists", message="the overview")

    def test_ctrl_and_the_wheel_at_the_top_is_a_pinch_not_a_pull(self):
        time.sleep(0.3)
        # Ctrl+scroll up over the first rows opens a gap there (a pinch), not a new top item.
        ctrl_scroll_pinch(self.app, 1)
        self.app.type("Pinched")
        self.app.keys("Return")
        wait_for(lambda: self.app.titles() == self.before[:1] + ["Pinched"] + self.before[1:],
                 message="the pinched item stored between rows 1 and 2")

    def test_a_pull_down_on_the_lists_makes_a_list(self):
        self.app.keys("alt+Left")
        wait_for(lambda: self.app.title() == "Lists", message="the overview")
        time.sleep(0.4)
        self.pull_down(90)
        self.app.type("Pulled list")
        self.app.keys("Return")

        wait_for(lambda: self.app.list_names()[:1] == ["Pulled list"], message="the new list stored at the top")
        self.assertEqual(self.app.title(), "Lists")


if __name__ == "__main__":
    unittest.main()
