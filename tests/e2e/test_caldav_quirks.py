"""End to end, issue 62 point 2: servers people use that do less than RFC 4791 says, played by
the fault proxy's quirk rules in front of a real Radicale (or $FLICK_CALDAV_SERVER), and synced
with `flick --sync`. Each case ends with the same items on both sides, or with the sync naming
the list and what the server would not keep; never with the two sides silently apart.

The reports: no sync-collection (Planify #2163, #2018, #2368: Posteo, mailbox.org, Horde,
KolabNow answer it 403); no ETag or a weak one on PUT (DAVx5 #2314); RELATED-TO dropped (tasks.org
#695, Errands #351); 415 on a text the server judges invalid (Errands #385, jtx #1578); events
and tasks in one calendar (tasks.org #1644, Planify #2412); a calendar that takes no tasks
(Errands #209)."""

import os
import re
import unittest

from caldav_client import ics_property, vtodo
from test_caldav import CalDAVTestCase

STRESS = "runs in make stress: what Flick did before issue 62 already (a GET for the ETag)"

EVENT = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Other calendar app//EN\r\nBEGIN:VEVENT\r\n"
         "UID:standup\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20261205T090000Z\r\n"
         "DTEND:20261205T091500Z\r\nSUMMARY:Standup\r\nX-OTHER-APP:kept\r\nEND:VEVENT\r\n"
         "END:VCALENDAR\r\n")


class ServerQuirkTests(CalDAVTestCase):
    def sync_output(self, machine, expect=0):
        done = machine.sync(expect=expect)
        return done.stdout + done.stderr

    def multiget_hrefs(self):
        hrefs = []
        for entry in self.proxy.requests("REPORT"):
            if b"calendar-multiget" in entry.body:
                hrefs += re.findall(r"<[^>]*href>([^<]+)</", entry.body.decode())
        return hrefs

    def reports(self, kind):
        return [e for e in self.proxy.requests("REPORT") if kind.encode() in e.body]

    def test_without_sync_collection_an_idle_sync_is_one_propfind_and_a_change_fetches_itself_only(self):
        """Modelled: PROPFIND names no sync-token (nor the report in supported-report-set) and a
        sync-collection REPORT is answered 403 DAV:supported-report. Then ctag and ETags, cheaply."""
        self.proxy.no_sync_collection()
        for uid, title in (("rent", "Pay rent"), ("milk", "Buy milk"), ("anna", "Call Anna")):
            self.put_todo(uid, title)
        laptop = self.machine()
        self.assertEqual(len(laptop.titles()), 3)
        self.proxy.clear_log()
        self.assertIn("up to date", self.sync_output(laptop))
        self.assertEqual([e.method for e in self.proxy.log], ["PROPFIND"], "idle: the ctag alone")
        href, etag, text = self.server_todos()["milk"]
        self.assertIn(self.client.put(href, text.replace("Buy milk", "Buy oat milk"), if_match=etag)[0], (200, 201, 204))
        self.proxy.clear_log()
        self.assertIn("Tasks: 1 received", self.sync_output(laptop))
        self.assertEqual([e.method for e in self.proxy.log], ["PROPFIND", "REPORT", "REPORT"])
        self.assertEqual(len(self.reports("calendar-query")), 1, "one query of the ETags")
        self.assertEqual([h.rsplit("/", 1)[1] for h in self.multiget_hrefs()], [href.rsplit("/", 1)[1]],
                         "only the changed task fetched")
        self.assertEqual(self.reports("sync-collection"), [], "never asked for what it does not have")
        self.assert_converged(laptop)
        # A server that names a sync-token and refuses the report all the same: one more request.
        self.proxy.clear_faults()
        self.proxy.no_sync_collection(status=501, advertise_token=True)
        laptop.sync()  # Takes the token it now names.
        href, etag, text = self.server_todos()["anna"]
        self.assertIn(self.client.put(href, text.replace("Call Anna", "Call Anna back"), if_match=etag)[0], (200, 201, 204))
        self.proxy.clear_log()
        self.assertIn("Tasks: 1 received", self.sync_output(laptop))
        self.assertEqual(len(self.reports("sync-collection")), 1)
        self.assertEqual(self.proxy.requests("REPORT")[0].status, 501)
        self.assertEqual(len(self.proxy.log), 4, "PROPFIND, the refused report, the ETags, the one task")
        self.assert_converged(laptop)

    def test_a_text_the_server_refuses_stays_here_named_and_the_rest_is_sent(self):
        """415 (Nextcloud's "Validation error in iCalendar") and a 412 whose condition held."""
        for uid, title in (("a", "Task A"), ("b", "Task B"), ("c", "Task C")):
            self.put_todo(uid, title)
        laptop = self.machine()
        laptop.execute("UPDATE item SET title = 'Odd A' WHERE uid = 'a'")
        laptop.execute("UPDATE item SET title = 'Strange B' WHERE uid = 'b'")
        laptop.execute("UPDATE item SET title = 'Fine C' WHERE uid = 'c'")
        self.proxy.refuse_body(r"SUMMARY:Odd", status=415)
        self.proxy.refuse_body(r"SUMMARY:Strange", status=412)
        said = self.sync_output(laptop, expect=1)
        self.assertIn("Tasks: 1 sent", said)
        self.assertIn("the server would not keep “Odd A” (415); it stays here and is sent again at the next sync", said)
        self.assertIn("the server would not keep “Strange B” (412)", said)
        self.assertEqual(self.server_titles(), ["Fine C", "Task A", "Task B"])
        self.assertEqual(laptop.titles(), ["Fine C", "Odd A", "Strange B"], "nothing lost here")
        self.assertEqual(laptop.outbox(), 2)
        self.assertEqual(self.proxy.count("PUT", r"/b\.ics$"), 1, "a 412 with nothing changed is no merge loop")
        self.proxy.clear_faults()
        self.assertIn("Tasks: 2 sent", self.sync_output(laptop))
        self.assert_converged(laptop)

    def test_events_beside_the_tasks_are_left_alone_and_subtasks_a_server_drops_are_named(self):
        calendar = self.server.make_calendar(self.server.user, "mixed", "Mixed", ("VEVENT", "VTODO"))
        self.assertIn(self.client.put(calendar + "standup.ics", EVENT, if_none_match=True)[0], (201, 204))
        for uid, title in (("project", "Project"), ("design", "Design"), ("old", "Old")):
            status, _ = self.client.put(f"{calendar}{uid}.ics", vtodo(uid, title), if_none_match=True)
            self.assertIn(status, (201, 204))
        laptop = self.machine()
        said = self.sync_output(laptop)
        self.assertEqual(laptop.titles("Mixed"), ["Design", "Old", "Project"], "the event is not shown")
        self.assertNotIn("unreadable", said)
        self.proxy.strip_properties("RELATED-TO")
        laptop.execute("UPDATE item SET parent_uid = 'project' WHERE uid = 'design'")
        laptop.execute("DELETE FROM item WHERE uid = 'old'")
        event = self.client.get(calendar + "standup.ics")
        # Another app changes the event: the sync-collection report lists it with the tasks.
        changed = EVENT.replace("SUMMARY:Standup", "SUMMARY:Standup in room 2")
        self.assertIn(self.client.put(calendar + "standup.ics", changed, if_match=event[1])[0], (200, 201, 204))
        before = self.client.get(calendar + "standup.ics")
        self.assertIn("Standup in room 2", before[2])
        said = self.sync_output(laptop)
        self.assertIn("Mixed: 1 sent, 1 deleted on the server, the server does not keep subtasks; they are subtasks here only", said)
        self.assertNotIn("unreadable", said)
        self.assertEqual(laptop.query("SELECT parent_uid FROM item WHERE uid = 'design'"), [("project",)],
                         "still a subtask here")
        self.assertEqual(laptop.outbox(), 0, "not sent again to be dropped again")
        self.assertEqual(self.client.get(calendar + "standup.ics"), before, "the event as the other app wrote it")
        design = self.client.list_todos(calendar)
        self.assertEqual(len(design), 2)
        self.assertIsNone(ics_property([t for _e, t in design.values() if "Design" in t][0], "RELATED-TO"))
        self.proxy.clear_log()
        self.assertIn("Mixed: up to date", self.sync_output(laptop))
        self.assertEqual(self.proxy.count("PUT"), 0)
        # The same calendar through ctag and ETags (no sync-collection): the query asks for tasks.
        self.proxy.no_sync_collection()
        event = self.client.get(calendar + "standup.ics")
        changed = changed.replace("room 2", "room 3")
        self.assertIn(self.client.put(calendar + "standup.ics", changed, if_match=event[1])[0], (200, 201, 204))
        href, etag, text = next((h, e, t) for h, (e, t) in self.client.list_todos(calendar).items() if "Project" in t)
        self.assertIn(self.client.put(href, text.replace("Project", "Project X"), if_match=etag)[0], (200, 201, 204))
        before = self.client.get(calendar + "standup.ics")
        said = self.sync_output(laptop)
        self.assertIn("Mixed: 1 received", said)
        self.assertNotIn("unreadable", said)
        self.assertEqual(laptop.titles("Mixed"), ["Design", "Project X"])
        self.assertEqual(self.client.get(calendar + "standup.ics"), before)

    @unittest.skipUnless(os.environ.get("FLICK_STRESS"), STRESS)
    def test_no_etag_or_a_weak_one_on_put_is_read_back_once_and_then_idle(self):
        for uid, title in (("a", "Task A"), ("b", "Task B")):
            self.put_todo(uid, title)
        laptop = self.machine()
        phone = self.machine("phone")
        laptop.execute("UPDATE item SET title = 'Task A, no tag' WHERE uid = 'a'")
        laptop.execute("UPDATE item SET title = 'Task B, weak tag' WHERE uid = 'b'")
        self.proxy.no_etag(method="PUT", path=r"/a\.ics$")
        self.proxy.weak_etag(method="PUT", path=r"/b\.ics$")
        self.proxy.clear_log()
        self.assertIn("Tasks: 2 sent", self.sync_output(laptop))
        self.assertEqual(self.proxy.count("GET"), 2, "each read back once for its ETag")
        stored = {uid: etag for uid, (_href, etag, _text) in self.server_todos().items()}
        self.assertEqual(dict(laptop.query("SELECT item.uid, item_sync.etag FROM item_sync JOIN item ON item.id = item_sync.item_id")),
                         stored, "the server's own ETags kept, not weak ones")
        self.proxy.clear_log()
        self.assertIn("up to date", self.sync_output(laptop))
        self.assertEqual(self.proxy.count("PUT"), 0)
        phone.sync()
        phone.execute("UPDATE item SET title = 'Task B, from the phone' WHERE uid = 'b'")
        phone.sync()
        laptop.execute("UPDATE item SET notes = 'with a note' WHERE uid = 'a'")
        self.sync_output(laptop)
        self.assert_converged(laptop, phone)

    def test_a_calendar_that_takes_no_tasks_is_not_offered_and_keeps_a_new_task_here(self):
        laptop = self.machine()
        self.proxy.refuse_vtodo()
        fresh = self.machine("fresh", add_account=False)
        added = fresh.flick("--add-account", self.proxy.url, "--user", self.server.user, password=self.server.password)
        self.assertNotIn("Tasks", [name for (name,) in fresh.query("SELECT name FROM list")],
                         added.stdout + added.stderr)
        laptop.execute("UPDATE list SET rank = (SELECT min(rank) FROM list) - 1 WHERE name = 'Tasks'")
        self.assertEqual(laptop.flick("--add", "Pay rent").returncode, 0)
        said = self.sync_output(laptop, expect=1)
        self.assertIn("Tasks: the calendar on the server takes no tasks, so “Pay rent” stays here only; "
                      "it is sent again at the next sync", said)
        self.assertEqual(laptop.titles(), ["Pay rent"])
        self.assertEqual(self.server_titles(), [])


if __name__ == "__main__":
    unittest.main()
