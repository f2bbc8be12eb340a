"""End to end: going up from a list's items to the lists overview with a mouse, Ctrl+scroll
down being the pinch together of a mouse (DESIGN 2.7): four wheel steps land on the overview,
two spring back. Real input (xdotool) on the built app under Xvfb; the window title says which
level is shown."""

import time
import unittest

from flickapp import FlickApp, row_center_y, wait_for, xdotool


class LevelTests(unittest.TestCase):
    def setUp(self):
        self.app = FlickApp()
        self.addCleanup(self.app.cleanup)
        self.app.start()
        self.titles = wait_for(self.app.titles, message="the welcome list")

    def ctrl_scroll_down(self, steps):
        xdotool("mousemove", "--window", self.app.window, 200, row_center_y(3), "keydown", "ctrl",
                "click", "--repeat", steps, "--delay", 30, "5", "keyup", "ctrl")
        time.sleep(0.9)  # The 0.3 s without a step that ends it, and the settle.

    def test_four_ctrl_scroll_steps_down_go_up_to_the_lists(self):
        self.ctrl_scroll_down(4)
        wait_for(lambda: self.app.title() == "Lists", message="the overview")
        self.app.keys("Return")
        wait_for(lambda: self.app.title() == "Welcome to Flick", message="Enter opens the list again")
        self.assertEqual(self.app.titles(), self.titles, "going up and back changes no item")

    def test_two_ctrl_scroll_steps_down_spring_back(self):
        self.ctrl_scroll_down(2)
        self.assertEqual(self.app.title(), "Welcome to Flick")
        # Still the items: Delete removes the focused item.
        self.app.keys("Delete")
        wait_for(lambda: self.app.titles() == self.titles[1:], message="an item deleted, so the items are shown")

    def test_the_mouse_back_and_forward_buttons_go_up_and_return(self):
        # As in a browser: the back button (8) goes up to the lists, forward (9) returns.
        xdotool("mousemove", "--window", self.app.window, 200, row_center_y(2), "click", "8")
        wait_for(lambda: self.app.title() == "Lists", message="the back button goes up")
        xdotool("click", "9")
        wait_for(lambda: self.app.title() == "Welcome to Flick", message="the forward button returns")


if __name__ == "__main__":
    unittest.main()
