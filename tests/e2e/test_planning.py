"""End to end: planning (issue 9) in the built binary under Xvfb, driven with real keyboard
input: quick dates typed into a title, and the due chip that shows them."""

import datetime
import unittest
from zoneinfo import ZoneInfo

from flickapp import FlickApp, accessible_strings, wait_for


def day_number(day):
    return day.year * 10000 + day.month * 100 + day.day


class QuickDateTests(unittest.TestCase):
    def setUp(self):
        self.app = FlickApp(env={"LANGUAGE": "en", "LANG": "C.UTF-8", "TZ": "Europe/Berlin"})
        self.addCleanup(self.app.cleanup)
        self.app.start()
        wait_for(self.app.titles, message="the welcome list")

    def top_item(self):
        rows = self.app.query("SELECT title, due_day, due_minute, reminder FROM item ORDER BY list_id, rank LIMIT 1")
        return rows[0]

    def test_a_trailing_date_becomes_the_due_date_and_one_undo_gives_the_title_back(self):
        self.app.keys("ctrl+n")
        self.app.type("Buy milk tomorrow")
        self.app.keys("Return")
        tomorrow = datetime.datetime.now(ZoneInfo("Europe/Berlin")).date() + datetime.timedelta(days=1)
        wait_for(lambda: self.top_item()[0] == "Buy milk", message="the date phrase taken off the title")
        self.assertEqual(self.top_item(), ("Buy milk", day_number(tomorrow), None, None),
                         "a date alone brings no time and no reminder")
        wait_for(lambda: "Buy milk, not completed, due Tomorrow" in accessible_strings(self.app.process.pid),
                 message="the due date in the row's accessible name")
        wait_for(lambda: "Tomorrow" in accessible_strings(self.app.process.pid), message="the due chip")

        self.app.keys("ctrl+z")
        wait_for(lambda: self.top_item()[0] == "Buy milk tomorrow", message="one undo gives back the typed title")
        self.assertEqual(self.top_item(), ("Buy milk tomorrow", None, None, None))

    def test_a_time_sets_a_reminder_at_that_time(self):
        self.app.keys("ctrl+n")
        self.app.type("Call mum 18:30")
        self.app.keys("Return")
        wait_for(lambda: self.top_item()[0] == "Call mum", message="the time taken off the title")
        title, day, minute, reminder = self.top_item()
        self.assertEqual(minute, 18 * 60 + 30)
        self.assertEqual(reminder, "before:0", "a due time brings a reminder at that time")
        zone = self.app.query("SELECT due_zone FROM item WHERE title = 'Call mum'")[0][0]
        self.assertEqual(zone, "Europe/Berlin")

    def test_editing_a_title_to_end_in_a_date_sets_it(self):
        first = self.app.titles()[0]
        self.app.keys("F2", "End")
        self.app.type(" next week")
        self.app.keys("Return")
        wait_for(lambda: self.top_item()[1] is not None, message="the due date set by the edited title")
        self.assertEqual(self.top_item()[0], first)
        due = datetime.date(self.top_item()[1] // 10000, self.top_item()[1] // 100 % 100, self.top_item()[1] % 100)
        self.assertEqual(due.weekday(), 0, "next week is its Monday")


if __name__ == "__main__":
    unittest.main()
