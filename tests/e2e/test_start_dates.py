"""End to end: start dates, "not before" (issue 59), in the built binary under Xvfb with real
keyboard input: a start typed into a title, the row it makes (below the open items, dimmed,
its start in the name Orca reads), one undo, and the details window's Starts field."""

import datetime
import subprocess
import time
import unittest
from zoneinfo import ZoneInfo

from flickapp import FlickApp, accessible_strings, field_names, wait_for


def day_number(day):
    return day.year * 10000 + day.month * 100 + day.day


class StartDateTests(unittest.TestCase):
    def setUp(self):
        self.app = FlickApp(env={"LANGUAGE": "en", "LANG": "C.UTF-8", "TZ": "Europe/Berlin"})
        self.addCleanup(self.app.cleanup)
        self.app.start()
        wait_for(self.app.titles, message="the welcome list")

    def open_items(self):
        return self.app.query("SELECT title, start_day FROM item WHERE list_id = (SELECT list_id FROM item "
                              "ORDER BY list_id LIMIT 1) AND completed = 0 ORDER BY rank")

    def test_a_typed_start_waits_below_the_open_items_and_the_details_set_one(self):
        self.app.keys("ctrl+n")
        self.app.type("Plan trip from Monday")
        self.app.keys("Return")
        today = datetime.datetime.now(ZoneInfo("Europe/Berlin")).date()
        monday = today + datetime.timedelta(days=(7 - today.weekday()) or 7)
        wait_for(lambda: self.open_items()[-1] == ("Plan trip", day_number(monday)),
                 message="the start taken off the title, the item last of the open ones")
        pid = self.app.process.pid
        wait_for(lambda: any(name.startswith("Plan trip, not completed, not started, starts ")
                             for name in accessible_strings(pid)), message="the start in the row's accessible name")

        self.app.keys("ctrl+z")
        wait_for(lambda: ("Plan trip from Monday", None) in self.open_items(), message="one undo gives the title back")
        self.assertEqual(self.open_items()[0], ("Plan trip from Monday", None), "and the row back at the top")

        # The details window: Alt+S opens the Starts calendar on today; Enter picks it.
        self.app.keys("ctrl+i")
        wait_for(lambda: "Details" in self.app.window_names(), message="the details window")
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^Details$"],
                               capture_output=True, text=True).stdout.split()
        subprocess.run(["xdotool", "windowfocus", found[0]], capture_output=True)
        time.sleep(0.3)
        names = field_names(pid)
        for name in ["Start date", "Quick start dates"]:
            self.assertIn(name, names, f"a field named {name!r} for screen readers")
        self.app.keys("alt+s")
        self.app.keys("Return")
        wait_for(lambda: self.open_items()[0] == ("Plan trip from Monday", day_number(today)), message="starts today")
        self.app.keys("Escape")
        wait_for(lambda: self.app.window_names() == ["Welcome to Flick"], message="Escape closes the details")
        self.assertFalse(any(name.startswith("Plan trip from Monday, not completed, not started")
                             for name in accessible_strings(pid)), "started today: not waiting")


if __name__ == "__main__":
    unittest.main()
