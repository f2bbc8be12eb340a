"""End to end, issue 62: a short check in `make check` that Flick syncs with DAViCal 1.1.12
(tests/e2e/davical_server.py), whatever FLICK_CALDAV_SERVER says; `make stress` runs every sync
suite against it. One server start (a copy of a prepared database: under a second when the
template exists, a few seconds more the first time) and one sync each way."""

import unittest

from test_caldav import CalDAVTestCase


class DAViCalSmokeTest(CalDAVTestCase):
    server_name = "davical"

    def test_an_account_brings_its_task_lists_and_one_sync_goes_each_way(self):
        self.put_todo("milk", "Milk", "X-OTHER-CLIENT:kept")
        laptop = self.machine()
        # A user made on DAViCal's administration page has a calendar "calendar" that takes
        # tasks too, and a scheduling inbox and outbox that it lists as calendars: no lists.
        self.assertEqual(sorted(name for (name,) in laptop.query(
            "SELECT name FROM list JOIN list_sync ON list_sync.list_id = list.id")), ["Tasks", "alice calendar"])
        self.assertEqual(laptop.titles(), ["Milk"])
        laptop.execute("UPDATE item SET title = 'Oat milk' WHERE uid = 'milk'")
        self.assertIn("Tasks: 1 sent", laptop.sync().stdout)
        text = self.server_todos()["milk"][2]
        self.assertIn("SUMMARY:Oat milk", text)
        self.assertIn("X-OTHER-CLIENT:kept", text, "what Flick does not know stays")
        href, etag, _ = self.server_todos()["milk"]
        status, _ = self.client.put(href, text.replace("SUMMARY:Oat milk", "SUMMARY:Soy milk"), if_match=etag)
        self.assertIn(status, (201, 204))
        self.assertIn("Tasks: 1 received", laptop.sync().stdout)
        self.assert_converged(laptop)
        self.assertEqual(laptop.titles(), ["Soy milk"])


if __name__ == "__main__":
    unittest.main()
