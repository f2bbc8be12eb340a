"""End to end (issue 74, point 1): repeating tasks whose rules other clients write
(Thunderbird, tasks.org, Nextcloud Tasks, jtx Board: BYDAY with an ordinal, BYSETPOS, a daily
rule's BYDAY, BYMONTH), completed as a user completes them, land on the day the rule names, and
that day is what leaves the machine: in `flick --export`, and on a real CalDAV server after a
sync, with the rule written back as it came. The right day is python-dateutil's, a second
implementation beside the libical Flick uses; the issue's own figures are asserted too."""

import subprocess
import tempfile
import unittest
from datetime import datetime
from pathlib import Path

from dateutil.rrule import rrulestr

from caldav_client import ics_property
from flickapp import FlickApp, built_binary, flick_environment, wait_for
from test_caldav import CalDAVTestCase
from test_caldav_recurring import complete_by_reminder_action, line, master

# UID: (title, due day, rule, the next due day as the issue found it right).
TASKS = {
    "first-monday": ("Team breakfast", "20260302", "FREQ=MONTHLY;BYDAY=1MO", "20260406"),
    "last-sunday-of-october": ("Clocks back: check the heating", "20261025", "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
                               "20271031"),
    "last-weekday": ("Send the invoices", "20260227", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "20260331"),
    "every-weekday": ("Stand-up notes", "20261127", "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", "20261130"),
    "last-day": ("Pay the rent", "20260131", "FREQ=MONTHLY;BYMONTHDAY=-1", "20260228"),
    "every-friday": ("Water the ferns", "20261127", "FREQ=WEEKLY;BYDAY=FR", "20261204"),
}
LIST = "Welcome to Flick"


def calendar(uids, name="Repeats"):
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Flick tests//Repeats//EN", f"X-WR-CALNAME:{name}"]
    for uid in uids:
        lines += todo(uid)
    return "\r\n".join(lines + ["END:VCALENDAR", ""])


def todo(uid):
    title, due, rule, _ = TASKS[uid]
    return ["BEGIN:VTODO", f"UID:{uid}", "DTSTAMP:20260101T000000Z", f"SUMMARY:{title}", f"DUE;VALUE=DATE:{due}",
            f"RRULE:{rule}", "END:VTODO"]


def dateutil_next(uid):
    """The occurrence after the due date, as python-dateutil computes the rule from it."""
    _, due, rule, _ = TASKS[uid]
    start = datetime.strptime(due, "%Y%m%d")
    return rrulestr(rule, dtstart=start).after(start).strftime("%Y%m%d")


def due_lines(exported):
    """Each VTODO's DUE value, by UID."""
    dues, uid = {}, None
    for entry in exported.replace("\r\n", "\n").split("\n"):
        if entry.startswith("UID:"):
            uid = entry[4:]
        elif entry.startswith("DUE") and uid:
            dues[uid] = entry.split(":", 1)[1]
    return dues


class RuleReferenceTests(unittest.TestCase):
    def test_dateutil_agrees_with_the_issue(self):
        """The second implementation names the days the issue found right with libical."""
        for uid, (_, _, _, expected) in TASKS.items():
            self.assertEqual(dateutil_next(uid), expected, uid)


class CompletedInTheWindowTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.addCleanup(self.folder.cleanup)
        self.data = Path(self.folder.name) / "data"
        ics = Path(self.folder.name) / "repeats.ics"
        ics.write_text(calendar(TASKS))
        self.flick("--list")  # The welcome list, as on a first start.
        imported = self.flick("--import", str(ics), "--into", LIST)
        self.assertEqual(imported.returncode, 0, imported.stderr)

    def flick(self, *args):
        env = flick_environment({"PATH": "/usr/bin:/bin", "LANGUAGE": "en", "LANG": "C.UTF-8", "TZ": "Europe/Berlin",
                                 "HOME": self.folder.name, "GSETTINGS_BACKEND": "memory"})
        return subprocess.run([str(built_binary()), "--data-dir", str(self.data), *args], capture_output=True, text=True,
                              env=env, timeout=60)

    def test_space_on_each_row_moves_it_to_the_day_its_rule_names(self):
        app = FlickApp(data_dir=self.data, env={"LANGUAGE": "en", "TZ": "Europe/Berlin"})
        self.addCleanup(app.cleanup)
        app.start()
        titles = wait_for(lambda: [t for t in app.titles() if t in {task[0] for task in TASKS.values()}] or None,
                          message="the imported rows")
        self.assertEqual(len(titles), len(TASKS))
        for uid, (title, *_rest) in TASKS.items():
            index = app.titles().index(title)
            app.keys("Home", *["Down"] * index, "space")
            wait_for(lambda: app.query("SELECT due_day FROM item WHERE uid = ?", uid) != [(int(TASKS[uid][1]),)],
                     message=f"{title} moved on")
        app.quit()
        exported = self.flick("--export", LIST)
        self.assertEqual(exported.returncode, 0, exported.stderr)
        dues = due_lines(exported.stdout)
        for uid, (_, _, rule, expected) in TASKS.items():
            self.assertEqual(dues.get(uid), expected, f"{rule}: libical and the issue")
            self.assertEqual(dues.get(uid), dateutil_next(uid), f"{rule}: python-dateutil")
            self.assertIn(f"RRULE:{rule}", exported.stdout.replace("\r\n", "\n").split("\n"), "the rule as it came")


class SyncedRepeatsTests(CalDAVTestCase):
    def test_the_day_synced_is_the_day_the_rule_names_and_the_rule_is_kept(self):
        uids = ["first-monday", "last-weekday", "every-weekday", "last-sunday-of-october"]
        for uid in uids:
            body = calendar([uid], name="Calendar")
            status, _ = self.client.put(f"{self.calendar_path}{uid}.ics", body, if_none_match=True)
            self.assertIn(status, (201, 204), uid)
        laptop = self.machine()
        self.assertEqual(laptop.outbox(), 0, "reading the server is no edit")
        app = FlickApp(data_dir=laptop.folder, env={"LANGUAGE": "en", "LANG": "C.UTF-8", "TZ": "Europe/Berlin",
                                                     **self.secret_env})
        self.addCleanup(app.cleanup)
        app.start()
        for uid in uids:
            (item_id,), = laptop.query("SELECT id FROM item WHERE uid = ?", uid)
            done = complete_by_reminder_action(app, item_id)
            self.assertEqual(done.returncode, 0, done.stderr)
        wait_for(lambda: laptop.outbox() >= len(uids), timeout=10, message="the completions stored")
        app.quit()
        laptop.sync()
        self.assertEqual(laptop.outbox(), 0)
        after = {uid: text for uid, (_, _, text) in self.server_todos().items()}
        for uid in uids:
            task = master(after[uid])
            self.assertEqual(line(task, "DUE"), f"DUE;VALUE=DATE:{TASKS[uid][3]}", uid)
            self.assertEqual(line(task, "DUE").split(":")[1], dateutil_next(uid), uid)
            self.assertEqual(line(task, "RRULE"), f"RRULE:{TASKS[uid][2]}", "written back as it came")
            self.assertNotEqual(ics_property(after[uid], "STATUS"), "COMPLETED", "still open")


if __name__ == "__main__":
    unittest.main()
