"""End to end (issue 74, point 6): Flick follows the clock and the zone while it runs. The wall
clock is moved by a preloaded shim (tests/e2e/system_bus.py's FakeClock), the monotonic clock
left alone; logind and timedated are played by python3-dbusmock on a stand-in system bus; the
machine's /etc/localtime by an overlay of /etc in a mount namespace of Flick's own. At midnight
Today takes in what became due and an item typed there is due on the new day; after a suspend
across midnight (the clock jumped, then logind's PrepareForSleep(false)) and after the clock is
set past midnight the same happens within seconds, and a reminder that came due while the machine slept is shown at the resume. A new zone
moves the reminders on the local clock, keeps those in a zone of their own, and shows none
twice."""

import os
import shutil
import sqlite3
import subprocess
import tempfile
import time
import unittest
from pathlib import Path

from flickapp import FlickApp, accessible_strings, built_binary, flick_environment, wait_for
from system_bus import FakeClock, SystemBusStandIn
from test_reminders import NotificationServer

ZONE = "Europe/Berlin"
LOGIND = "org.freedesktop.login1"


class ClockTestCase(unittest.TestCase):
    START = None
    # The zone the clock's times are in, and Flick's TZ (None: Flick reads /etc/localtime).
    CLOCK_ZONE = ZONE
    TZ = ZONE

    def setUp(self):
        self.clock = FakeClock(self.START, zone=self.CLOCK_ZONE)
        self.addCleanup(self.clock.close)
        self.bus = SystemBusStandIn()
        self.addCleanup(self.bus.close)
        self.bus.start_mock("logind", LOGIND)
        zone = {"TZ": self.TZ} if self.TZ else {}
        self.app = FlickApp(env={"LANGUAGE": "en", "LANG": "C.UTF-8", **zone, **self.clock.environment,
                                 **self.bus.environment})
        self.addCleanup(self.app.cleanup)

    def add(self, text):
        """`flick --add` on the app's folder at the fake clock's time, before the window starts."""
        env = flick_environment({"PATH": "/usr/bin:/bin", "LANGUAGE": "en", "LANG": "C.UTF-8", "TZ": self.TZ or "UTC",
                                 "HOME": str(self.app.data_dir), "GSETTINGS_BACKEND": "memory", **self.clock.environment})
        done = subprocess.run([str(built_binary()), "--data-dir", str(self.app.data_dir), "--add", text],
                              capture_output=True, text=True, env=env, timeout=60)
        self.assertEqual(done.returncode, 0, done.stderr)

    def write(self, sql):
        """A change made straight in the database before Flick starts (a reminder's own time)."""
        with sqlite3.connect(self.app.database) as db:
            db.execute(sql)

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



@unittest.skipUnless(os.geteuid() == 0, "setting the clock needs root (CI runs as root)")
class ClockSetTests(ClockTestCase):
    """The wall clock set forward while Flick runs, with no suspend (an NTP step, a user setting
    the time): the kernel cancels Flick's midnight timer, a timerfd on CLOCK_REALTIME with
    TFD_TIMER_CANCEL_ON_SET (`MidnightTimer`), and Flick looks at the day again. The shim moves
    Flick's clock; the machine's clock is then set to the moment it already reads, which changes
    no time but is a set all the same: the kernel cancels such timers on every set."""

    START = "2026-03-01 20:00:00"

    def test_a_clock_set_past_midnight_moves_today_within_seconds(self):
        self.add("Fix the fence tomorrow")
        self.open_today()
        self.assertFalse(self.shown("Fix the fence"), "tomorrow's item is not today's")
        self.clock.set("2026-03-02 08:00:00")
        time.sleep(1)
        self.assertFalse(self.shown("Fix the fence"), "nothing tells Flick before the set: the midnight timer is hours away")
        time.clock_settime(time.CLOCK_REALTIME, time.clock_gettime(time.CLOCK_REALTIME))
        wait_for(lambda: self.shown("Fix the fence"), timeout=5, message="the new day on Today after the clock was set")
        self.assert_an_item_typed_on_today_is_due(20260302)


@unittest.skipUnless(os.geteuid() == 0 and shutil.which("unshare"), "a mount namespace needs root (CI runs as root)")
class TimeZoneTests(ClockTestCase):
    """The machine moves from UTC to Berlin and back while Flick runs, as timedated moves it:
    /etc/localtime pointed at the new zone (in Flick's own view of /etc), then `Timezone`'s
    PropertiesChanged."""

    START = "2026-03-10 08:50:00"
    CLOCK_ZONE = "UTC"
    TZ = None
    TIMEDATE = "org.freedesktop.timedate1"

    def setUp(self):
        super().setUp()
        # The machine's own zone must be left as it was: only Flick's view of /etc moves.
        machine_zone = os.path.realpath("/etc/localtime")
        self.addCleanup(lambda: self.assertEqual(os.path.realpath("/etc/localtime"), machine_zone,
                                                 "the machine's /etc/localtime was changed"))
        self.bus.start_mock("timedated", self.TIMEDATE)
        overlay = Path(tempfile.mkdtemp(prefix="flick-etc-"))
        self.addCleanup(subprocess.run, ["rm", "-rf", str(overlay)])
        (overlay / "upper").mkdir()
        (overlay / "work").mkdir()
        mount = (f"mount -t overlay overlay -o lowerdir=/etc,upperdir={overlay}/upper,workdir={overlay}/work /etc"
                 " && ln -sf /usr/share/zoneinfo/Etc/UTC /etc/localtime && exec \"$@\"")
        self.app.command_prefix = ("unshare", "--mount", "--propagation", "private", "sh", "-c", mount, "sh")

    def move_to(self, zone):
        # --root: Flick's own root too. Entering a mount namespace alone puts nsenter at that
        # namespace's root, which under a chroot (tools/debian13) is the host's: the link was
        # written to the host's /etc/localtime, not Flick's view of /etc.
        subprocess.run(["nsenter", "-t", str(self.app.process.pid), "-m", "--root", "ln", "-sf", f"/usr/share/zoneinfo/{zone}",
                        "/etc/localtime"], check=True)
        done = subprocess.run(["gdbus", "call", "--address", self.bus.address, "--dest", self.TIMEDATE, "--object-path",
                               "/org/freedesktop/timedate1", "--method", "org.freedesktop.timedate1.SetTimezone",
                               zone, "false"], capture_output=True, text=True, timeout=10)
        self.assertEqual(done.returncode, 0, done.stderr)

    def notifications(self, server, seconds):
        """The titles of the notifications the server is sent within `seconds`."""
        titles, deadline = [], time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                titles.append(server.next(timeout=max(0.05, deadline - time.monotonic()))["summary"])
            except AssertionError:
                break
        return titles

    def test_a_new_zone_moves_local_clock_reminders_keeps_zoned_ones_and_shows_none_twice(self):
        server = NotificationServer()
        self.addCleanup(server.close)
        self.add("Stand-up")
        self.add("Call Berlin")
        self.write("UPDATE item SET reminder = 'at:20260310:540:' WHERE title = 'Stand-up'")  # 9:00, local clock
        self.write("UPDATE item SET reminder = 'at:20260310:600:Europe/Berlin' WHERE title = 'Call Berlin'")  # 9:00 UTC
        self.app.start()
        wait_for(self.app.titles, message="the welcome list")
        self.assertEqual(self.notifications(server, 2), [], "8:50 in UTC: nothing due")

        self.move_to("Europe/Berlin")  # 9:50 there: the local clock's 9:00 has passed.
        self.assertEqual(self.notifications(server, 5), ["Stand-up"])

        self.move_to("Etc/UTC")  # 8:50 again: the stand-up is at 9:00 by this clock too.
        self.clock.set("2026-03-10 09:00:03")
        self.bus.emit(LOGIND, "/org/freedesktop/login1", "org.freedesktop.login1.Manager", "PrepareForSleep", "b", "false")
        self.assertEqual(self.notifications(server, 5), ["Call Berlin"], "the zoned one at its instant; the stand-up not twice")


if __name__ == "__main__":
    unittest.main()
