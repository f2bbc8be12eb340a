"""End to end (issue 57, point 5): repeating tasks written by other programs, through a real
Radicale on 127.0.0.1 (Xandikos in `make stress`). Each file of tests/fixtures/ics/recurring
(Thunderbird's changed occurrences, tasks.org's moved DUE and DTSTART with COUNT, jtx Board's
exception named by its start and EXDATE, Nextcloud Tasks' completed series) is PUT as that
program would; `flick --sync` brings it in at the occurrence the program shows next; the
occurrence is completed as a reminder's Complete button does (`app.complete-reminder`, the
list's own completion), and after the next sync the server holds the occurrence after it, with
the other program's changed occurrences and EXDATE as they were, and a second machine reads the
same occurrence from it."""

import subprocess
import unittest
from pathlib import Path

from caldav_client import ics_property
from flickapp import FlickApp, wait_for
from test_caldav import CalDAVTestCase

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "ics" / "recurring"
APP_ID = "io.github.flicktodo.Flick"
OBJECT_PATH = "/io/github/flicktodo/Flick"

THUNDERBIRD = "5e0c2a1f-8b7d-4c3e-9f12-6a4d0b7e3c91"
TASKS_ORG = "4417290038816253017"
JTX = "1772438400000-3f6a9c2e-jtx-watering"
NEXTCLOUD = "2c7d1e94-5a3b-4f08-b6e2-9d0c8a1f3e57"
FILES = {THUNDERBIRD: "thunderbird-occurrences-done.ics", TASKS_ORG: "tasks-org-moved-forward.ics",
         JTX: "jtx-board-exception-exdate.ics", NEXTCLOUD: "nextcloud-tasks-master-completed.ics"}


def complete_by_reminder_action(app, item_id):
    """Completes the item in the running Flick `app` as a reminder's Complete button does (the
    list's own completion); the gdbus call's result."""
    return subprocess.run(["gdbus", "call", "--session", "--dest", APP_ID, "--object-path", OBJECT_PATH,
                           "--method", "org.gtk.Actions.Activate", "complete-reminder",
                           f"[<int64 {item_id}>]", "{}"], capture_output=True, text=True, timeout=10,
                          env=app.launch_environment())


def vtodos(text):
    """The VTODO blocks of a resource, unfolded, each as its list of lines."""
    blocks, current = [], None
    for line in text.replace("\r\n", "\n").replace("\n ", "").replace("\n\t", "").split("\n"):
        if line == "BEGIN:VTODO":
            current = []
        if current is not None:
            current.append(line)
        if line == "END:VTODO" and current is not None:
            blocks.append(current)
            current = None
    return blocks


def master(text):
    return next(block for block in vtodos(text) if not any(line.startswith("RECURRENCE-ID") for line in block))


def overrides(text):
    """The changed occurrences, each as its set of lines (a server may write them again in
    another order: Xandikos stores what Python's icalendar parsed)."""
    return sorted(sorted(block) for block in vtodos(text) if any(line.startswith("RECURRENCE-ID") for line in block))


def line(block, name):
    return next((entry for entry in block if entry.split(":", 1)[0].split(";", 1)[0] == name), None)


class RecurringSyncTests(CalDAVTestCase):
    def shown(self, machine):
        """Each item's (completed, due day, due minute, rule) as the list has it, by UID."""
        return {uid: rest for uid, *rest in machine.query(
            "SELECT uid, completed, due_day, due_minute, rrule FROM item WHERE uid IN (?, ?, ?, ?)", *FILES)}

    def complete(self, machine, uids):
        """Each item completed by the running Flick, as a reminder's Complete button does."""
        app = FlickApp(data_dir=machine.folder, env={"LANGUAGE": "en", "LANG": "C.UTF-8", "TZ": "Europe/Berlin",
                                                      **self.secret_env})
        self.addCleanup(app.cleanup)
        app.start()
        for uid in uids:
            (item_id,), = machine.query("SELECT id FROM item WHERE uid = ?", uid)
            done = complete_by_reminder_action(app, item_id)
            self.assertEqual(done.returncode, 0, done.stderr)
        before = {uid: self.shown(machine)[uid] for uid in uids}
        wait_for(lambda: all(self.shown(machine)[uid] != before[uid] for uid in uids) or machine.outbox() >= len(uids),
                 timeout=10, message="the occurrences completed")
        app.quit()

    def test_repeating_tasks_of_other_programs_show_and_move_on_as_they_do(self):
        for uid, name in FILES.items():
            status, _ = self.client.put(f"{self.calendar_path}{uid}.ics", (FIXTURES / name).read_text(),
                                        if_none_match=True)
            self.assertIn(status, (201, 204), name)
        put = {uid: text for uid, (_, _, text) in self.server_todos().items()}
        laptop = self.machine()
        shown = self.shown(laptop)
        # (completed, day, minute of the day, rule): the occurrence each program shows next.
        self.assertEqual(shown[THUNDERBIRD], [0, 20260317, 18 * 60, "FREQ=WEEKLY;BYDAY=TU"])
        self.assertEqual(shown[TASKS_ORG], [0, 20260316, None, "FREQ=WEEKLY;COUNT=3"])
        self.assertEqual(shown[JTX], [0, 20260316, 17 * 60, "FREQ=WEEKLY"])
        self.assertEqual(shown[NEXTCLOUD], [1, 20260305, None, "FREQ=MONTHLY"], "a completed series, as on the server")
        self.assertEqual(laptop.outbox(), 0, "reading the server is no edit")

        self.complete(laptop, [THUNDERBIRD, TASKS_ORG, JTX])
        laptop.sync()
        self.assertEqual(laptop.outbox(), 0)
        after = {uid: text for uid, (_, _, text) in self.server_todos().items()}

        thunderbird = master(after[THUNDERBIRD])
        self.assertEqual(line(thunderbird, "DUE"), "DUE;TZID=Europe/Berlin:20260324T180000")
        self.assertEqual(line(thunderbird, "DTSTART"), "DTSTART;TZID=Europe/Berlin:20260324T180000")
        self.assertEqual(overrides(after[THUNDERBIRD]), overrides(put[THUNDERBIRD]), "Thunderbird's occurrences kept")

        tasks_org = master(after[TASKS_ORG])
        self.assertEqual(line(tasks_org, "DUE"), "DUE;VALUE=DATE:20260323")
        self.assertEqual(line(tasks_org, "DTSTART"), "DTSTART;VALUE=DATE:20260322")
        self.assertEqual(line(tasks_org, "RRULE"), "RRULE:FREQ=WEEKLY;COUNT=2", "tasks.org counts down")

        jtx = master(after[JTX])
        self.assertEqual(line(jtx, "DUE"), "DUE;TZID=Europe/Berlin:20260323T170000")
        self.assertEqual(line(jtx, "DTSTART"), "DTSTART;TZID=Europe/Berlin:20260323T090000")
        self.assertEqual(line(jtx, "EXDATE"), line(master(put[JTX]), "EXDATE"))
        self.assertEqual(overrides(after[JTX]), overrides(put[JTX]), "jtx Board's exception kept")

        self.assertEqual(after[NEXTCLOUD], put[NEXTCLOUD], "nothing written to the completed series")
        self.assertEqual(ics_property(after[NEXTCLOUD], "STATUS"), "COMPLETED")

        # Another machine reads the server as the list here shows it.
        desktop = self.machine("desktop")
        self.assertEqual(self.shown(desktop), self.shown(laptop))
        self.assertEqual(self.shown(laptop)[TASKS_ORG], [0, 20260323, None, "FREQ=WEEKLY;COUNT=2"])
        self.assertEqual(desktop.outbox(), 0)


if __name__ == "__main__":
    unittest.main()
