"""The CalDAV test harness itself, against a real Radicale (3.1.8 on Debian 12, 3.5.3 on Debian 13) on 127.0.0.1: the server
wrapper (caldav_server.py), the plain client (caldav_client.py) and the fault proxy
(fault_proxy.py). No display needed. The Xandikos class runs only with
FLICK_CALDAV_SERVER=xandikos, the DAViCal class with FLICK_CALDAV_SERVER=davical.

What Radicale 3.1.8 answers (asserted below, so a change shows up here; 3.5.3 the same except
where said):
  - PUT If-None-Match: * -> 201 + strong ETag; again -> 412; same UID at another href -> 409
    <C:no-uid-conflict/>;
  - PUT If-Match stale -> 412 (DELETE too); PUT If-Match current -> 201 (not 204; 3.5.2 and later:
    204, RadicaleServer.update_status);
  - PUT without If-Match over an existing item -> 201 (3.5.2 on: 204), the item is overwritten
    (no 412);
  - sync-collection with a token whose state was deleted (.Radicale.cache gone) -> 403 with
    <D:error><D:valid-sync-token/></D:error>, even when nothing changed since the token (the
    item history is re-seeded at random, so every token of a non-empty calendar dies); a
    malformed token -> 403 valid-sync-token as well;
  - a calendar the user may only read -> PUT and DELETE 403, GET and REPORT work;
  - calendar-data inside a REPORT comes back with LF line ends (XML parsing normalises CRLF),
    GET returns the stored CRLF text; Radicale re-orders the properties it stores.
"""

import http.client
import os
import socket
import sys
import threading
import time
import unittest
import uuid
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from caldav_client import (CALDAV, DAV, CalDAVClient, DAVError, ics_property,  # noqa: E402
                           vtodo)
from caldav_server import RadicaleServer, XandikosServer, server_class  # noqa: E402
from fault_proxy import FaultProxy  # noqa: E402

NETWORK_ERRORS = (OSError, http.client.HTTPException)


class _Common:
    """Tests every server passes; subclasses set SERVER."""

    SERVER = None
    server = None

    @classmethod
    def setUpClass(cls):
        cls.server = cls.SERVER()
        cls.server.start()

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def setUp(self):
        self.slug = "t-" + uuid.uuid4().hex[:8]
        self.cal = self.server.make_calendar(self.server.user, self.slug, "List " + self.slug)
        self.c = self.server.client()
        self.proxy = FaultProxy(self.server.url)
        self.proxy.start()
        self.addCleanup(self.proxy.close)
        self.pc = self.server.client(base_url=self.proxy.url)

    def href(self, name=None):
        return self.cal + (name or uuid.uuid4().hex) + ".ics"

    def create(self, summary="Milk", name=None, client=None):
        href = self.href(name)
        uid = uuid.uuid4().hex
        status, etag = (client or self.c).put(href, vtodo(uid, summary), if_none_match=True)
        self.assertEqual(status, 201)
        self.assertTrue(etag)
        return href, uid, etag

    # -- the server and the client ------------------------------------------------------------

    def test_discovery_finds_the_calendar_with_vtodo(self):
        cals = {k.href: k for k in self.c.discover()}
        self.assertIn(self.cal, cals)
        info = cals[self.cal]
        self.assertEqual(info.displayname, "List " + self.slug)
        self.assertIn("VTODO", info.components)
        self.assertTrue(info.holds_todos())
        self.assertIn("{urn:ietf:params:xml:ns:caldav}calendar", info.resourcetypes)
        self.assertTrue(info.sync_token)
        home = self.server.calendar_home(self.server.user)
        self.assertIn(self.cal, [k.href for k in self.c.calendars(home)], "the calendar is in the home the tests look in")

    def test_create_is_conditional_and_returns_an_etag(self):
        href = self.href()
        text = vtodo("u-" + self.slug, "Bread", "X-APPLE-SORT-ORDER:5")
        status, etag = self.c.put(href, text, if_none_match=True)
        self.assertEqual(status, 201)
        self.assertTrue(etag and etag.startswith('"') and not etag.startswith("W/"), etag)
        self.assertEqual(self.c.put(href, text, if_none_match=True)[0], 412)
        status, etag2, body = self.c.get(href)
        self.assertEqual((status, etag2), (200, etag))
        self.assertEqual(ics_property(body, "SUMMARY"), "Bread")
        self.assertEqual(ics_property(body, "X-APPLE-SORT-ORDER"), "5")
        todos = self.c.list_todos(self.cal)
        self.assertEqual(list(todos), [href])
        self.assertEqual(todos[href][0], etag)
        self.assertEqual(ics_property(todos[href][1], "UID"), "u-" + self.slug)

    def test_second_create_is_412(self):
        href, _uid, _etag = self.create()
        status, etag = self.c.put(href, vtodo(None, "Other"), if_none_match=True)
        self.assertEqual(status, 412)
        self.assertEqual(ics_property(self.c.get(href)[2], "SUMMARY"), "Milk")

    def test_stale_if_match_is_412(self):
        href, uid, etag1 = self.create("One")
        status, etag2 = self.c.put(href, vtodo(uid, "Two"), if_match=etag1)
        self.assertIn(status, (200, 201, 204))
        self.assertTrue(etag2)
        self.assertNotEqual(etag1, etag2)
        self.assertEqual(self.c.put(href, vtodo(uid, "Three"), if_match=etag1)[0], 412)
        self.assertEqual(self.c.delete(href, if_match=etag1), 412)
        self.assertEqual(ics_property(self.c.get(href)[2], "SUMMARY"), "Two")
        self.assertIn(self.c.delete(href, if_match=etag2), (200, 204))
        self.assertEqual(self.c.get(href)[0], 404)

    def test_multiget_gives_404_for_a_missing_href(self):
        href, _uid, etag = self.create()
        got = self.c.multiget(self.cal, [href, self.href("missing")])
        self.assertEqual(got[href][:2], (200, etag))
        self.assertEqual(got[self.href("missing")][0], 404)

    def test_sync_collection_returns_changes_since_a_token(self):
        token0, changed, removed = self.c.sync_collection(self.cal, "")
        self.assertEqual((changed, removed), ([], []))
        a, uid_a, etag_a = self.create("A")
        b, _uid_b, _etag_b = self.create("B")
        token1, changed, removed = self.c.sync_collection(self.cal, token0)
        self.assertNotEqual(token1, token0)
        self.assertEqual((sorted(changed), removed), (sorted([a, b]), []))
        # nothing changed: the same token, nothing listed
        self.assertEqual(self.c.sync_collection(self.cal, token1), (token1, [], []))
        self.c.put(a, vtodo(uid_a, "A2"), if_match=etag_a)
        self.assertIn(self.c.delete(b), (200, 204))
        token2, changed, removed = self.c.sync_collection(self.cal, token1)
        self.assertEqual((changed, removed), ([a], [b]))
        self.assertEqual(self.c.ctag_and_token(self.cal)[1], token2)


class RadicaleHarnessTest(_Common, unittest.TestCase):
    SERVER = RadicaleServer

    def test_radicale_answers(self):
        self.assertEqual(self.c.well_known(), (301, "/"))
        info = {k.href: k for k in self.c.discover()}[self.cal]
        self.assertEqual(info.components, ("VTODO",))
        self.assertIn("{DAV:}sync-collection", info.reports)
        self.assertTrue(info.sync_token.startswith("http://radicale.org/ns/sync/"))
        r = self.c.request("OPTIONS", "/")
        self.assertIn("calendar-access", r.headers.get("DAV", ""))

    def test_component_set_of_an_event_calendar(self):
        url = self.server.make_calendar(self.server.user, self.slug + "-ev", "Events",
                                        components=("VEVENT",))
        info = {k.href: k for k in self.c.discover()}[url]
        self.assertEqual(info.components, ("VEVENT",))
        self.assertFalse(info.holds_todos())

    def test_put_without_if_match_overwrites(self):
        href, uid, etag = self.create("Old")
        status, etag2 = self.c.put(href, vtodo(uid, "Blind"))
        # Radicale 3.1.8: 201 for an update too, no 412; 3.5.2 on: 204.
        self.assertEqual(status, self.server.update_status)
        self.assertNotEqual(etag2, etag)
        self.assertEqual(ics_property(self.c.get(href)[2], "SUMMARY"), "Blind")

    def test_same_uid_elsewhere_is_409_no_uid_conflict(self):
        _href, uid, _etag = self.create()
        r = self.c.request("PUT", self.href(), vtodo(uid, "Copy").encode(),
                           {"If-None-Match": "*", "Content-Type": "text/calendar"})
        self.assertEqual(r.status, 409)
        self.assertTrue(r.has_error_element(CALDAV, "no-uid-conflict"), r.text)

    def test_forgotten_sync_token_is_403_valid_sync_token(self):
        self.create("A")
        token1 = self.c.sync_collection(self.cal, "")[0]
        self.create("B")
        token2 = self.c.sync_collection(self.cal, token1)[0]
        gone = self.server.forget_sync_tokens()
        self.assertIn(os.path.join(self.server.collection_folder(self.server.user, self.slug),
                                   ".Radicale.cache"), gone)
        for old in (token1, token2):  # token2: nothing changed since, dead all the same
            with self.assertRaises(DAVError) as cm:
                self.c.sync_collection(self.cal, old)
            self.assertEqual(cm.exception.status, 403)
            self.assertTrue(cm.exception.has_error_element(DAV, "valid-sync-token"),
                            cm.exception.body)
        token3, changed, removed = self.c.sync_collection(self.cal, "")
        self.assertNotIn(token3, (token1, token2))
        self.assertEqual((len(changed), removed), (2, []))
        self.assertEqual(self.c.sync_collection(self.cal, token3), (token3, [], []))

    def test_malformed_sync_token_is_403(self):
        with self.assertRaises(DAVError) as cm:
            self.c.sync_collection(self.cal, "http://radicale.org/ns/sync/nonsense")
        self.assertEqual(cm.exception.status, 403)
        self.assertTrue(cm.exception.has_error_element(DAV, "valid-sync-token"))

    def test_read_only_calendar_refuses_writes(self):
        href, uid, etag = self.create("Before")
        self.server.make_read_only(self.server.user, self.slug)
        try:
            self.assertEqual(self.c.put(self.href(), vtodo(None, "New"), if_none_match=True)[0],
                             403)
            self.assertEqual(self.c.put(href, vtodo(uid, "Edit"), if_match=etag)[0], 403)
            self.assertEqual(self.c.delete(href, if_match=etag), 403)
            self.assertEqual(self.c.get(href)[:2], (200, etag))
            self.assertEqual(list(self.c.list_todos(self.cal)), [href])
            self.assertIn(self.cal, [k.href for k in self.c.discover()])
        finally:
            self.server.make_read_only(self.server.user, self.slug, False)
        self.assertEqual(self.c.put(href, vtodo(uid, "Edit"), if_match=etag)[0], self.server.update_status)

    def test_users_own_their_calendars_only(self):
        self.server.add_user("bob", "hunter2")
        bob = self.server.client("bob")
        self.assertEqual(bob.current_user_principal(), "/bob/")
        self.assertEqual(bob.propfind(self.cal, 0).status, 403)
        self.assertEqual(bob.put(self.href(), vtodo(None, "Intruder"))[0], 403)
        wrong = self.server.client(password="wrong")
        self.assertEqual(wrong.propfind(self.cal, 0).status, 401)

    # -- the proxy ----------------------------------------------------------------------------

    def test_proxy_forwards_and_logs(self):
        cals = self.pc.discover()
        self.assertIn(self.cal, [k.href for k in cals])
        href, _uid, etag = self.create("Via proxy", client=self.pc)
        self.assertEqual(self.c.get(href)[:2], (200, etag))
        log = self.proxy.log
        self.assertEqual([(e.method, e.status) for e in log],
                         [("PROPFIND", 207)] * 3 + [("PUT", 201)])
        put = log[-1]
        self.assertEqual(put.path, href)
        self.assertEqual(put.header("If-None-Match"), "*")
        self.assertTrue(put.header("Authorization").startswith("Basic "))
        self.assertIn(b"SUMMARY:Via proxy", put.body)
        self.assertEqual(put.response_header("ETag"), etag)
        self.assertTrue(put.complete and put.fault is None and put.upstream_status == 201)
        # an "idle sync" of two calendars: one request each, and the log shows it
        other = self.server.make_calendar(self.server.user, self.slug + "-2", "Two")
        self.proxy.clear()
        for url in (self.cal, other):
            self.pc.ctag_and_token(url)
        self.assertEqual(self.proxy.count(), 2)
        self.assertEqual(self.proxy.count("PROPFIND", "^%s$" % self.cal), 1)
        self.assertEqual(self.proxy.count("PROPFIND", "^%s$" % other), 1)

    def test_proxy_keeps_connections_alive(self):
        conn = http.client.HTTPConnection("127.0.0.1", self.proxy.port, timeout=5)
        try:
            auth = {"Authorization": self.c.auth_header(), "Depth": "0"}
            for _ in range(3):
                conn.request("PROPFIND", self.cal, headers=auth)
                r = conn.getresponse()
                r.read()
                self.assertEqual(r.status, 207)
                self.assertFalse(r.will_close)
            conn.request("PROPFIND", self.cal, headers=dict(auth, Connection="close"))
            r = conn.getresponse()
            r.read()
            self.assertTrue(r.will_close)
        finally:
            conn.close()
        self.assertEqual(self.proxy.count("PROPFIND"), 4)

    def test_fail_answers_without_forwarding(self):
        self.proxy.fail(503, method="PUT", count=1, retry_after=7)
        href = self.href()
        r = self.pc.request("PUT", href, vtodo(None, "X").encode(), {"If-None-Match": "*"})
        self.assertEqual((r.status, r.headers.get("Retry-After")), (503, "7"))
        self.assertEqual(self.c.get(href)[0], 404)  # never reached the server
        for code in (500, 507, 403):
            self.proxy.fail(code, method="PUT", count=1)
            self.assertEqual(self.pc.put(href, vtodo(None, "X"), if_none_match=True)[0], code)
        self.assertEqual(self.pc.put(href, vtodo(None, "X"), if_none_match=True)[0], 201)
        self.assertEqual([(e.status, e.upstream_status, e.fault)
                          for e in self.proxy.requests("PUT")],
                         [(503, None, "fail"), (500, None, "fail"), (507, None, "fail"),
                          (403, None, "fail"), (201, 201, None)])

    def test_drop_request_never_reaches_the_server(self):
        self.proxy.drop_request(method="PUT", count=1)
        href = self.href()
        with self.assertRaises(NETWORK_ERRORS):
            self.pc.put(href, vtodo(None, "Lost"), if_none_match=True)
        self.assertEqual(self.c.get(href)[0], 404)
        self.proxy.drop_request(method="PUT", count=1, reset=True)
        with self.assertRaises(NETWORK_ERRORS):
            self.pc.put(href, vtodo(None, "Lost"), if_none_match=True)
        self.assertEqual(self.c.get(href)[0], 404)
        self.assertEqual([(e.fault, e.status, e.upstream_status) for e in self.proxy.log],
                         [("drop_request", None, None)] * 2)

    def test_drop_response_after_the_put_was_applied(self):
        self.proxy.drop_response(method="PUT", count=1, after_bytes=0)
        href = self.href()
        with self.assertRaises(NETWORK_ERRORS):
            self.pc.put(href, vtodo(None, "Applied"), if_none_match=True)
        status, etag, text = self.c.get(href)
        self.assertEqual(status, 200)  # the server did apply it
        self.assertEqual(ics_property(text, "SUMMARY"), "Applied")
        [e] = self.proxy.log
        self.assertEqual((e.fault, e.upstream_status, e.complete), ("drop_response", 201, False))
        # a retried create now meets 412: what a client must expect after a lost answer
        self.assertEqual(self.pc.put(href, vtodo(None, "Applied"), if_none_match=True)[0], 412)

    def test_drop_response_mid_body(self):
        for _ in range(3):
            self.create()
        self.proxy.drop_response(method="REPORT", count=1, after_bytes=400)
        with self.assertRaises(NETWORK_ERRORS) as cm:
            self.pc.list_todos(self.cal)
        self.assertIsInstance(cm.exception, http.client.IncompleteRead)
        self.assertEqual(len(self.pc.list_todos(self.cal)), 3)

    def test_no_etag_strips_the_header(self):
        self.proxy.no_etag(method="PUT")
        href = self.href()
        status, etag = self.pc.put(href, vtodo(None, "No tag"), if_none_match=True)
        self.assertEqual((status, etag), (201, None))
        direct = self.c.get(href)
        self.assertEqual(direct[0], 200)
        self.assertTrue(direct[1])
        self.assertEqual(self.pc.get(href)[1], direct[1])  # only PUT replies lose it
        self.assertEqual(self.proxy.log[0].response_header("ETag"), None)

    def test_change_between_makes_the_put_412(self):
        href, uid, etag = self.create("Original")
        self.assertEqual(self.pc.get(href)[1], etag)
        self.proxy.change_between(vtodo(uid, "Changed elsewhere"), count=1)
        self.assertEqual(self.pc.put(href, vtodo(uid, "Mine"), if_match=etag)[0], 412)
        status, etag2, text = self.c.get(href)
        self.assertEqual(ics_property(text, "SUMMARY"), "Changed elsewhere")
        self.assertNotEqual(etag2, etag)
        put = self.proxy.requests("PUT")[0]
        self.assertEqual((put.fault, put.status, put.note),
                         ("change_between", 412, "change_between PUT -> %d" % self.server.update_status))
        # the rule is used up: a PUT with the fresh ETag goes through
        self.assertEqual(self.pc.put(href, vtodo(uid, "Mine"), if_match=etag2)[0], self.server.update_status)

    def test_slow_exceeds_a_short_timeout(self):
        self.proxy.slow(1.0, method="PROPFIND", count=1)
        hasty = self.server.client(base_url=self.proxy.url, timeout=0.3)
        t0 = time.monotonic()
        with self.assertRaises(socket.timeout):
            hasty.ctag_and_token(self.cal)
        self.assertLess(time.monotonic() - t0, 0.9)
        self.proxy.slow(0.4, method="PROPFIND", count=1)
        t0 = time.monotonic()
        self.assertTrue(self.pc.ctag_and_token(self.cal)[1])
        self.assertGreaterEqual(time.monotonic() - t0, 0.4)

    def test_garbage_bodies(self):
        self.create()
        self.proxy.garbage(method="REPORT", count=1, kind="xml")
        with self.assertRaises(ET.ParseError):
            self.pc.sync_collection(self.cal, "")
        self.proxy.garbage(method="REPORT", count=1, kind="bytes")
        r = self.pc.report(self.cal, "<x/>")
        self.assertEqual(r.status, 207)
        with self.assertRaises(ET.ParseError):
            r.xml()
        self.assertEqual(len(self.pc.sync_collection(self.cal, "")[1]), 1)

    def test_offline_refuses_connections(self):
        port = self.proxy.port
        self.proxy.offline()
        self.assertFalse(self.proxy.is_online)
        with self.assertRaises(ConnectionRefusedError):
            self.pc.ctag_and_token(self.cal)
        self.proxy.online()
        self.assertEqual(self.proxy.port, port)
        self.assertTrue(self.pc.ctag_and_token(self.cal)[1])
        self.assertEqual(self.proxy.count(), 1)  # refused connections log nothing

    def test_offline_cuts_a_request_in_flight(self):
        self.proxy.slow(5, method="PROPFIND", count=1)
        errors = []

        def run():
            try:
                self.pc.ctag_and_token(self.cal)
            except NETWORK_ERRORS as e:
                errors.append(e)
        t = threading.Thread(target=run)
        t.start()
        self.assertTrue(self.proxy.wait_for(lambda log: len(log) == 1, 5))
        t0 = time.monotonic()
        self.proxy.offline()
        t.join(5)
        self.assertLess(time.monotonic() - t0, 2)
        self.assertEqual(len(errors), 1)
        self.proxy.clear()
        self.assertTrue(self.proxy.is_online)

    def test_rules_match_method_path_and_count(self):
        a, _ua, _ea = self.create("A")
        b, _ub, _eb = self.create("B")
        self.proxy.fail(500, method="GET", path=r"/%s\.ics$" % a.rsplit("/", 1)[1][:-4],
                        count=2)
        self.proxy.fail(404, method="GET")  # every other GET, for as long as it is there
        self.assertEqual(self.pc.get(a)[0], 500)
        self.assertEqual(self.pc.get(b)[0], 404)
        self.assertEqual(self.pc.get(a)[0], 500)
        self.assertEqual(self.pc.get(a)[0], 404)  # the first rule is used up
        self.assertEqual(self.pc.propfind(self.cal, 0).status, 207)  # other methods pass
        self.proxy.clear()
        self.assertEqual(self.proxy.log, [])
        self.assertEqual(self.pc.get(a)[0], 200)

    def test_server_gone_gives_502(self):
        dead = FaultProxy("http://127.0.0.1:%d/" % _closed_port())
        dead.start()
        try:
            r = CalDAVClient(dead.url, "alice", "secret").request("GET", "/")
            self.assertEqual(r.status, 502)
        finally:
            dead.close()


def _closed_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@unittest.skipUnless(os.environ.get("FLICK_CALDAV_SERVER") == "xandikos",
                     "Xandikos runs with FLICK_CALDAV_SERVER=xandikos")
class XandikosHarnessTest(_Common, unittest.TestCase):
    SERVER = XandikosServer

    def test_server_class(self):
        self.assertIs(server_class("xandikos"), XandikosServer)
        self.assertIs(server_class(), XandikosServer)

    def test_unsupported_parts_say_so(self):
        with self.assertRaises(NotImplementedError):
            self.server.make_read_only(self.server.user, self.slug)
        with self.assertRaises(NotImplementedError):
            self.server.forget_sync_tokens()

    def test_proxy_faults(self):
        self.proxy.fail(503, method="PUT", count=1, retry_after=3)
        href = self.href()
        self.assertEqual(self.pc.put(href, vtodo(None, "X"), if_none_match=True)[0], 503)
        self.proxy.drop_response(method="PUT", count=1)
        with self.assertRaises(NETWORK_ERRORS):
            self.pc.put(href, vtodo(None, "X"), if_none_match=True)
        self.assertEqual(self.c.get(href)[0], 200)


@unittest.skipUnless(os.environ.get("FLICK_CALDAV_SERVER") == "davical",
                     "DAViCal runs with FLICK_CALDAV_SERVER=davical")
class DAViCalHarnessTest(unittest.TestCase):
    """What DAViCal 1.1.12 answers where it differs from Radicale (davical_server.py's doc)."""

    @classmethod
    def setUpClass(cls):
        from davical_server import DAViCalServer
        cls.server = DAViCalServer()
        cls.server.start()

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def setUp(self):
        self.slug = "t-" + uuid.uuid4().hex[:8]
        self.cal = self.server.make_calendar(self.server.user, self.slug, "List " + self.slug)
        self.c = self.server.client()

    def test_an_unknown_sync_token_is_answered_with_everything_and_no_removal(self):
        self.assertEqual(self.c.put(self.cal + "a.ics", vtodo("a", "A"), if_none_match=True)[0], 201)
        token, changed, _ = self.c.sync_collection(self.cal, "")
        self.assertTrue(token.startswith("data:,"), token)
        self.assertEqual(self.c.sync_collection(self.cal, token), (token, [], []), "no change: the same token")
        self.assertEqual(self.c.put(self.cal + "b.ics", vtodo("b", "B"), if_none_match=True)[0], 201)
        self.assertEqual(self.c.delete(self.cal + "a.ics"), 204)
        self.server.forget_sync_tokens()
        new, changed, removed = self.c.sync_collection(self.cal, token)
        self.assertNotEqual(new, token)
        self.assertEqual((changed, removed), ([self.cal + "b.ics"], []), "a.ics's deletion is not said")

    def test_a_user_has_a_calendar_and_scheduling_boxes_that_take_tasks(self):
        calendars = {info.href: info.components for info in self.c.discover(self.server.calendar_home("alice"))}
        home = self.server.calendar_home("alice")
        for slug in ("calendar", ".in", ".out"):
            self.assertIn("VTODO", calendars[home + slug + "/"])
        self.assertEqual(self.c.current_user_principal(home), home)

    def test_read_only_is_not_offered_and_if_match_on_a_missing_item_is_412(self):
        with self.assertRaises(NotImplementedError):
            self.server.make_read_only(self.server.user, self.slug)
        self.assertEqual(self.c.put(self.cal + "gone.ics", vtodo("gone", "X"), if_match='"nope"')[0], 412)


class ServerClassTest(unittest.TestCase):
    def test_names(self):
        self.assertIs(server_class("radicale"), RadicaleServer)
        self.assertIs(server_class("xandikos"), XandikosServer)
        with self.assertRaises(ValueError):
            server_class("nextcloud")


if __name__ == "__main__":
    unittest.main()
