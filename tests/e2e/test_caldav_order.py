"""End to end (issue 62, point 3): the order of a list's tasks and of an account's lists shared
with other clients through Radicale. Another client writes tasks as Nextcloud Tasks does
(X-APPLE-SORT-ORDER only on the tasks moved, CREATED on all) and orders and colours the
calendars (ICAL:calendar-order, ICAL:calendar-color); `flick --sync` must show them in the
order Nextcloud computes by its rule, and what Flick moves must read the same way there."""

import unittest
from datetime import datetime, timezone

from caldav_client import ics_property, vtodo
from test_caldav import CalDAVTestCase

APPLE = "http://apple.com/ns/ical/"
EPOCH_2001 = datetime(2001, 1, 1, tzinfo=timezone.utc)


def nextcloud_key(text):
    """Nextcloud Tasks' key for sorting by hand (src/models/task.js, getSortOrder): the
    X-APPLE-SORT-ORDER, else the seconds from 2001-01-01 to CREATED, else 0."""
    order = ics_property(text, "X-APPLE-SORT-ORDER")
    if order is not None:
        return int(order)
    created = ics_property(text, "CREATED")
    if created is None:
        return 0
    when = datetime.strptime(created.rstrip("Z"), "%Y%m%dT%H%M%S").replace(tzinfo=timezone.utc)
    return int((when - EPOCH_2001).total_seconds())


class SharedOrderTests(CalDAVTestCase):
    def task(self, uid, title, created=None, order=None, calendar=None):
        lines = ([f"CREATED:{created}"] if created else []) + ([f"X-APPLE-SORT-ORDER:{order}"] if order is not None else [])
        status, _ = self.client.put(f"{calendar or self.calendar_path}{uid}.ics", vtodo(uid, title, *lines))
        self.assertIn(status, (201, 204))

    def nextcloud_keys(self):
        """Each task's Nextcloud key, by title."""
        keys = {}
        for _, _, text in self.server_todos().values():
            keys[ics_property(text, "SUMMARY")] = nextcloud_key(text)
        return keys

    def flick_order(self, machine, name="Tasks"):
        listed = machine.flick("--list", name).stdout.splitlines()[1:]
        return [line[4:] for line in listed]

    def calendar_property(self, path, name):
        (response,) = self.client.propfind_props(path, 0, [(APPLE, name)])
        return response.text("{%s}%s" % (APPLE, name))

    def list_names(self, machine):
        return [name for (name,) in machine.query("SELECT name FROM list WHERE name IN ('Tasks', 'Work') ORDER BY rank")]

    def test_tasks_and_lists_take_the_order_nextcloud_shows_and_flicks_order_reads_the_same_there(self):
        work = self.server.make_calendar(self.server.user, "work", "Work")
        self.task("first", "Made first", created="20260301T080000Z")
        self.task("second", "Made second", created="20260301T080100Z")
        self.task("moved", "Moved between them", created="20260302T090000Z", order=794044830)
        self.task("third", "Made third", created="20260301T080200Z")
        self.task("bulk-a", "Bulk A", created="20260301T080130Z")
        self.task("bulk-b", "Bulk B", created="20260301T080130Z")
        self.task("bare", "No CREATED")
        for path, order in ((work, "0"), (self.calendar_path, "1")):
            self.client.proppatch(path, [(APPLE, "calendar-order", order)])
        self.client.proppatch(self.calendar_path, [(APPLE, "calendar-color", "#FF2968FF")])
        # Xandikos (make stress) answers 200 to calendar-order and keeps none: no order to share.
        orders_kept = self.calendar_property(work, "calendar-order") is not None

        laptop = self.machine()
        keys = self.nextcloud_keys()
        shown = self.flick_order(laptop)
        self.assertEqual(sorted(shown), sorted(keys))
        self.assertEqual([keys[title] for title in shown], sorted(keys.values()), f"Flick shows {shown}")
        self.assertEqual(shown[0], "No CREATED")
        if orders_kept:
            self.assertEqual(self.list_names(laptop), ["Work", "Tasks"], "the calendars' order")

        # Flick moves a task up (as the window writes a move: its rank) and its list above Work.
        rank = lambda title: laptop.query("SELECT rank FROM item WHERE title = ?", title)[0][0]
        laptop.execute("UPDATE item SET rank = ? WHERE title = 'Made third'", (rank("Made first") + rank("Moved between them")) // 2)
        laptop.execute("UPDATE list SET rank = (SELECT min(rank) FROM list WHERE name IN ('Work', 'Tasks')) - 1 "
                       "WHERE name = 'Tasks'")
        synced = laptop.sync()
        self.assertIn("Tasks: 1 sent", synced.stdout, "the moved task only")
        keys = self.nextcloud_keys()
        shown = self.flick_order(laptop)
        self.assertEqual(shown[2], "Made third")
        self.assertEqual([keys[title] for title in shown], sorted(keys.values()), f"Flick shows {shown}, Nextcloud {keys}")
        if orders_kept:
            self.assertLess(int(self.calendar_property(self.calendar_path, "calendar-order")),
                            int(self.calendar_property(work, "calendar-order")))
        self.assertEqual(self.calendar_property(self.calendar_path, "calendar-color"), "#FF2968FF", "the colour kept")

        # Another client moves Work back to the top and a task to the top of Tasks.
        self.client.proppatch(work, [(APPLE, "calendar-order", "-1")])
        self.task("second", "Made second", created="20260301T080100Z", order=-5)
        laptop.sync()
        if orders_kept:
            self.assertEqual(self.list_names(laptop), ["Work", "Tasks"])
        self.assertEqual(self.flick_order(laptop)[0], "Made second")
        self.assertEqual(laptop.sync().stdout.count("sent"), 0, "nothing to send back")


if __name__ == "__main__":
    unittest.main()
