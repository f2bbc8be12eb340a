"""End to end: real one- and two-finger touch on the built app, through GTK's Broadway backend
shown in headless Chromium and driven with the DevTools protocol (broadway.py). Results are
read from the database: GTK 4.8 under Broadway is not on the accessibility bus."""

import tempfile
import time
import unittest
from datetime import date, timedelta
from pathlib import Path

from broadway import TouchSession, pixels_differ
from flickapp import wait_for

# How far each finger moves in a spread: 45 px apart each makes a 90 px gap, past one row
# height (56 px), so releasing inserts; 15 px each makes 30 px, short of it.
SPREAD_PX = 45
SHORT_SPREAD_PX = 15
# After a gesture that must change nothing: long enough for an insert to have been saved.
QUIET_S = 1.0
# Pixels that change on the page while two fingers are down: an open gap moves every row below
# it (127,000 for the short spread); without one only the bottom border of the row under the
# first finger changes shade (480: one 480 px line).
GAP_MIN_PIXELS = 10_000
NO_GAP_MAX_PIXELS = 5_000


class TouchTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.session = TouchSession().start()

    @classmethod
    def tearDownClass(cls):
        cls.session.close()

    def setUp(self):
        self.app = self.session.new_flick()
        self.addCleanup(self.app.cleanup)
        self.items = self.app.items()
        self.titles = [title for title, _ in self.items]
        self.assertEqual(len(self.titles), 10, "the welcome list")

    def wait_for(self, condition, message, timeout=5):
        try:
            return wait_for(condition, timeout=timeout, message=message)
        except AssertionError as error:
            raise AssertionError(f"{error}; items now {self.app.items()}; {self.failure_screenshot()}\n"
                                 f"{self.app.output()}") from None

    def failure_screenshot(self):
        path = Path(tempfile.gettempdir()) / f"flick-touch-{self._testMethodName}.png"
        try:
            self.app.screenshot(path)
            return f"the page is in {path}"
        except Exception as error:
            return f"no screenshot ({error})"

    def spread_rows(self, upper, lower, distance, release=True):
        """Two fingers on rows `upper` and `lower` (a little apart horizontally, as two fingers
        are), spread vertically by `distance` px each."""
        x = self.app.width // 2
        self.app.spread((x - 40, self.app.row_center_y(upper)), (x + 40, self.app.row_center_y(lower)),
                        distance, release=release)

    def assert_nothing_changed(self):
        time.sleep(QUIET_S)
        items = self.app.items()
        if items != self.items:
            self.fail(f"items changed: {items}; {self.failure_screenshot()}")

    # --- One finger ---

    def test_touch_drag_right_completes_item(self):
        y = self.app.row_center_y(2)
        self.app.drag((30, y), (self.app.width - 60, y))
        self.wait_for(lambda: self.app.items()[2][1] == 1, "row 3 completed")
        self.assertEqual(self.app.titles(), self.titles, "completing moves nothing")

    def test_touch_drag_left_opens_menu_and_delete_removes_item(self):
        y = self.app.row_center_y(1)
        self.app.drag((self.app.width - 60, y), (120, y))
        self.app.tap(self.app.delete_button_x(), y)
        self.wait_for(lambda: self.app.titles() == self.titles[:1] + self.titles[2:], "row 2 deleted from its menu")

    def test_touch_drag_far_left_past_the_menu_postpones_item(self):
        # Issue 59: past the menu and its postpone line, the cue says Tomorrow; let go there.
        y = self.app.row_center_y(3)
        self.app.drag((self.app.width - 30, y), (20, y), steps=24)
        tomorrow = int((date.today() + timedelta(days=1)).strftime("%Y%m%d"))
        due = lambda: self.app.query("SELECT due_day FROM item WHERE title = ?", self.titles[3])[0][0]
        self.wait_for(lambda: due() == tomorrow, "row 4 due tomorrow")
        self.assertEqual(self.app.titles(), self.titles, "postponing moves nothing")

    def test_a_window_opening_over_a_touch_pull_cancels_it(self):
        """A finger pulls the list down past a row; the details window (Ctrl+I) opens over it,
        and GTK cancels the pull's drag, passing the touch's event sequence to the cancel
        handler (issue 26: the old handler took that sequence for its own data). Flick lives,
        and the pull is reset: the finger lifting afterwards adds nothing."""
        x, y = self.app.width // 2, self.app.row_center_y(0)
        before = self.app.screenshot()
        self.app.touch_gesture([(x, y)], [(x, y + 100)], release=False)
        pulled = self.app.screenshot_when_settled(unlike=before)
        self.assertGreater(pixels_differ(before, pulled), GAP_MIN_PIXELS, "the list follows the pull")
        self.app.press_ctrl_key("i")
        self.app.screenshot_when_settled(unlike=pulled)
        self.assertIsNone(self.app.process.poll(), f"Flick died when the pull was cancelled: {self.app.output()}")
        self.app.press_key("Escape")
        self.app.release()
        time.sleep(0.5)
        self.app.type_text("Not an item")
        self.app.press_key("Enter")
        self.assert_nothing_changed()
        self.assertIsNone(self.app.process.poll(), f"Flick died when the pull was cancelled: {self.app.output()}")

    # --- Two fingers ---

    def test_spread_on_neighbouring_rows_inserts_item_at_position_3(self):
        self.spread_rows(1, 2, SPREAD_PX)
        # A new item opens between rows 2 and 3 with the keyboard focus in it; it is stored
        # once it has a title. (First the page catches up: Broadway shows the new row's first
        # frames late.)
        self.app.screenshot_when_settled()
        self.assertEqual(self.app.titles(), self.titles, "nothing stored before there is a title")
        self.app.type_text("Buy milk")
        self.app.press_key("Enter")
        self.wait_for(lambda: len(self.app.titles()) == len(self.titles) + 1, "the typed item stored")
        titles = self.app.titles()
        self.assertEqual(titles[2], "Buy milk", "the typed title saved at position 3")
        self.assertEqual(titles[:2] + titles[3:], self.titles)

    def test_spread_on_rows_2_and_5_inserts_nothing(self):
        before = self.app.screenshot()
        self.spread_rows(1, 4, SPREAD_PX, release=False)
        # Rows that are not neighbours: the pinch is ignored, no gap opens under the fingers.
        changed = pixels_differ(before, self.app.screenshot_when_settled(stable_s=1.0))
        self.app.release()
        if changed >= NO_GAP_MAX_PIXELS:
            self.fail(f"a gap opened under the fingers ({changed} pixels changed); {self.failure_screenshot()}")
        self.assert_nothing_changed()

    def test_spread_below_threshold_inserts_nothing(self):
        before = self.app.screenshot()
        self.spread_rows(1, 2, SHORT_SPREAD_PX, release=False)
        # The pinch is taken (a small gap with its placeholder opens), but not far enough.
        changed = pixels_differ(before, self.app.screenshot_when_settled(unlike=before))
        self.app.release()
        if changed <= GAP_MIN_PIXELS:
            self.fail(f"no gap opened under the fingers ({changed} pixels changed); {self.failure_screenshot()}")
        self.assert_nothing_changed()

    # --- Levels: pinch together goes up, a spread on a list opens it ---

    def pinch_together(self, upper, lower, distance):
        """Two fingers on rows `upper` and `lower` moved towards each other by `distance` px each."""
        x = self.app.width // 2
        (uy, ly) = self.app.row_center_y(upper), self.app.row_center_y(lower)
        before = self.app.screenshot()
        self.app.touch_gesture([(x - 40, uy), (x + 40, ly)], [(x - 40, uy + distance), (x + 40, ly - distance)])
        time.sleep(0.8)  # The settle.
        # Broadway can show the last frames late; keys sent before then have been seen to reach
        # the items still (one run in seven).
        self.app.screenshot_when_settled(unlike=before)

    def test_pinch_together_goes_up_to_the_lists_and_a_spread_on_a_list_opens_it(self):
        lists = self.app.lists()
        self.pinch_together(0, 4, 80)
        # Delete on the overview deletes the focused list, the one that was open.
        self.app.press_key("Delete")
        self.wait_for(lambda: self.app.lists() == lists[1:], "the overview shown: Delete removed the welcome list")
        self.app.screenshot_when_settled()
        # Both fingers on the one list left (below Today's and Upcoming's rows), spread apart: it
        # opens; Delete then removes its first item.
        x, y = self.app.width // 2, self.app.row_center_y(2)
        name, count = lists[1]
        # Until session 27 this spread was lost whole now and then under load (three tries lost
        # in one of about five CI runs): the harness let a touch's end go to an element Broadway
        # had replaced, so GTK kept fingers of the pinch before down for good (`_NO_TOUCH_ACTION`
        # in broadway.py; `release` now waits until the page heard every finger lift). The
        # tries stay, each checking that a lost one changed nothing.
        attempts = (1, 2, 3)
        for attempt in attempts:
            self.app.touch_gesture([(x - 20, y - 8), (x + 20, y + 8)], [(x - 20, y - 40), (x + 20, y + 40)])
            time.sleep(0.8)
            self.app.press_key("Delete")
            if attempt != attempts[-1]:
                try:
                    wait_for(lambda: self.app.lists() == [(name, count - 1)], timeout=3, message="")
                    return
                except AssertionError:
                    self.assertEqual(self.app.lists(), [(name, count)], "nothing changed before the next try")
                    self.app.screenshot_when_settled()
        self.wait_for(lambda: self.app.lists() == [(name, count - 1)],
                      f"the list opened: Delete removed an item (the page's last touches: {self.app.touch_record()})")

    def test_a_spread_on_one_item_opens_its_subtasks(self):
        """Issue 32: two fingers spread on one item's row open its subtasks, as on a list's row
        on the overview; Delete there removes a subtask, not the item."""
        import sqlite3
        parent = self.titles[0]
        without_subtasks = self.app.screenshot_when_settled()
        with sqlite3.connect(self.app.database) as db:
            list_id = db.execute("SELECT list_id FROM item WHERE title = ?", (parent,)).fetchone()[0]
            db.execute("UPDATE item SET uid = 'trip' WHERE title = ?", (parent,))
            db.executemany("INSERT INTO item (list_id, title, rank, parent_uid) VALUES (?, ?, ?, 'trip')",
                           [(list_id, f"Step {n}", n) for n in range(3)])
        steps = lambda: self.app.query("SELECT count(*) FROM item WHERE parent_uid = 'trip'")[0][0]
        # Another program's commit, taken in (Flick looks for one about once a second): the row
        # shows 0/3. Had the spread begun before, that change would pass for the spread's.
        self.app.screenshot_when_settled(unlike=without_subtasks)
        x, y = self.app.width // 2, self.app.row_center_y(0)
        for attempt in (1, 2):  # As above.
            before = self.app.screenshot()
            self.app.touch_gesture([(x - 20, y - 8), (x + 20, y + 8)], [(x - 20, y - 40), (x + 20, y + 40)])
            # Delete only once the window has changed and settled: pressed while the item's own
            # level is still shown (a spread lost, or a slow transition on a busy machine: a CI
            # run), it deletes the item with its subtasks.
            if self.app.screenshot_when_settled(unlike=before) != before:
                break
            self.assertEqual(steps(), 3, "nothing changed before the next try")
        self.app.press_key("Delete")
        self.wait_for(lambda: steps() == 2, "the subtasks opened: Delete removed one of them")
        self.assertIn(parent, [title for title, _ in self.app.items()], "the item itself is still there")

    def test_short_slow_pinch_together_springs_back(self):
        x = self.app.width // 2
        (uy, ly) = self.app.row_center_y(0), self.app.row_center_y(4)
        # 224 px apart, 12 px closer each over 1.5 s: scale 0.89, slowly.
        self.app.touch_gesture([(x - 40, uy), (x + 40, ly)], [(x - 40, uy + 12), (x + 40, ly - 12)], steps=30,
                               step_s=0.05)
        time.sleep(0.8)
        self.app.press_key("Delete")
        self.wait_for(lambda: len(self.app.titles()) == len(self.titles) - 1, "still on the items: Delete removed one")


if __name__ == "__main__":
    unittest.main()
