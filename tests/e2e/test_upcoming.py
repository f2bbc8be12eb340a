"""End to end (issue 59, point 3): the Upcoming view on the built app under Xvfb, with real
keyboard and pointer input. Ctrl+U opens it; its days are headings a screen reader hears as
such, a repeating item's next occurrence is a row of its own; a row held and dragged under
another day's heading is due that day (one undoable step, a notice); a swipe right completes,
a long swipe left postpones, Alt+Down moves an item a day later. One app start for all of it:
the grouping and the days themselves are UpcomingTests'."""

import os
import sqlite3
import unittest
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from flickapp import FlickApp, accessible_strings, hold_and_drag, row_center_y, wait_for, window_width
from test_postpone import hand_drag

ZONE = ZoneInfo("Europe/Berlin")


def day_number(offset):
    day = datetime.now(ZONE).date() + timedelta(days=offset)
    return day.year * 10000 + day.month * 100 + day.day


class UpcomingTests(unittest.TestCase):
    def setUp(self):
        self.app = FlickApp(env={"LANGUAGE": "en", "LANG": "C.UTF-8", "TZ": "Europe/Berlin"})
        self.addCleanup(self.app.cleanup)
        self.app.start()
        titles = wait_for(self.app.titles, message="the welcome list")
        self.app.quit()
        # Overdue, weekly from today, tomorrow, in three days at nine: rows 1, 3, 5 and 8 of
        # Overdue, D | Today, C | Tomorrow, A | +2 | +3, B | +4 …
        self.plan = dict(zip(titles, [(-1, None, None), (0, None, "FREQ=WEEKLY"), (1, None, None), (3, 540, None)]))
        with sqlite3.connect(self.app.database) as db:
            for title, (offset, minute, rule) in self.plan.items():
                db.execute("UPDATE item SET due_day = ?, due_minute = ?, due_zone = ?, rrule = ? WHERE title = ?",
                           (day_number(offset), minute, "Europe/Berlin" if minute else None, rule, title))
        self.titles = list(self.plan)
        self.undated = titles[len(self.plan)]
        self.app.start()
        wait_for(self.app.titles, message="the list again")

    def due(self, title):
        return self.app.query("SELECT due_day, completed FROM item WHERE title = ?", title)[0]

    def heard(self, text):
        wait_for(lambda: any(text in name for name in accessible_strings(self.app.process.pid)),
                 message=f"a screen reader hears {text!r}")

    def heard_moving_down(self, text, most=30):
        """Moves the focus down the list, a row at a time, until a screen reader hears `text`:
        GTK 4.8's list view has about 200 rows in the accessible tree, GTK 4.18's only the
        ones shown."""
        for _ in range(most):
            if any(text in name for name in accessible_strings(self.app.process.pid)):
                return
            self.app.keys("Down")
        self.heard(text)

    def test_upcoming_shows_the_days_and_drag_swipe_and_keys_reschedule(self):
        overdue, weekly, tomorrow, later = self.titles
        self.app.keys("ctrl+u")
        wait_for(lambda: self.app.window_names() == ["Upcoming"], message="Upcoming opened")
        self.heard("Tomorrow, heading, 1 item")
        self.heard("Overdue, heading, 1 item")
        if os.environ.get("FLICK_UPCOMING_SCREENSHOT"):
            self.app.screenshot(os.environ["FLICK_UPCOMING_SCREENSHOT"])

        # Held and dragged from under Tomorrow to just below the next day's heading.
        hold_and_drag(self.app, 5, row_center_y(6) + 6)
        wait_for(lambda: self.due(tomorrow) == (day_number(2), 0), message="due the day after tomorrow")
        self.heard("Moved to ")
        self.app.keys("ctrl+z")
        wait_for(lambda: self.due(tomorrow) == (day_number(1), 0), message="one undo takes it back")

        # Alt+Down on the focused item: a day later, whatever rows are between.
        self.app.keys("alt+Down")
        wait_for(lambda: self.due(tomorrow) == (day_number(2), 0), message="Alt+Down: a day later")

        # A swipe right completes the overdue item; a long swipe left postpones the later one.
        width = window_width(self.app)
        hand_drag(self.app, 1, 30, width - 20, seed=5)
        wait_for(lambda: self.due(overdue)[1] == 1, message="the overdue item completed")
        later_row = 6  # Overdue and its item gone: Today, C | Tomorrow | +2, A | +3, B …
        hand_drag(self.app, later_row, width - 30, 20, seed=6)
        wait_for(lambda: self.due(later) == (day_number(4), 0), message="the later item postponed a day further")
        self.heard("Postponed to ")

        # Up to the lists and back with Alt+Right, as from a list.
        self.app.keys("alt+Left")
        wait_for(lambda: self.app.window_names() == ["Lists"], message="Alt+Left goes up to the lists")
        self.app.keys("alt+Right")
        wait_for(lambda: self.app.window_names() == ["Upcoming"], message="Alt+Right returns to Upcoming")

        # Another program dates an item while the lists are shown: Upcoming, whose read was
        # kept from the last opening, reads again (UpcomingReadCache) and shows it.
        self.app.keys("alt+Left")
        wait_for(lambda: self.app.window_names() == ["Lists"], message="back to the lists")
        with sqlite3.connect(self.app.database) as db:
            db.execute("UPDATE item SET due_day = ? WHERE title = ?", (day_number(1), self.undated))
        self.app.keys("alt+Right")
        wait_for(lambda: self.app.window_names() == ["Upcoming"], message="Upcoming again")
        self.heard(f"{self.undated}, not completed")
        # A week on, below what the window shows.
        self.heard_moving_down(f"Repeat of {weekly}, not completed")


if __name__ == "__main__":
    unittest.main()
