"""End to end (issue 74, point 1): repeating tasks whose rules other clients write
(Thunderbird, tasks.org, Nextcloud Tasks, jtx Board: BYDAY with an ordinal, BYSETPOS, a daily
rule's BYDAY, BYMONTH), completed as a user completes them, land on the day the rule names, and
that day is what leaves the machine: in `flick --export`, and on a real CalDAV server after a
sync, with the rule written back as it came. So do the series whose EXDATE takes an occurrence
out (jtx Board and Thunderbird write one for an occurrence deleted) or whose RDATE adds one, in
a date, a zone's time or UTC. The right day is python-dateutil's, a second implementation beside
the libical Flick uses; the issue's own figures are asserted too."""

import subprocess
import tempfile
import unittest
from datetime import datetime
from zoneinfo import ZoneInfo
from pathlib import Path

from dateutil.rrule import rruleset, rrulestr

from caldav_client import ics_property
from flickapp import FlickApp, built_binary, flick_environment, wait_for
from test_caldav import CalDAVTestCase
from test_caldav_recurring import complete_by_reminder_action, line, master

# UID: (title, due day, rule, the next due day as the issue found it right[, the series' other lines]).
TASKS = {
    "first-monday": ("Team breakfast", "20260302", "FREQ=MONTHLY;BYDAY=1MO", "20260406"),
    "last-sunday-of-october": ("Clocks back: check the heating", "20261025", "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
                               "20271031"),
    "last-weekday": ("Send the invoices", "20260227", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "20260331"),
    "every-weekday": ("Stand-up notes", "20261127", "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", "20261130"),
    "last-day": ("Pay the rent", "20260131", "FREQ=MONTHLY;BYMONTHDAY=-1", "20260228"),
    "every-friday": ("Water the ferns", "20261127", "FREQ=WEEKLY;BYDAY=FR", "20261204"),
    "lessons-skipped": ("Piano lesson", "20260302", "FREQ=WEEKLY", "20260323",
                        ["EXDATE;VALUE=DATE:20260309,20260316"]),
    "extra-board-meeting": ("Board meeting", "20260302", "FREQ=MONTHLY;BYDAY=1MO", "20260320",
                            ["RDATE;VALUE=DATE:20260320"]),
    # 08:00 UTC on 3 March is 09:00 in Berlin: that day's occurrence is the one taken out.
    "pills-not-tuesday": ("Vitamin D", "20260302T090000", "FREQ=DAILY", "20260304T090000",
                          ["EXDATE:20260303T080000Z"]),
}
BERLIN = ZoneInfo("Europe/Berlin")
LIST = "Welcome to Flick"


def calendar(uids, name="Repeats"):
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Flick tests//Repeats//EN", f"X-WR-CALNAME:{name}"]
    for uid in uids:
        lines += todo(uid)
    return "\r\n".join(lines + ["END:VCALENDAR", ""])


def todo(uid):
    title, due, rule, _, *other = TASKS[uid]
    return ["BEGIN:VTODO", f"UID:{uid}", "DTSTAMP:20260101T000000Z", f"SUMMARY:{title}", due_line(due),
            f"RRULE:{rule}", *(other[0] if other else []), "END:VTODO"]


def due_line(due):
    return f"DUE;TZID=Europe/Berlin:{due}" if "T" in due else f"DUE;VALUE=DATE:{due}"


def dateutil_next(uid):
    """The occurrence after the due date, as python-dateutil computes the series from it: its
    rule, with its EXDATE and RDATE values (in Berlin's wall clock, as the due date is)."""
    _, due, rule, _, *other = TASKS[uid]
    form = "%Y%m%dT%H%M%S" if "T" in due else "%Y%m%d"
    start = datetime.strptime(due, form)
    series = rruleset()
    series.rrule(rrulestr(rule, dtstart=start))
    for entry in other[0] if other else []:
        name, values = entry.split(":", 1)
        for value in values.split(","):
            add = series.exdate if name.startswith("EXDATE") else series.rdate
            add(wall_clock(value))
    return series.after(start).strftime(form)


def wall_clock(value):
    """An EXDATE or RDATE value as a naive Berlin date-time: a date at midnight, UTC moved."""
    if value.endswith("Z"):
        return datetime.strptime(value, "%Y%m%dT%H%M%SZ").replace(tzinfo=ZoneInfo("UTC")).astimezone(BERLIN) \
            .replace(tzinfo=None)
    return datetime.strptime(value, "%Y%m%dT%H%M%S" if "T" in value else "%Y%m%d")


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
        for uid, (_, _, _, expected, *_other) in TASKS.items():
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
            wait_for(lambda: app.query("SELECT due_day FROM item WHERE uid = ?", uid) != [(int(TASKS[uid][1][:8]),)],
                     message=f"{title} moved on")
        app.quit()
        exported = self.flick("--export", LIST)
        self.assertEqual(exported.returncode, 0, exported.stderr)
        dues = due_lines(exported.stdout)
        lines = exported.stdout.replace("\r\n", "\n").split("\n")
        for uid, (_, _, rule, expected, *other) in TASKS.items():
            self.assertEqual(dues.get(uid), expected, f"{rule}: libical and the issue")
            self.assertEqual(dues.get(uid), dateutil_next(uid), f"{rule}: python-dateutil")
            self.assertIn(f"RRULE:{rule}", lines, "the rule as it came")
            for entry in other[0] if other else []:
                self.assertIn(entry, lines, "the series' other dates as they came")


class SyncedRepeatsTests(CalDAVTestCase):
    def test_the_day_synced_is_the_day_the_rule_names_and_the_rule_is_kept(self):
        uids = ["first-monday", "last-weekday", "every-weekday", "last-sunday-of-october", "lessons-skipped"]
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
            for entry in TASKS[uid][4] if len(TASKS[uid]) > 4 else []:
                self.assertEqual(line(task, entry.split(":")[0].split(";")[0]), entry, "written back as it came")
            self.assertNotEqual(ics_property(after[uid], "STATUS"), "COMPLETED", "still open")


if __name__ == "__main__":
    unittest.main()
