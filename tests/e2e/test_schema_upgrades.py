"""End to end (issue 74, point 3): every file Flick ever wrote opens with nothing lost.

tests/fixtures/schemas/vN/ holds a database written by the Flick of the time when schema N was
current (tools/make-schema-fixtures made them; their README says with which commit), and
fixture.json what was put in. For each, today's Flick is given a copy of the folder as a user
upgrading would give it:
- `flick --export` reads the old file as it is, changing nothing (a v1 file, which has no UIDs,
  it refuses in words until Flick has opened it once);
- the window opens it (the migrations to today's schema, then the reading of what an older
  schema kept in an item's iCalendar text alone: priority, tags, parent, start);
then every list, item and field recorded must be there, in its list and order, with its UID,
times and iCalendar text kept, in the database and in `flick --export`; Recently Deleted must
hold what was deleted; no file may have been set aside. Where the fixture has a synced account,
a fresh Radicale is given the resources the server held after the fixture's last sync,
`flick --sync` must send the edits made after it, and the server must then hold each item
once: no UID twice, no second copy of the changed item.

One class per schema version; its setUpClass does what the user does, once, and its tests
check one thing each, so that a loss names the version and what was lost."""

import datetime
import hashlib
import json
import os
import re
import shutil
import sqlite3
import subprocess
import tempfile
import time
import unittest
from pathlib import Path
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

from caldav_server import RadicaleServer
from flickapp import ROOT, FlickApp, built_binary, flick_environment, wait_for

FIXTURES = ROOT / "tests" / "fixtures" / "schemas"
# Today's schema, as Schema.swift says: a new migration asks for a fixture of the schema before it.
TODAY_SCHEMA = int(re.search(r"static let version = (\d+)",
                             (ROOT / "Sources/FlickCore/Schema/Schema.swift").read_text()).group(1))
PASSWORD = "secret"
# `flick --export` reads a file as it is, without migrating it, from schema v2 on; a v1 file has
# no UIDs to export, and is refused in words (ListSnapshot.Problem.olderVersion) until Flick
# has opened it once.
EXPORTED_AS_IT_IS_FROM = 2

# A loss a fixture showed that today's Flick has not mended yet: (version, test name) -> what
# is lost. The test still asserts what must be kept, as an expected failure.
KNOWN_LOSSES = {}


def unfold(text):
    return text.replace("\r\n", "\n").replace("\n ", "").replace("\n\t", "").split("\n")


def unescape(value):
    out, i = [], 0
    while i < len(value):
        if value[i] == "\\" and i + 1 < len(value):
            out.append("\n" if value[i + 1] in "nN" else value[i + 1])
            i += 2
        else:
            out.append(value[i])
            i += 1
    return "".join(out)


def split_content_line(line):
    """(NAME, {PARAM: value}, value) of one unfolded content line."""
    quoted, colon = False, None
    for index, character in enumerate(line):
        if character == '"':
            quoted = not quoted
        elif character == ":" and not quoted:
            colon = index
            break
    head, value = line[:colon], line[colon + 1:]
    name, *parameters = head.split(";")
    return name.upper(), dict(p.split("=", 1) for p in parameters if "=" in p), value


def vtodos(text):
    """Each VTODO of an iCalendar text: {"lines": its own unfolded lines, "props": {NAME:
    [(parameters, value)]}, "alarms": how many VALARMs}."""
    todos, todo, depth = [], None, 0
    for line in unfold(text):
        if line == "BEGIN:VTODO":
            todo, depth = {"lines": [], "props": {}, "alarms": 0}, 0
        elif line == "END:VTODO" and todo is not None:
            todos.append(todo)
            todo = None
        elif todo is not None:
            if line.startswith("BEGIN:"):
                depth += 1
                todo["alarms"] += line == "BEGIN:VALARM"
            elif line.startswith("END:"):
                depth -= 1
            elif depth == 0 and line:
                todo["lines"].append(line)
                name, parameters, value = split_content_line(line)
                todo["props"].setdefault(name, []).append((parameters, value))
    return todos


def one(todo, name):
    found = todo["props"].get(name, [])
    assert len(found) <= 1, f"{name} {len(found)} times"
    return found[0] if found else None


def date_time_problem(prop, day, minute, zone, name):
    """What an exported DUE or DTSTART says other than the day, minute and zone stored, or
    None. A time in a zone is compared as the moment it names: a file's UTC time, stored by an
    older Flick on the local clock (v4 took DUE:20270204T150000Z as 16:00 in Berlin), is
    written out again as the file had it."""
    if day is None:
        return None if prop is None else f"{name} {prop} where none was put in"
    if prop is None:
        return f"no {name}, where {day} {minute} {zone} was put in"
    parameters, value = prop
    if minute is None:
        if value != str(day):
            return f"{name} {value}, where the day {day} alone was put in"
        return None
    stored = datetime.datetime(day // 10000, day // 100 % 100, day % 100, minute // 60, minute % 60)
    written = datetime.datetime.strptime(value.rstrip("Z")[:15], "%Y%m%dT%H%M%S")
    if zone is None:
        return None if written == stored and not value.endswith("Z") and "TZID" not in parameters else \
            f"{name} {prop}, not the floating {stored}"
    stored = stored.replace(tzinfo=ZoneInfo(zone))
    if value.endswith("Z"):
        written = written.replace(tzinfo=datetime.timezone.utc)
    elif "TZID" in parameters:
        written = written.replace(tzinfo=ZoneInfo(parameters["TZID"]))
    else:
        return f"{name} {prop} is floating, where {stored} was put in"
    return None if written == stored else f"{name} {prop}, not {stored}"


class UpgradeOfOneSchema:
    """The checks of one fixture; the classes below give `version`."""

    version = None

    @classmethod
    def setUpClass(cls):
        cls.folder_of_fixture = FIXTURES / f"v{cls.version}"
        cls.fixture = json.loads((cls.folder_of_fixture / "fixture.json").read_text())
        cls.work = Path(tempfile.mkdtemp(prefix=f"flick-upgrade-v{cls.version}-"))
        cls.data = cls.work / "data"
        cls.data.mkdir(mode=0o700)
        shutil.copy(cls.folder_of_fixture / "flick.sqlite", cls.data / "flick.sqlite")
        keyring = cls.work / "keyring"
        cls.env = flick_environment(dict(os.environ, TZ=cls.fixture["time_zone"], LANG="C.UTF-8", LANGUAGE="en",
                                         GSETTINGS_BACKEND="memory", SECRET_BACKEND="file",
                                         SECRET_FILE_TEST_PATH=str(keyring), SECRET_FILE_TEST_PASSWORD="test"))
        cls.server = None
        try:
            cls.upgrade()
        except BaseException:
            cls.tearDownClass()
            raise

    @classmethod
    def tearDownClass(cls):
        if cls.server:
            cls.server.stop()
            cls.server = None
        shutil.rmtree(cls.work, ignore_errors=True)

    @classmethod
    def flick(cls, *args, timeout=120):
        return subprocess.run([str(built_binary()), "--data-dir", str(cls.data), *args], capture_output=True,
                              text=True, timeout=timeout, env=cls.env, stdin=subprocess.DEVNULL)

    @classmethod
    def sql(cls, statement, *parameters):
        connection = sqlite3.connect(cls.data / "flick.sqlite")
        try:
            with connection:
                connection.execute(statement, parameters)
        finally:
            connection.close()

    @classmethod
    def query(cls, statement, *parameters):
        connection = sqlite3.connect(f"file:{cls.data / 'flick.sqlite'}?mode=ro", uri=True)
        connection.row_factory = sqlite3.Row
        try:
            return [dict(row) for row in connection.execute(statement, parameters).fetchall()]
        finally:
            connection.close()

    @classmethod
    def upgrade(cls):
        """What a user upgrading does with the folder, each step's result kept for the tests."""
        database = cls.data / "flick.sqlite"
        sync = cls.fixture["sync"]
        if cls.fixture["deleted"]:
            # Recently Deleted keeps an item 30 days from its deletion, and today's Flick rightly
            # purges older entries when it opens the file: the fixture's deletions are moved
            # forward to now, their ages kept, so that the entries checked are young enough to
            # stay whenever the test runs.
            newest = cls.query("SELECT max(deleted_at) AS t FROM deleted_item")[0]["t"]
            cls.sql("UPDATE deleted_item SET deleted_at = deleted_at + ?", int(time.time() * 1000) - newest)
        if sync:
            # The server after the fixture's last sync: a fresh Radicale holding the resources
            # it held then, byte for byte (its ETags are those of the same texts).
            cls.server = RadicaleServer(sync["user"], PASSWORD)
            cls.server.start()
            slug = sync["calendar"].strip("/").split("/")[-1]
            cls.server.make_calendar(sync["user"], slug, sync["calendar_name"])
            cls.server.store_items(sync["user"], slug, {Path(resource["file"]).name:
                                                        (cls.folder_of_fixture / resource["file"]).read_bytes().decode()
                                                        for resource in sync["server"]})
            # That server is on another port than the one the fixture was made with: the
            # account's stored addresses (the account's, its principal's and home's, the
            # calendar's; resources are stored as paths) are moved to it, as a user whose server
            # moved would edit them. Nothing else in the file is touched.
            old, new = sync["account_url"], cls.server.url
            for table, columns in (("account", ("url", "principal_url", "home_url")), ("list_sync", ("url",))):
                for column in columns:
                    cls.sql(f"UPDATE {table} SET {column} = replace({column}, ?, ?)", old, new)
        cls.before_opening = hashlib.sha256(database.read_bytes()).hexdigest()

        # 1. Read as it is, by a Flick that does not migrate a file it only reads.
        cls.export_before = cls.flick("--export")
        cls.unchanged_by_export = hashlib.sha256(database.read_bytes()).hexdigest() == cls.before_opening

        # 2. Opened by the window: migrated, then the older schemas' iCalendar-only fields read.
        # The keyring has no password yet, so the window's sync at start sends nothing: the
        # unsent edits are left for `flick --sync` below.
        app = FlickApp(data_dir=cls.data, env={key: cls.env[key] for key in
                                               ("TZ", "LANG", "LANGUAGE", "SECRET_BACKEND", "SECRET_FILE_TEST_PATH",
                                                "SECRET_FILE_TEST_PASSWORD")})
        try:
            app.start()
            wait_for(lambda: cls.query("PRAGMA user_version")[0]["user_version"] == TODAY_SCHEMA, timeout=20,
                     message=f"v{cls.version} migrated")
            wait_for(lambda: cls.query("SELECT count(*) AS n FROM item WHERE priority = -1 OR start_day = -1")[0]["n"] == 0,
                     timeout=20, message="the iCalendar-only fields read")
            cls.criticals = app.gtk_criticals()
        finally:
            app.cleanup()
        cls.files_after_opening = sorted(path.name for path in cls.data.iterdir())
        cls.lists_after = cls.query("SELECT * FROM list ORDER BY rank, id")
        cls.items_after = cls.query("SELECT * FROM item ORDER BY list_id, rank, id")
        cls.deleted_after = cls.query("SELECT * FROM deleted_item ORDER BY id")
        cls.outbox_after = (sorted(row["uid"] for row in cls.query("SELECT uid FROM item_sync WHERE dirty")),
                            sorted(row["uid"] for row in cls.query("SELECT uid FROM sync_tombstone")))
        cls.export_after = cls.flick("--export")
        cls.deleted_listing = cls.flick("--deleted")

        # 3. The unsent edits sent to the server the folder synced with.
        if sync:
            url = cls.query("SELECT url FROM account")[0]["url"]
            stored = subprocess.run(["secret-tool", "store", "--label=Flick", "xdg:schema", "io.github.flicktodo.Flick.Account",
                                     "server", url, "user", sync["user"]], input=PASSWORD, text=True,
                                    capture_output=True, env=cls.env, timeout=30)
            assert stored.returncode == 0, stored.stderr
            cls.sync_run = cls.flick("--sync")
            cls.server_after = cls.server.client().list_todos(sync["calendar"])
            cls.synced_items_after = cls.query(
                "SELECT item.uid, item.title, item_sync.href, item_sync.dirty FROM item JOIN list ON list.id = item.list_id "
                "LEFT JOIN item_sync ON item_sync.item_id = item.id WHERE list.name = ?", sync["list"])
            cls.outbox_after_sync = cls.query("SELECT (SELECT count(*) FROM item_sync WHERE dirty) "
                                              "+ (SELECT count(*) FROM sync_tombstone) AS n")[0]["n"]

    # -- the checks ---------------------------------------------------------------------------

    def items_by_id(self):
        return {row["id"]: row for row in self.items_after}

    def test_the_fixture_is_of_its_schema(self):
        # Read from the file's header, not through SQLite: even a read-only connection would
        # leave a write-ahead log and its index beside the fixture.
        header = (self.folder_of_fixture / "flick.sqlite").read_bytes()[:100]
        self.assertEqual(int.from_bytes(header[60:64], "big"), self.version, "PRAGMA user_version")
        self.assertEqual(sorted(path.name for path in self.folder_of_fixture.glob("flick.sqlite*")), ["flick.sqlite"],
                         "checkpointed: no write-ahead log beside it")

    def test_export_reads_the_old_file_as_it_is(self):
        self.assertTrue(self.unchanged_by_export, "--export changed the old file")
        if self.version < EXPORTED_AS_IT_IS_FROM:
            self.assertEqual(self.export_before.returncode, 1)
            self.assertIn("was written by an older Flick. Start Flick once to bring it up to date, then export it.",
                          self.export_before.stderr)
            return
        self.assertEqual(self.export_before.returncode, 0, self.export_before.stderr)
        self.assert_exported_as_recorded(self.export_before.stdout)

    def test_the_window_opens_it_without_a_critical_and_sets_nothing_aside(self):
        self.assertEqual(self.criticals, [])
        self.assertEqual([name for name in self.files_after_opening if "unreadable" in name or "newer" in name], [],
                         f"a file was set aside: {self.files_after_opening}")
        self.assertLessEqual(set(self.files_after_opening),
                             {"flick.sqlite", "flick.sqlite-wal", "flick.sqlite-shm", "flick.sqlite-closed", "backups"},
                             "only the database, its log, the clean close's mark and the daily backups")

    def test_every_list_keeps_its_items_in_their_order(self):
        self.assertEqual([row["name"] for row in self.lists_after], [row["name"] for row in self.fixture["lists"]])
        for recorded, row in zip(self.fixture["lists"], self.lists_after):
            if recorded["uid"]:  # Schema v1 had none; v2 gave every list one.
                self.assertEqual(row["uid"], recorded["uid"], f"{recorded['name']}'s UID")
        names = {row["id"]: row["name"] for row in self.lists_after}
        found = {}
        for row in self.items_after:
            found.setdefault(names[row["list_id"]], []).append(row["id"])
        self.assertEqual(found, {row["name"]: row["items_in_order"] for row in self.fixture["lists"]
                                 if row["items_in_order"]})

    def test_every_item_keeps_every_field(self):
        items = self.items_by_id()
        for recorded in self.fixture["items"]:
            with self.subTest(item=recorded["fields"]["title"]):
                row = items.get(recorded["id"])
                self.assertIsNotNone(row, "the item is gone")
                self.assertEqual({name: row[name] for name in recorded["fields"]}, recorded["fields"])
                self.assertEqual({name: row[name] for name in recorded["kept"]}, recorded["kept"])

    def test_recently_deleted_keeps_what_was_deleted(self):
        kept = {row["uid"]: row for row in self.deleted_after}
        deleted_uids = {recorded["uid"] for recorded in self.fixture["deleted"]}
        listed = self.deleted_listing.stdout.splitlines()
        for recorded in self.fixture["deleted"]:
            with self.subTest(item=recorded["fields"]["title"]):
                row = kept.get(recorded["uid"])
                self.assertIsNotNone(row, "no longer in Recently Deleted")
                self.assertEqual((row["list_name"], row["reason"]), (recorded["list"], recorded["reason"]))
                self.assertEqual({name: row[name] for name in recorded["fields"]}, recorded["fields"])
                if recorded["fields"]["parent_uid"] not in deleted_uids:
                    # `flick --deleted` names a deleted subtask with its parent ("with 1 subtask").
                    subtasks = sum(other["fields"]["parent_uid"] == recorded["uid"] for other in self.fixture["deleted"])
                    line = next((line for line in listed if line.startswith(recorded["fields"]["title"] + "  (")), "")
                    self.assertIn(recorded["list"], line, f"--deleted listed {listed}")
                    if subtasks:
                        self.assertIn(f"with {subtasks} subtask", line)
        self.assertEqual(len(self.deleted_after), len(self.fixture["deleted"]))

    def test_export_after_opening_has_every_item_and_field(self):
        self.assertEqual(self.export_after.returncode, 0, self.export_after.stderr)
        self.assert_exported_as_recorded(self.export_after.stdout)

    def assert_exported_as_recorded(self, text):
        todos = vtodos(text)
        self.assertEqual(len(todos), len(self.fixture["items"]), "as many tasks as items")
        by_uid = {one(todo, "UID")[1]: todo for todo in todos}
        self.assertEqual(len(by_uid), len(todos), "no UID twice")
        by_title = {}
        for todo in todos:
            by_title.setdefault(unescape(one(todo, "SUMMARY")[1]), []).append(todo)
        for recorded in self.fixture["items"]:
            fields = recorded["fields"]
            with self.subTest(item=fields["title"]):
                uid = recorded["kept"].get("uid")
                # Schema v1 had no UIDs: its items are found by their titles, which the fixture
                # keeps apart.
                todo = by_uid.get(uid) if uid else (by_title.get(fields["title"]) or [None])[0]
                self.assertIsNotNone(todo, "not exported")
                self.assertEqual(unescape(one(todo, "SUMMARY")[1]), fields["title"])
                description = one(todo, "DESCRIPTION")
                self.assertEqual(unescape(description[1]) if description else "", fields["notes"])
                status = one(todo, "STATUS")
                self.assertEqual(status is not None and status[1] == "COMPLETED", bool(fields["completed"]))
                self.assertIsNone(date_time_problem(one(todo, "DUE"), fields["due_day"], fields["due_minute"],
                                                    fields["due_zone"], "DUE"))
                self.assertIsNone(date_time_problem(one(todo, "DTSTART"), fields["start_day"], fields["start_minute"],
                                                    fields["start_zone"], "DTSTART"))
                rrule = one(todo, "RRULE")
                self.assertEqual(rrule[1] if rrule else None, fields["rrule"])
                priority = one(todo, "PRIORITY")
                self.assertEqual(int(priority[1]) if priority else 0, fields["priority"])
                categories = [unescape(value) for _, line in todo["props"].get("CATEGORIES", [])
                              for value in line.replace("\\,", "\0").split(",")]
                self.assertEqual([value.replace("\0", ",") for value in categories],
                                 fields["tags"].split("\n") if fields["tags"] else [])
                related = one(todo, "RELATED-TO")
                self.assertEqual(related[1] if related else None, fields["parent_uid"])
                if fields["reminder"]:
                    self.assertEqual(todo["alarms"], 1, f"the reminder {fields['reminder']} as one VALARM")
                # What no Flick reads comes out as it went in.
                ical = recorded["kept"].get("ical") or ""
                for line in (vtodos(ical)[0]["lines"] if ical else []):
                    if line.startswith("X-") and not line.startswith("X-APPLE-SORT-ORDER"):
                        self.assertIn(line, todo["lines"])

    def test_the_unsent_edits_wait_to_be_sent(self):
        sync = self.fixture["sync"]
        if not sync:
            self.skipTest(f"schema v{self.version}'s Flick had no CalDAV sync")
        self.assertEqual(self.outbox_after,
                         (sorted(edit["uid"] for edit in sync["unsent"] if edit["kind"] != "deleted"),
                          sorted(edit["uid"] for edit in sync["unsent"] if edit["kind"] == "deleted")))

    def test_sync_sends_the_unsent_edits_once(self):
        sync = self.fixture["sync"]
        if not sync:
            self.skipTest(f"schema v{self.version}'s Flick had no CalDAV sync")
        self.assertEqual(self.sync_run.returncode, 0, self.sync_run.stdout + self.sync_run.stderr)
        server = {}
        for href, (_, text) in self.server_after.items():
            uids = [unescape(value) for _, value in (todo["props"]["UID"][0] for todo in vtodos(text))]
            self.assertEqual(len(uids), 1, f"{href} holds {len(uids)} tasks")
            self.assertNotIn(uids[0], server, f"UID {uids[0]} twice on the server")
            todo = vtodos(text)[0]
            status = one(todo, "STATUS")
            server[uids[0]] = (urlsplit(href).path, unescape(one(todo, "SUMMARY")[1]), status[1] if status else None)
        before = {resource["uid"]: resource for resource in sync["server"]}
        edits = {edit["kind"]: edit for edit in sync["unsent"]}
        expected = set(before) | {edits["added"]["uid"]}
        if "deleted" in edits:
            expected.discard(edits["deleted"]["uid"])
        self.assertEqual(set(server), expected)
        self.assertEqual(server[edits["added"]["uid"]][1], edits["added"]["title"])
        changed = edits["changed"]
        self.assertEqual(server[changed["uid"]][2], "COMPLETED", "the item completed offline, completed on the server")
        for uid, (href, _, _) in server.items():
            if uid in before:
                self.assertEqual(href, before[uid]["href"], f"{uid} moved to another resource")
        # Here: each item of the calendar's list once, each held by its resource, nothing left to send.
        local = self.synced_items_after
        self.assertEqual(sorted(row["uid"] for row in local), sorted(server))
        self.assertEqual({row["uid"]: row["href"] for row in local}, {uid: href for uid, (href, _, _) in server.items()})
        self.assertEqual(self.outbox_after_sync, 0)


def fixture_versions():
    return sorted(int(path.parent.name[1:]) for path in FIXTURES.glob("v*/fixture.json"))


for _version in fixture_versions():
    _methods = {"version": _version}
    for (_lost_version, _test), _loss in KNOWN_LOSSES.items():
        if _lost_version == _version:
            _methods[_test] = unittest.expectedFailure(getattr(UpgradeOfOneSchema, _test))
    _name = f"SchemaV{_version:02d}UpgradeTests"
    globals()[_name] = type(_name, (UpgradeOfOneSchema, unittest.TestCase), _methods)


class EveryVersionHasAFixtureTests(unittest.TestCase):
    def test_a_fixture_for_every_schema_from_1_to_todays(self):
        self.assertEqual(fixture_versions(), list(range(1, TODAY_SCHEMA + 1)),
                         "tools/make-schema-fixtures makes the missing ones")


if __name__ == "__main__":
    unittest.main()
