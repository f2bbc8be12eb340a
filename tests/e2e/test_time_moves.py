"""End to end (issue 74, point 6): Flick follows the clock while it runs. The wall clock is
played by libfaketime (tests/e2e/system_bus.py's FakeClock), the monotonic clock left alone;
logind by python3-dbusmock on a stand-in system bus. At midnight Today takes in what became due
and an item typed there is due on the new day; after a suspend across midnight (the clock jumped,
then logind's PrepareForSleep(false)) the same happens within seconds, and a reminder that came
due while the machine slept is shown at the resume."""

import sqlite3
import subprocess
import unittest

from flickapp import FlickApp, accessible_strings, built_binary, flick_environment, wait_for
from system_bus import FakeClock, SystemBusStandIn
from test_reminders import NotificationServer

ZONE = "Europe/Berlin"
LOGIND = "org.freedesktop.login1"


class ClockTestCase(unittest.TestCase):
    START = None

    def setUp(self):
        self.clock = FakeClock(self.START)
        self.addCleanup(self.clock.close)
        self.bus = SystemBusStandIn()
        self.addCleanup(self.bus.close)
        self.bus.start_mock("logind", LOGIND)
        self.app = FlickApp(env={"LANGUAGE": "en", "LANG": "C.UTF-8", "TZ": ZONE, **self.clock.environment,
                                 **self.bus.environment})
        self.addCleanup(self.app.cleanup)

    def add(self, text):
        """`flick --add` on the app's folder at the fake clock's time, before the window starts."""
        env = flick_environment({"PATH": "/usr/bin:/bin", "LANGUAGE": "en", "LANG": "C.UTF-8", "TZ": ZONE,
                                 "HOME": str(self.app.data_dir), "GSETTINGS_BACKEND": "memory", **self.clock.environment})
        done = subprocess.run([str(built_binary()), "--data-dir", str(self.app.data_dir), "--add", text],
                              capture_output=True, text=True, env=env, timeout=60)
        self.assertEqual(done.returncode, 0, done.stderr)

    def open_today(self):
        self.app.start()
        wait_for(self.app.titles, message="the welcome list")
        self.app.keys("alt+Left")
        wait_for(lambda: any(name.startswith("Today") for name in accessible_strings(self.app.process.pid)),
                 message="the overview")
        self.app.keys("Home", "Return")
        wait_for(lambda: self.app.window_names() == ["Today"], message="Today opened")

    def shown(self, title):
        return any(name.startswith(f"{title}, not completed") for name in accessible_strings(self.app.process.pid))

    def assert_an_item_typed_on_today_is_due(self, day):
        self.app.keys("ctrl+n")
        self.app.type("Buy flowers")
        self.app.keys("Return")
        wait_for(lambda: self.app.query("SELECT due_day FROM item WHERE title = 'Buy flowers'") == [(day,)],
                 message=f"an item typed on Today due {day}")


class MidnightTests(ClockTestCase):
    START = "2026-03-01 23:59:52"

    def test_at_midnight_today_takes_in_the_new_days_items(self):
        self.add("Pay rent today")
        self.add("Fix the fence tomorrow")
        self.open_today()
        wait_for(lambda: self.shown("Pay rent"), message="today's item")
        self.assertFalse(self.shown("Fix the fence"), "tomorrow's item is not today's yet")
        wait_for(lambda: self.shown("Fix the fence"), timeout=20, message="the new day's item, after midnight")
        self.assert_an_item_typed_on_today_is_due(20260302)


class ResumeTests(ClockTestCase):
    START = "2026-03-01 22:00:00"

    def test_after_a_suspend_across_midnight_today_and_the_reminders_follow_the_clock(self):
        server = NotificationServer()
        self.addCleanup(server.close)
        self.add("Take out the bins tomorrow")
        self.add("Call the plumber tomorrow")
        self.write(f"UPDATE item SET reminder = 'at:20260302:390:{ZONE}' WHERE title = 'Call the plumber'")
        self.open_today()
        self.assertFalse(self.shown("Take out the bins"), "tomorrow's item is not today's")
        self.bus.emit(LOGIND, "/org/freedesktop/login1", "org.freedesktop.login1.Manager", "PrepareForSleep", "b", "true")
        self.clock.set("2026-03-02 07:00:00")  # The night passes with the lid shut.
        self.bus.emit(LOGIND, "/org/freedesktop/login1", "org.freedesktop.login1.Manager", "PrepareForSleep", "b", "false")
        wait_for(lambda: self.shown("Take out the bins"), timeout=5, message="the new day on Today at the resume")
        notification = server.next(timeout=5)
        self.assertEqual(notification["summary"], "Call the plumber", "the reminder due at 6:30, shown at the resume")
        self.assert_an_item_typed_on_today_is_due(20260302)

    def write(self, sql):
        with sqlite3.connect(self.app.database) as db:
            db.execute(sql)


if __name__ == "__main__":
    unittest.main()
