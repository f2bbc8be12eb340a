"""End to end: rows slide, open, complete and close under real pointer input (xdotool) on the
built app under Xvfb. Whether a row is open is checked the way a user finds out: clicking
where its Delete button is deletes the item only if the menu is open."""

import sqlite3
import time
import unittest

from flickapp import (ROW_PITCH_PX, FlickApp, click, drag, language_environment, row_center_y, wait_for, window_width,
                      xdotool)


class RowGestureTests(unittest.TestCase):
    def setUp(self):
        self.app = FlickApp()
        self.addCleanup(self.app.cleanup)
        self.app.start()
        self.titles = wait_for(self.app.titles, message="the welcome list")
        self.width = window_width(self.app)

    def delete_button_x(self):
        return self.width - 35

    def click_delete_of_row(self, index):
        click(self.app, self.delete_button_x(), row_center_y(index))

    def assert_row_closed(self, index):
        before = self.app.titles()
        self.click_delete_of_row(index)
        self.assertEqual(self.app.titles(), before, f"row {index} was open: its Delete button took the click")

    def test_slow_drag_left_past_half_opens_menu_and_delete_removes_item(self):
        drag(self.app, (self.width - 60, row_center_y(0)), 120)
        self.click_delete_of_row(0)
        wait_for(lambda: self.app.titles() == self.titles[1:], message="row 1 deleted from its menu")

    def test_short_fast_flick_left_opens_menu(self):
        drag(self.app, (self.width - 100, row_center_y(1)), self.width - 180, step_px=40)
        self.click_delete_of_row(1)
        wait_for(lambda: self.app.titles() == self.titles[:1] + self.titles[2:], message="row 2 deleted")

    def test_short_slow_drag_left_snaps_back_closed(self):
        # 50 px over 1 s: slower than a swipe (0.7 s) and short of half the menu's width.
        drag(self.app, (self.width - 60, row_center_y(1)), self.width - 110, step_px=5, step_s=0.1)
        self.assert_row_closed(1)

    def test_drag_right_past_half_completes_item(self):
        drag(self.app, (30, row_center_y(2)), self.width - 60)
        wait_for(lambda: self.app.items()[2][1] == 1, message="row 3 completed")
        self.assertEqual(self.app.titles(), self.titles, "completing moves nothing")
        self.assert_row_closed(2)

    def test_short_drag_right_does_not_complete(self):
        drag(self.app, (30, row_center_y(2)), 120, step_px=5, step_s=0.05)
        time.sleep(0.3)
        self.assertEqual(self.app.items()[2][1], 0)

    def test_vertical_drag_moves_no_row(self):
        # Shorter than a row: further down at the top of the list is a pull that creates an item
        # or goes up (test_pull_down.py).
        drag(self.app, (self.width // 2, row_center_y(1)), None, y_end=row_center_y(1) + 40)
        self.assertEqual(self.app.items(), [(t, 0) for t in self.titles])
        for index in range(5):
            self.assert_row_closed(index)

    def test_opening_row_3_closes_row_1(self):
        drag(self.app, (self.width - 60, row_center_y(0)), 120)
        drag(self.app, (self.width - 60, row_center_y(2)), 120)
        self.click_delete_of_row(2)
        wait_for(lambda: len(self.app.titles()) == len(self.titles) - 1, message="row 3 deleted")
        self.assertEqual(self.app.titles()[0], self.titles[0])
        self.assert_row_closed(0)

    def test_menu_key_opens_menu_and_escape_closes_it(self):
        self.app.keys("Menu")
        time.sleep(0.5)
        self.app.keys("Escape")
        time.sleep(0.6)
        self.assert_row_closed(0)
        self.app.keys("Down", "Menu")
        time.sleep(0.5)
        self.click_delete_of_row(1)
        wait_for(lambda: self.app.titles() == self.titles[:1] + self.titles[2:], message="row 2 deleted")

    def test_right_click_opens_menu(self):
        click(self.app, 100, row_center_y(3), button=3)
        time.sleep(0.5)
        self.click_delete_of_row(3)
        wait_for(lambda: self.app.titles() == self.titles[:3] + self.titles[4:], message="row 4 deleted")

    def test_shift_f10_opens_menu_and_tab_reaches_its_buttons(self):
        self.app.keys("Down", "shift+F10")
        time.sleep(0.5)
        # The menu takes the focus on its first button (Complete); Tab ×6 reaches Delete
        # (after Postpone, Edit, Details, Subtasks and Move to Another List).
        self.app.keys("Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "Return")
        wait_for(lambda: self.app.titles() == self.titles[:1] + self.titles[2:], message="row 2 deleted by keyboard")


class RecyclingTests(unittest.TestCase):
    def test_open_row_scrolled_away_and_back_leaves_no_row_open(self):
        app = FlickApp()
        self.addCleanup(app.cleanup)
        app.start()
        wait_for(app.titles, message="the welcome list")
        app.quit()
        connection = sqlite3.connect(app.database)
        with connection:
            connection.executemany("INSERT INTO item (list_id, title, completed, rank) VALUES (1, ?, 0, ?)",
                                   [(f"row {n}", 10**12 + n * 1000) for n in range(250)])
        connection.close()
        app.start()
        width = window_width(app)
        drag(app, (width - 60, row_center_y(0)), 120)
        xdotool("mousemove", "--window", app.window, width // 2, row_center_y(4))
        for _ in range(2):
            xdotool("click", "--repeat", 60, "--delay", 5, "5")  # Wheel down, 200+ rows.
        time.sleep(0.5)
        xdotool("click", "--repeat", 150, "--delay", 5, "4")  # And back to the top.
        time.sleep(0.7)
        before = app.titles()
        for index in range(8):
            click(app, width - 35, row_center_y(index))
        self.assertEqual(app.titles(), before, "a row showed its menu after scrolling")


if __name__ == "__main__":
    unittest.main()


class CtrlScrollInsertTests(unittest.TestCase):
    """Where no pinch events arrive (X11, a mouse), Ctrl+scroll opens the gap at the pointer."""

    def setUp(self):
        self.app = FlickApp()
        self.addCleanup(self.app.cleanup)
        self.app.start()
        self.titles = wait_for(self.app.titles, message="the welcome list")

    def ctrl_scroll_up(self, clicks, boundary):
        y = row_center_y(boundary) - ROW_PITCH_PX // 2
        xdotool("mousemove", "--window", self.app.window, 240, y, "keydown", "ctrl",
                "click", "--repeat", clicks, "--delay", 60, "4", "keyup", "ctrl")
        time.sleep(0.9)  # Scrolling stops (0.3 s), then the gap closes or the item is inserted.

    def test_ctrl_scroll_past_one_row_inserts_and_edits_at_the_pointer(self):
        self.ctrl_scroll_up(6, boundary=2)
        self.assertEqual(self.app.titles(), self.titles, "a new item is stored only once it has a title")
        self.app.type("Pinched in")
        self.app.keys("Return")
        wait_for(lambda: len(self.app.titles()) == len(self.titles) + 1, message="the typed item stored")
        self.assertEqual(self.app.titles()[2], "Pinched in", "between rows 2 and 3, typed into at once")
        self.assertEqual(self.app.titles()[:2] + self.app.titles()[3:], self.titles)

    def test_ctrl_scroll_short_of_one_row_inserts_nothing(self):
        self.ctrl_scroll_up(3, boundary=2)
        # Had a new item opened, this would name it; without one it goes nowhere.
        self.app.type("Nothing here")
        self.app.keys("Return")
        time.sleep(0.3)
        self.assertEqual(self.app.titles(), self.titles)


class RightToLeftTests(unittest.TestCase):
    """In a right-to-left language every direction mirrors: rows open to the right."""

    def setUp(self):
        self.app = FlickApp(env=language_environment("he"))
        self.addCleanup(self.app.cleanup)
        self.app.start()
        self.titles = wait_for(self.app.titles, message="the welcome list")
        self.width = window_width(self.app)

    def test_drag_right_opens_menu_on_the_left(self):
        drag(self.app, (60, row_center_y(0)), self.width - 120)
        click(self.app, 35, row_center_y(0))  # Delete is now at the row's left end.
        wait_for(lambda: self.app.titles() == self.titles[1:], message="row 1 deleted from its menu")

    def test_drag_left_past_half_completes(self):
        drag(self.app, (self.width - 30, row_center_y(1)), 60)
        wait_for(lambda: self.app.items()[1][1] == 1, message="row 2 completed")
