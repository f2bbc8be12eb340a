"""End to end: reminders (issue 9). A test notification server owns
org.freedesktop.Notifications on the private session bus; Flick's reminder arrives there with
its buttons, and pressing Complete completes the item, with the window closed."""

import datetime
import json
import os
import queue
import subprocess
import sys
import threading
import time
import unittest
from pathlib import Path
from zoneinfo import ZoneInfo

from flickapp import FlickApp, wait_for

ZONE = "Europe/Berlin"


class NotificationServer:
    """tests/e2e/notification_server.py as a child process: the notifications it was sent."""

    def __init__(self, arguments=()):
        script = Path(__file__).with_name("notification_server.py")
        self.process = subprocess.Popen([sys.executable, str(script), *arguments], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        assert self.next(timeout=10).get("ready"), "the notification server owns its name"

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(json.loads(line))

    def next(self, timeout):
        try:
            return self.lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no notification within {timeout} s")

    def invoke(self, notification_id, action):
        self.process.stdin.write(f"invoke {notification_id} {action}\n")
        self.process.stdin.flush()

    def close(self):
        self.process.stdin.close()
        self.process.terminate()
        self.process.wait(timeout=10)


class WithReminder:
    """A notification server (started with SERVER_ARGUMENTS) and a Flick with a reminder."""

    SERVER_ARGUMENTS = ()

    def setUp(self):
        self.server = NotificationServer(self.SERVER_ARGUMENTS)
        self.addCleanup(self.server.close)

    def app_with_reminder(self, fire_in_s, offset_s=0):
        """A Flick whose first item is due (with a reminder at that time) `fire_in_s` seconds
        after start as its clock runs: its clock is `offset_s` seconds ahead of the real one."""
        app = FlickApp(env={"LANGUAGE": "en", "LANG": "C.UTF-8", "TZ": ZONE,
                            "FLICK_TEST_CLOCK_OFFSET": str(offset_s)})
        self.addCleanup(app.cleanup)
        app.start()
        wait_for(app.titles, message="the welcome list")
        app.quit()
        # The reminder's minute: the first whole minute at least a minute ahead of now.
        now = datetime.datetime.now(ZoneInfo(ZONE))
        fire = (now + datetime.timedelta(seconds=60)).replace(second=0, microsecond=0) + datetime.timedelta(minutes=1)
        item_id, title = app.query("SELECT id, title FROM item ORDER BY list_id, rank LIMIT 1")[0]
        import sqlite3
        with sqlite3.connect(app.database) as db:
            db.execute("UPDATE item SET due_day = ?, due_minute = ?, due_zone = ?, reminder = 'before:0' WHERE id = ?",
                       (fire.year * 10000 + fire.month * 100 + fire.day, fire.hour * 60 + fire.minute, ZONE, item_id))
        ahead = (fire - now).total_seconds()
        app.extra_env["FLICK_TEST_CLOCK_OFFSET"] = str(ahead - fire_in_s)
        return app, item_id, title


class ReminderTests(WithReminder, unittest.TestCase):
    def test_a_reminder_comes_with_the_window_closed_and_its_complete_button_completes_the_item(self):
        app, item_id, title = self.app_with_reminder(fire_in_s=6)
        app.start()
        wait_for(app.titles, message="Flick started")
        app.keys("ctrl+w")
        wait_for(lambda: app.window_names() == [], message="the window closed")
        time.sleep(1)
        self.assertIsNone(app.process.poll(), "Flick keeps running while a reminder is pending")

        shown = self.server.next(timeout=20)
        self.assertEqual(shown["summary"], title)
        self.assertEqual(shown["body"], "Welcome to Flick", "the item's list")
        complete = f"app.complete-reminder(int64 {item_id})"
        self.assertIn(complete, shown["actions"])
        self.assertIn(f"app.snooze-reminder(int64 {item_id})", shown["actions"])
        self.assertIn("Complete", shown["actions"])

        self.server.invoke(shown["id"], complete)
        wait_for(lambda: app.query("SELECT completed FROM item WHERE id = ?", item_id) == [(1,)],
                 message="the item completed from the notification")
        # Nothing is pending any more: with no window, Flick ends.
        wait_for(lambda: app.process.poll() is not None, timeout=10, message="Flick ended with nothing left to remind")

    def test_a_reminder_missed_while_flick_was_not_running_shows_once_and_opens_the_item(self):
        app, item_id, title = self.app_with_reminder(fire_in_s=-120)
        app.start()
        shown = self.server.next(timeout=10)
        self.assertEqual(shown["summary"], title)
        self.assertIn("default", shown["actions"], "clicking the notification does something")
        # High priority, which GLib's freedesktop backend sends as normal urgency: never critical.
        self.assertEqual(shown["urgency"], 1, "a reminder is never sent as critical")
        self.server.invoke(shown["id"], "default")
        app.quit()
        app.start()
        time.sleep(2)
        self.assertTrue(self.server.lines.empty(), "a reminder shown once is not shown again")

    def test_remind_in_an_hour_shows_it_again_an_hour_later(self):
        app, item_id, title = self.app_with_reminder(fire_in_s=-10)
        app.start()
        shown = self.server.next(timeout=10)
        self.server.invoke(shown["id"], f"app.snooze-reminder(int64 {item_id})")
        wait_for(lambda: app.query("SELECT snoozed_until IS NOT NULL FROM item WHERE id = ?", item_id) == [(1,)],
                 message="the reminder put off")
        app.quit()
        # An hour (and a little) later by Flick's clock.
        offset = float(app.extra_env["FLICK_TEST_CLOCK_OFFSET"]) + 3600 + 5
        app.extra_env["FLICK_TEST_CLOCK_OFFSET"] = str(offset)
        app.start()
        again = self.server.next(timeout=10)
        self.assertEqual(again["summary"], title)

    def test_started_in_the_background_flick_shows_no_window_and_reminds(self):
        app, item_id, title = self.app_with_reminder(fire_in_s=4)
        from flickapp import built_binary, flick_environment
        env = flick_environment(dict(os.environ, **app.extra_env))
        app.process = subprocess.Popen([str(built_binary()), "--data-dir", str(app.data_dir), "--background"], env=env,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shown = self.server.next(timeout=20)
        self.assertEqual(shown["summary"], title)
        self.assertEqual(app.window_names(), [], "no window at login")
        self.assertIsNone(app.process.poll(), "still running: the reminder waits for an answer")
        self.server.invoke(shown["id"], f"app.complete-reminder(int64 {item_id})")
        wait_for(lambda: app.process.poll() is not None, timeout=10, message="answered, Flick ends")
        self.assertEqual(app.query("SELECT completed FROM item WHERE id = ?", item_id), [(1,)])


class ReminderPriorityTests(WithReminder, unittest.TestCase):
    """GNOME Shell's own interface, org.gtk.Notifications, which GLib prefers where it runs: it
    is told each notification's priority (issue 58)."""

    SERVER_ARGUMENTS = ("--gtk",)

    def test_a_due_reminder_is_sent_at_high_priority(self):
        app, item_id, title = self.app_with_reminder(fire_in_s=-120)
        app.start()
        shown = self.server.next(timeout=10)
        self.assertEqual((shown["id"], shown["summary"]), (f"reminder-{item_id}", title))
        self.assertEqual(shown["priority"], "high", "a due reminder: high, never urgent")


if __name__ == "__main__":
    unittest.main()
