"""End to end (issue 74, point 2): a read never writes. The first sync of an account into an
empty machine, and a sync with nothing changed, send the server no write of any kind (no PUT,
DELETE, MOVE, PROPPATCH, MKCALENDAR, …), whatever its calendars hold: twenty tasks, a subtask
tree, calendar-order on every calendar, on some or on none, DAViCal's untouched calendar of
events and tasks. The calendars' order is written once the user moved a list, and only to the
calendars whose place changed. Flick talks to the server through the tests' proxy, whose log
counts every request by method; the other client of these tests talks to the server directly."""

import unittest
from collections import Counter

from caldav_client import CALDAV, DAV, clark, vtodo
from test_caldav import CalDAVTestCase

APPLE = "http://apple.com/ns/ical/"
# The methods that change nothing on a server (RFC 4918, RFC 4791, RFC 6578).
READS = {"PROPFIND", "REPORT", "GET", "HEAD", "OPTIONS"}
NAMES = ("Tasks", "Work", "Shopping", "Garden")


class WriteCounting:
    """What the proxy saw Flick send, for a CalDAVTestCase."""

    def methods(self):
        return Counter(entry.method.upper() for entry in self.proxy.log)

    def writes(self):
        """Every request of Flick's that is not a read, as (method, path)."""
        return [(entry.method, entry.path) for entry in self.proxy.log if entry.method.upper() not in READS]

    def assert_writes_nothing(self, what):
        self.assertEqual(self.writes(), [], f"{what}: requests by method {dict(self.methods())}")

    def ctags(self, paths):
        return {path: self.client.ctag_and_token(path) for path in paths}

    def first_and_idle_syncs(self, paths):
        """A first sync on two new machines and an idle sync on each, none of which may write:
        the calendars' ctags and sync tokens stay as they were. Returns the first machine."""
        before = self.ctags(paths)
        laptop = self.machine()
        self.assert_writes_nothing("the first sync")
        laptop.sync()
        self.assert_writes_nothing("an idle sync")
        desktop = self.machine("desktop")
        desktop.sync()
        self.assert_writes_nothing("a second machine's first and idle syncs")
        self.assertEqual(self.ctags(paths), before, "every other client sees its calendars unchanged")
        return laptop


class ReadsWriteNothingTests(WriteCounting, CalDAVTestCase):
    def setUp(self):
        super().setUp()
        self.calendars = {"Tasks": self.calendar_path}
        for name in NAMES[1:]:
            self.calendars[name] = self.server.make_calendar(self.server.user, name.lower(), name)
        self.calendars.update(self.other_task_calendars())

    def other_task_calendars(self):
        """The account's other calendars that Flick makes lists of, by their lists' names
        (FLICK_CALDAV_SERVER=davical: DAViCal's "calendar"): those that take tasks, less the
        principal's scheduling inbox and outbox."""
        home = self.server.calendar_home(self.server.user)
        (principal,) = self.client.propfind_props(self.client.current_user_principal(home), 0, [
            (CALDAV, "schedule-inbox-URL"), (CALDAV, "schedule-outbox-URL")])
        hrefs = (element.findtext(clark(DAV, "href")) for element in principal.props.values())
        left_out = {self.client.path_for(href.strip()) for href in hrefs if href} | set(self.calendars.values())
        paths = {info.displayname: self.client.path_for(info.href) for info in self.client.calendars(home) if info.holds_todos()}
        return {name: path for name, path in paths.items() if path not in left_out}

    def set_orders(self, orders):
        for name, order in orders.items():
            self.client.proppatch(self.calendars[name], [(APPLE, "calendar-order", str(order))])

    def server_orders(self):
        orders = {}
        for name, path in self.calendars.items():
            (response,) = self.client.propfind_props(path, 0, [(APPLE, "calendar-order")])
            order = response.text("{%s}calendar-order" % APPLE)
            orders[name] = int(order) if order is not None else None
        return orders

    def require_kept_orders(self):
        """Xandikos (make stress) answers 200 to calendar-order and keeps none."""
        if all(order is None for order in self.server_orders().values()):
            self.skipTest(f"{type(self.server).__name__} keeps no calendar-order")

    def list_names(self, machine):
        """The names of the account's lists, in Flick's order."""
        return [name for (name,) in machine.query(
            "SELECT name FROM list JOIN list_sync ON list_sync.list_id = list.id ORDER BY rank, id")]

    def put(self, name, uid, title, *lines):
        status, _ = self.client.put(f"{self.calendars[name]}{uid}.ics", vtodo(uid, title, *lines), if_none_match=True)
        self.assertIn(status, (201, 204))

    def proppatched(self):
        paths = {path: name for name, path in self.calendars.items()}
        return sorted(paths.get(entry.path, entry.path) for entry in self.proxy.requests("PROPPATCH"))

    def test_a_first_sync_of_twenty_tasks_and_a_subtask_tree_into_an_empty_machine_writes_nothing(self):
        for number in range(20):
            # As other clients leave them: some ordered by hand, some completed, one due in a zone.
            lines = [f"CREATED:202603{number % 9 + 1:02d}T080000Z"]
            lines += [f"X-APPLE-SORT-ORDER:{number * 7 % 20}"] if number % 3 else []
            lines += ["STATUS:COMPLETED", "COMPLETED:20260310T100000Z"] if number % 5 == 4 else []
            lines += ["DUE;TZID=Europe/Berlin:20261205T180000"] if number == 7 else []
            self.put("Tasks", f"task-{number}", f"Task {number}", *lines)
        # Nextcloud's RELATED-TO, tasks.org's RELTYPE=PARENT, a child before its parent, an orphan.
        self.put("Work", "child", "Pack the bags", "RELATED-TO:project")
        self.put("Work", "project", "Plan the trip")
        self.put("Work", "grandchild", "Find the printer", "RELATED-TO;RELTYPE=PARENT:child")
        self.put("Work", "orphan", "Call the hotel", "RELATED-TO:not-on-the-server")
        laptop = self.first_and_idle_syncs(self.calendars.values())
        self.assertEqual(len(laptop.titles()), 20)
        self.assertEqual(len(laptop.titles("Work")), 4)
        self.assertEqual(self.server_orders(), dict.fromkeys(self.calendars), "no calendar has an order yet")

    def test_a_first_sync_adopts_the_servers_order_of_the_calendars_and_writes_nothing(self):
        self.set_orders({"Garden": 0, "Work": 1, "Tasks": 2, "Shopping": 3})
        self.require_kept_orders()
        laptop = self.first_and_idle_syncs(self.calendars.values())
        self.assertEqual(self.list_names(laptop)[:4], ["Garden", "Work", "Tasks", "Shopping"])

    def test_calendars_with_an_order_and_without_one_are_read_without_a_write(self):
        self.set_orders({"Shopping": 4, "Work": 9})
        self.require_kept_orders()
        laptop = self.first_and_idle_syncs(self.calendars.values())
        self.assertEqual(self.list_names(laptop)[:2], ["Shopping", "Work"], "those without an order after them")
        self.assertEqual(self.server_orders(), dict(dict.fromkeys(self.calendars), Work=9, Shopping=4))

    def test_calendars_of_one_order_as_nextcloud_gives_them_are_read_without_a_write(self):
        # Nextcloud gives every calendar calendar-order 0 until someone moves one.
        self.set_orders(dict.fromkeys(self.calendars, 0))
        self.require_kept_orders()
        self.first_and_idle_syncs(self.calendars.values())
        self.assertEqual(self.server_orders(), dict.fromkeys(self.calendars, 0))

    def test_a_list_moved_in_flick_writes_the_order_of_the_calendars_whose_place_changed(self):
        self.set_orders({name: place for place, name in enumerate(self.calendars)})
        self.require_kept_orders()
        laptop = self.machine()
        self.assert_writes_nothing("the first sync")
        self.assertEqual(self.list_names(laptop), list(self.calendars))
        # Garden dragged between Tasks and Work, as the window writes a move: the list's rank.
        laptop.execute("UPDATE list SET rank = ((SELECT rank FROM list WHERE name = 'Tasks') + "
                       "(SELECT rank FROM list WHERE name = 'Work')) / 2 WHERE name = 'Garden'")
        laptop.sync()
        self.assertEqual(self.proppatched(), ["Garden", "Shopping", "Work"], "Tasks kept its place")
        self.assertEqual([method for method, _ in self.writes()], ["PROPPATCH"] * 3, "and nothing else is written")
        moved = ["Tasks", "Garden", "Work", "Shopping"] + list(self.calendars)[4:]
        self.assertEqual(self.server_orders(), {name: place for place, name in enumerate(moved)})
        self.proxy.clear_log()
        laptop.sync()
        self.assert_writes_nothing("the sync after")
        desktop = self.machine("desktop")
        self.assertEqual(self.list_names(desktop), moved, "another machine's order")
        self.assert_writes_nothing("another machine's first sync")

    def test_the_first_move_gives_calendars_without_an_order_their_places(self):
        laptop = self.machine()
        shown = self.list_names(laptop)  # As the server listed them.
        laptop.execute("UPDATE list SET rank = (SELECT min(rank) FROM list) - 1 WHERE name = ?", shown[-1])
        laptop.sync()
        # Each had none, so each place is new to the server: one left without one would sort
        # after the others elsewhere (and in Flick on another machine), wherever the user put it.
        self.assertEqual(self.proppatched(), sorted(self.calendars))
        self.assertEqual(len(self.writes()), len(self.calendars), "one PROPPATCH each and nothing else")
        if self.server_orders()["Tasks"] is not None:
            self.assertEqual(self.server_orders(), {name: place for place, name in enumerate(shown[-1:] + shown[:-1])})
        self.proxy.clear_log()
        laptop.sync()
        self.assert_writes_nothing("the sync after")


class DAViCalReadsWriteNothingTests(WriteCounting, CalDAVTestCase):
    server_name = "davical"

    def test_an_untouched_calendar_of_events_and_tasks_is_read_without_a_write(self):
        # A DAViCal user has a calendar "calendar" for events and tasks alike, left as made.
        self.put_todo("milk", "Milk", "X-OTHER-CLIENT:kept")
        calendar = self.server.calendar_home(self.server.user) + "calendar/"
        laptop = self.first_and_idle_syncs([self.calendar_path, calendar])
        self.assertEqual(laptop.titles(), ["Milk"])


if __name__ == "__main__":
    unittest.main()
