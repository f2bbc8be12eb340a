"""End to end, issue 57 point 3: a server that forgets never empties the lists. A calendar
deleted and made again empty, a collection emptied behind the server's back, an account's
server replaced by a fresh one: `flick --sync` sends the unsent edits, removes nothing, says what
is missing and how to answer, and exits non-zero; `--put-back-missing` sends the items to the
server again and `--remove-missing` removes them here. Ordinary deletions on another device
still arrive as before. Against a real Radicale (or $FLICK_CALDAV_SERVER) on 127.0.0.1."""

import os
import time
import unittest

from caldav_client import vtodo
from caldav_server import server_class
from flickapp import FlickApp, accessible_strings, wait_for
from test_caldav import CALENDAR, CalDAVTestCase, Machine


class ForgetfulServerTests(CalDAVTestCase):
    def synced_machine(self, count):
        for number in range(1, count + 1):
            self.put_todo(f"task-{number:02}", f"Task {number:02}")
        laptop = self.machine()
        self.assertEqual(len(laptop.titles()), count)
        return laptop

    def make_calendar_again_empty(self):
        """The calendar deleted and made again at the same address, empty (a server wiped or
        restored, an administrator's mistake)."""
        self.assertIn(self.client.delete(self.calendar_path), (200, 204))
        self.server.make_calendar(self.server.user, CALENDAR, "Tasks")
        self.assertEqual(self.server_titles(), [])

    def test_a_calendar_made_again_empty_keeps_every_item_sends_the_edit_and_asks(self):
        if getattr(self.server, "lists_all_for_unknown_tokens", False):
            self.skipTest("DAViCal answers a sync token it does not know with all it holds and no removal: "
                          "after the edit is sent, the calendar made again holds it, and the answer lists "
                          "only Flick's own edit, the same as an ordinary sync; the other 11 stay here "
                          "unnoticed (an empty calendar is noticed: test_remove_missing_removes_them_here_too)")
        laptop = self.synced_machine(12)
        laptop.execute("UPDATE item SET title = 'Task 05 renamed' WHERE uid = 'task-05'")
        self.make_calendar_again_empty()
        done = laptop.sync(expect=1)
        before = [f"Task {n:02}" for n in range(1, 13) if n != 5] + ["Task 05 renamed"]
        self.assertEqual(laptop.titles(), sorted(before), "nothing removed here")
        self.assertEqual(self.server_titles(), ["Task 05 renamed"], "the unsent edit sent first")
        self.assertIn("the server no longer has 11 of the 12 tasks it had", done.stderr)
        self.assertIn("“Task 01”, “Task 02”, “Task 03” and 8 more", done.stderr)
        self.assertIn("flick --sync --put-back-missing", done.stderr)
        self.assertIn("flick --sync --remove-missing", done.stderr)
        # Asked again at every sync until answered; still nothing removed.
        again = laptop.sync(expect=1)
        self.assertIn("no longer has 11 of the 12 tasks", again.stderr)
        self.assertEqual(len(laptop.titles()), 12)
        put_back = laptop.flick("--sync", "--put-back-missing")
        self.assertEqual(put_back.returncode, 0, put_back.stdout + put_back.stderr)
        self.assertIn("11 missing tasks sent to the server again", put_back.stdout)
        self.assert_converged(laptop)
        self.assertEqual(len(self.server_titles()), 12)
        self.assertEqual({uid for uid in self.server_todos()}, {f"task-{n:02}" for n in range(1, 13)}, "the same UIDs")
        self.assertIn("up to date", laptop.sync(expect=0).stdout)

    def test_remove_missing_removes_them_here_too(self):
        laptop = self.synced_machine(6)
        self.make_calendar_again_empty()
        held = laptop.sync(expect=1)
        self.assertIn("no longer has 6 of the 6 tasks", held.stderr)
        self.assertEqual(len(laptop.titles()), 6)
        removed = laptop.flick("--sync", "--remove-missing")
        self.assertEqual(removed.returncode, 0, removed.stdout + removed.stderr)
        self.assertIn("6 removed by the server", removed.stdout)
        self.assertEqual(laptop.titles(), [])
        self.assert_converged(laptop)

    def test_a_collection_emptied_on_the_server_is_held(self):
        laptop = self.synced_machine(8)
        if hasattr(self.server, "collection_folder"):
            folder = self.server.collection_folder(self.server.user, CALENDAR)
            for name in os.listdir(folder):
                if name.endswith(".ics"):
                    os.remove(os.path.join(folder, name))
        else:
            for href in self.client.list_etags(self.calendar_path):
                self.client.delete(href)
        done = laptop.sync(expect=1)
        self.assertIn("no longer has 8 of the 8 tasks", done.stderr)
        self.assertEqual(len(laptop.titles()), 8)

    def test_an_account_pointed_at_a_fresh_server_keeps_every_item(self):
        laptop = self.synced_machine(5)
        fresh = server_class(self.server_name)()
        fresh.start()
        self.addCleanup(fresh.stop)
        fresh.make_calendar(fresh.user, CALENDAR, "Tasks")
        self.proxy.upstream_port = fresh.port
        done = laptop.sync(expect=1)
        self.assertIn("no longer has 5 of the 5 tasks", done.stderr)
        self.assertEqual(len(laptop.titles()), 5)
        self.assertEqual(laptop.flick("--sync", "--put-back-missing").returncode, 0)
        self.assertEqual(len(fresh.client().list_todos(fresh.calendar_url(fresh.user, CALENDAR))), 5)

    def test_a_few_deletions_on_another_device_still_arrive(self):
        laptop = self.synced_machine(10)
        for uid in ("task-03", "task-07"):
            href, etag, _ = self.server_todos()[uid]
            self.assertIn(self.client.delete(href), (200, 204))
        done = laptop.sync(expect=0)
        self.assertIn("2 removed by the server", done.stdout)
        self.assert_converged(laptop)
        self.assertEqual(len(laptop.titles()), 8)

    def test_the_window_asks_and_puts_them_back(self):
        for number in range(1, 5):
            self.put_todo(f"task-{number:02}", f"Task {number:02}")
        app = FlickApp(env=dict({"LANGUAGE": "en", "LANG": "C.UTF-8"}, **self.secret_env))
        self.addCleanup(app.cleanup)
        app.start()
        wait_for(app.titles, message="the welcome list")
        machine = Machine(self, "window")
        machine.folder = app.data_dir
        added = machine.flick("--add-account", self.proxy.url, "--user", self.server.user, password=self.server.password)
        self.assertEqual(added.returncode, 0, added.stdout + added.stderr)
        wait_for(lambda: len(machine.titles()) == 4, message="the calendar's items in the window's store")
        self.make_calendar_again_empty()
        app.keys("F5")
        pid = app.process.pid
        question = "The server no longer has 4 of the 4 tasks of “Tasks” it had"
        wait_for(lambda: any(question in text for text in accessible_strings(pid)), timeout=30,
                 message="the question in the window")
        self.assertEqual(len(machine.titles()), 4, "nothing removed while it asks")
        # The status line is set after the dialog, in another turn of the main loop: under load
        # (the whole suite on two shared cores) it was not there yet when the dialog was.
        wait_for(lambda: any("none was removed here" in text for text in accessible_strings(pid)),
                 message="the sync status line saying so too")
        app.keys("Return")  # Put Back on the Server, the default
        wait_for(lambda: len(self.server_titles()) == 4, timeout=30, message="the tasks back on the server")
        self.assert_converged(machine)
        self.assertEqual(app.gtk_criticals(), [])

    def test_older_copies_from_a_restored_server_keep_the_newer_edits_here(self):
        self.put_todo("rent", "Pay rent", last_modified="20260101T080000Z")
        self.put_todo("milk", "Buy milk", last_modified="20260101T080000Z")
        laptop = self.machine()
        old_copy = self.server_todos()["rent"][2]
        laptop.execute("UPDATE item SET title = 'Pay rent on Friday' WHERE uid = 'rent'")
        laptop.sync()
        self.assertIn("Pay rent on Friday", self.server_titles())
        # The server restored from last week's backup: the old copy again, under a new ETag.
        href, etag, _ = self.server_todos()["rent"]
        status, _ = self.client.put(href, old_copy, if_match=etag)
        self.assertIn(status, (201, 204))
        done = laptop.sync()
        self.assertIn("1 older copy on the server replaced by the newer one here", done.stdout)
        self.assertEqual(laptop.titles(), ["Buy milk", "Pay rent on Friday"])
        self.assert_converged(laptop)
        # A later edit made on another device still arrives.
        href, etag, text = self.server_todos()["rent"]
        newer = text.replace("SUMMARY:Pay rent on Friday", "SUMMARY:Pay rent on Monday")
        newer = "\r\n".join(line if not line.startswith("LAST-MODIFIED") else "LAST-MODIFIED:20991231T000000Z"
                             for line in newer.split("\r\n"))
        self.assertIn(self.client.put(href, newer, if_match=etag)[0], (201, 204))
        laptop.sync()
        self.assertEqual(laptop.titles(), ["Buy milk", "Pay rent on Monday"])

    # About 13 s: in `make stress` (FLICK_STRESS), which keeps `make check` within its 20 minutes.
    @unittest.skipUnless(os.environ.get("FLICK_STRESS"), "runs in make stress (FLICK_STRESS=1)")
    def test_forty_syncs_offline_with_two_hundred_edits_then_everything_arrives(self):
        laptop = self.synced_machine(10)
        self.proxy.offline()
        for sync_number in range(40):
            for edit in range(5):
                number = sync_number * 5 + edit
                if number % 2 == 0:
                    laptop.execute("UPDATE item SET title = ? WHERE uid = ?", f"Task {number % 10 + 1:02} edit {number}",
                                   f"task-{number % 10 + 1:02}")
                else:
                    ics = laptop.folder.parent / f"{laptop.folder.name}-offline-{number}.ics"
                    ics.write_text(vtodo(f"offline-{number}", f"Added offline {number}"))
                    self.addCleanup(ics.unlink)
                    self.assertEqual(laptop.flick("--import", str(ics), "--into", "Tasks").returncode, 0)
            laptop.sync(expect=1)
        self.assertEqual(len(laptop.titles()), 110, "nothing removed while offline")
        self.proxy.online()
        laptop.sync()
        self.assert_converged(laptop)
        self.assertEqual(len(self.server_titles()), 110)
        self.assertIn("Task 01 edit 190", self.server_titles())

    def test_an_answer_option_without_sync_is_refused(self):
        laptop = self.machine(add_account=False)
        done = laptop.flick("--put-back-missing")
        self.assertEqual(done.returncode, 1)
        self.assertIn("go with --sync", done.stderr)
        both = laptop.flick("--sync", "--put-back-missing", "--remove-missing")
        self.assertEqual(both.returncode, 1)
        self.assertIn("cannot be used together", both.stderr)


if __name__ == "__main__":
    unittest.main()
