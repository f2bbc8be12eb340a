"""End to end: Flick's GNOME Shell search provider (issue 58), called over D-Bus as the Shell
calls it, on a private session bus whose service directory starts the built Flick as the
installed .service file does (`flick --gapplication-service`). One Flick serves every test:
the first call starts it by D-Bus activation, with no window, and the later tests open the
window through the provider (an item, the "more results" search) in that order.

The data folder holds the welcome list, with "Buy oat milk" added by `flick --add`, and items
written into the database before Flick starts: one found by its notes, one by its tag, one with
accents, a completed one, and one in a second list."""

import datetime
import os
import shutil
import sqlite3
import subprocess
import tempfile
import time
import unittest
from pathlib import Path

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

from flickapp import (SessionBus, accessibility_bus_address, accessible_strings, built_binary,  # noqa: E402
                      flick_environment, visible_windows, wait_for)

APP_ID = "io.github.flicktodo.Flick"
PATH = "/io/github/flicktodo/Flick/SearchProvider"
INTERFACE = "org.gnome.Shell.SearchProvider2"


class SearchProviderTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.home = Path(tempfile.mkdtemp(prefix="flick-search-provider-"))
        cls.data_dir = cls.home / "data"
        services = cls.home / "share" / "dbus-1" / "services"
        services.mkdir(parents=True)
        (services / f"{APP_ID}.service").write_text(
            f"[D-BUS Service]\nName={APP_ID}\nExec={built_binary()} --gapplication-service\n")
        cls.saved_atspi_address = os.environ.get("AT_SPI_BUS_ADDRESS")
        os.environ["AT_SPI_BUS_ADDRESS"] = accessibility_bus_address()
        cls.bus = SessionBus(flick_environment(dict(
            os.environ, XDG_DATA_DIRS=f"{cls.home / 'share'}:/usr/local/share:/usr/share",
            XDG_CONFIG_HOME=str(cls.home / "config"), GSETTINGS_BACKEND="keyfile", FLICK_DATA_DIR=str(cls.data_dir))))
        cls.seed()
        cls.connection = Gio.DBusConnection.new_for_address_sync(
            cls.bus.address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
            None, None)
        # The first call D-Bus-activates Flick: it answers, and shows no window.
        started = time.monotonic()
        cls.first_answer = cls.call("GetInitialResultSet", "(as)", (["oat"],), timeout_ms=60_000)
        cls.first_answer_s = time.monotonic() - started
        cls.pid = cls.bus.name_owner_pid(APP_ID)

    @classmethod
    def tearDownClass(cls):
        if cls.bus.name_owner_pid(APP_ID):
            cls.bus.activate_action(APP_ID, "/io/github/flicktodo/Flick", "quit")
            try:
                wait_for(lambda: not Path(f"/proc/{cls.pid}").exists(), timeout=10, message="Flick to quit")
            except AssertionError:
                os.kill(cls.pid, 9)
        cls.connection.close_sync(None)
        cls.bus.close()
        shutil.rmtree(cls.home, ignore_errors=True)
        if cls.saved_atspi_address is None:
            del os.environ["AT_SPI_BUS_ADDRESS"]
        else:
            os.environ["AT_SPI_BUS_ADDRESS"] = cls.saved_atspi_address

    @classmethod
    def seed(cls):
        added = subprocess.run([str(built_binary()), "--add", "Buy oat milk"], env=cls.bus.env, capture_output=True,
                               text=True, timeout=60)
        assert added.returncode == 0, added.stderr
        with sqlite3.connect(cls.data_dir / "flick.sqlite") as db:
            welcome = db.execute("SELECT id FROM list ORDER BY rank LIMIT 1").fetchone()[0]
            home = db.execute("INSERT INTO list (name, rank) VALUES ('Home', 1 << 40)").lastrowid
            rows = [(welcome, "Call the plumber", "The kitchen tap is leaking", None, 0),
                    (welcome, "Water the plants", "", "garden", 0),
                    (welcome, "Café crème order", "", None, 0),
                    (welcome, "Buy stamps", "", None, 1),
                    (home, "Fix the bike", "", None, 0)]
            for rank, (list_id, title, notes, tags, completed) in enumerate(rows, start=1):
                db.execute("INSERT INTO item (list_id, title, notes, tags, completed, rank) VALUES (?, ?, ?, ?, ?, ?)",
                           (list_id, title, notes, tags, completed, -rank * 1024))
        db.close()

    @classmethod
    def call(cls, method, signature, arguments, reply="(as)", timeout_ms=10_000):
        result = cls.connection.call_sync(APP_ID, PATH, INTERFACE, method, GLib.Variant(signature, arguments),
                                          GLib.VariantType(reply) if reply else None, Gio.DBusCallFlags.NONE,
                                          timeout_ms, None)
        return result.unpack()[0] if reply and reply != "()" else None

    def search(self, *terms):
        return self.call("GetInitialResultSet", "(as)", (list(terms),))

    def metas(self, ids):
        return self.call("GetResultMetas", "(as)", (list(ids),), reply="(aa{sv})")

    def item_id(self, title):
        return str(self.query("SELECT id FROM item WHERE title = ?", title)[0][0])

    def query(self, sql, *parameters):
        connection = sqlite3.connect(f"file:{self.data_dir / 'flick.sqlite'}?mode=ro", uri=True)
        try:
            return connection.execute(sql, parameters).fetchall()
        finally:
            connection.close()

    def found_titles(self, *terms):
        ids = [id for id in self.search(*terms) if not id.startswith("add:")]
        return [meta["name"] for meta in self.metas(ids)]

    # --- Started for the Shell alone ---

    def test_1_a_search_starts_flick_without_a_window(self):
        self.assertIsNotNone(self.pid, "Flick owns its name after the first call")
        with open(f"/proc/{self.pid}/cmdline", "rb") as cmdline:
            arguments = cmdline.read().split(b"\0")
        self.assertEqual(arguments[:2], [str(built_binary()).encode(), b"--gapplication-service"])
        self.assertEqual(self.first_answer, ["add:oat", self.item_id("Buy oat milk")])
        time.sleep(0.5)
        self.assertEqual(visible_windows(self.pid), [], "no window for a search")

    # --- Results and what the Shell shows of them ---

    def test_1_words_of_titles_and_notes_tags_and_accents_find_items(self):
        self.assertEqual(self.found_titles("oat"), ["Buy oat milk"])
        self.assertEqual(self.found_titles("KITCHEN"), ["Call the plumber"], "notes, case ignored")
        self.assertEqual(self.found_titles("garden"), ["Water the plants"], "a tag, without its #")
        self.assertEqual(self.found_titles("#gard"), ["Water the plants"], "a tag as the window's search reads it")
        self.assertEqual(self.found_titles("cafe", "creme"), ["Café crème order"], "accents ignored")
        self.assertEqual(self.found_titles("CAFÉ"), ["Café crème order"])
        self.assertEqual(self.found_titles("buy"), ["Buy oat milk", "Buy stamps"], "completed after open")
        self.assertEqual(self.found_titles("nothing-like-this"), [])

    def test_1_subsearch_searches_the_new_terms(self):
        previous = self.search("buy")
        narrowed = self.call("GetSubsearchResultSet", "(asas)", (previous, ["buy", "stamps"]))
        self.assertEqual(narrowed, ["add:buy stamps", self.item_id("Buy stamps")])

    def test_1_metas_name_the_list_and_the_state(self):
        metas = {meta["id"]: meta for meta in self.metas([self.item_id("Fix the bike"), self.item_id("Buy stamps"),
                                                          self.item_id("Buy oat milk")])}
        self.assertEqual(metas[self.item_id("Fix the bike")]["name"], "Fix the bike")
        self.assertEqual(metas[self.item_id("Fix the bike")]["description"], "Home")
        self.assertEqual(metas[self.item_id("Buy stamps")]["description"], "Welcome to Flick, completed")
        self.assertEqual(metas[self.item_id("Buy oat milk")]["description"], "Welcome to Flick")

    def test_1_the_add_entry_comes_first_and_says_what_quick_entry_reads(self):
        ids = self.search("call", "mum", "tomorrow", "!high")
        self.assertEqual(ids[0], "add:call mum tomorrow !high")
        meta = self.metas(ids[:1])[0]
        self.assertEqual(meta["name"], "Add “call mum”")
        self.assertEqual(meta["description"], "New item in Welcome to Flick: High priority, due Tomorrow")
        self.assertEqual(meta["icon"], ("themed", ["list-add-symbolic"]))
        plain = self.metas(["add:water"])[0]
        self.assertEqual((plain["name"], plain["description"]), ("Add “water”", "New item in Welcome to Flick"))

    def test_1_bad_input_answers_nothing(self):
        self.assertEqual(self.search(), [])
        self.assertEqual(self.search("   ", ""), [])
        self.assertEqual(self.search("x" * 5000), [])
        self.assertEqual(self.search(*["word"] * 100), [])
        self.assertEqual(self.search('"', "*", "(", "NEAR", "-"), ['add:" * ( NEAR -'])
        self.assertEqual(self.metas(["nonsense", "999999999", "add:", "", "-3", "0x10"]), [])
        self.call("ActivateResult", "(sasu)", ("bogus", [], 0), reply=None)
        self.assertEqual(self.search("oat")[1:], [self.item_id("Buy oat milk")], "still answering")

    def test_2_activating_the_add_entry_adds_the_item_with_its_date(self):
        self.call("ActivateResult", "(sasu)", ("add:Call mum tomorrow #family", ["Call", "mum", "tomorrow", "#family"], 0),
                  reply=None)
        tomorrow = int((datetime.date.today() + datetime.timedelta(days=1)).strftime("%Y%m%d"))
        rows = wait_for(lambda: self.query("SELECT due_day, tags, rank = (SELECT min(rank) FROM item i WHERE "
                                           "i.list_id = item.list_id) FROM item WHERE title = 'Call mum'"),
                        timeout=10, message="the added item")
        self.assertEqual(rows, [(tomorrow, "family", 1)], "at the top, its date and tag read off the title")
        self.assertEqual(visible_windows(self.pid), [], "adding opens no window")

    # --- The window, opened through the provider ---

    def test_3_activating_an_item_opens_the_window_on_its_list(self):
        # One deleted since the Shell found it opens the window as it was.
        self.call("ActivateResult", "(sasu)", ("999999999", [], 0), reply=None)
        windows = wait_for(lambda: visible_windows(self.pid), timeout=20, message="the Flick window")
        wait_for(lambda: self.window_name(windows[0]) == "Welcome to Flick", timeout=10, message="the window as it was")
        self.call("ActivateResult", "(sasu)", (self.item_id("Fix the bike"), ["bike"], 0), reply=None)
        wait_for(lambda: self.window_name(windows[0]) == "Home", timeout=10, message="the window on Home")
        wait_for(lambda: any(s.startswith("Fix the bike") for s in accessible_strings(self.pid)), timeout=15,
                 message="the item's row")

    def test_4_launch_search_opens_the_window_search_with_the_terms(self):
        self.call("LaunchSearch", "(asu)", (["plumber"], 0), reply=None)
        # The search field holds the terms, and the results show the item found by them.
        wait_for(lambda: "plumber" in accessible_strings(self.pid), timeout=15, message="the terms in the search field")
        wait_for(lambda: any(s.startswith("Call the plumber") for s in accessible_strings(self.pid)), timeout=15,
                 message="the result row")
        self.assertFalse(any(s.startswith("Fix the bike") for s in accessible_strings(self.pid)))

    def test_5_adding_with_the_window_open_says_so_in_it(self):
        self.call("ActivateResult", "(sasu)", ("add:Pick up the parcel", ["Pick", "up", "the", "parcel"], 0), reply=None)
        # To the list the window last opened, as `flick --add` adds.
        wait_for(lambda: self.query("SELECT 1 FROM item JOIN list ON list.id = list_id "
                                    "WHERE title = 'Pick up the parcel' AND name = 'Home'"), timeout=10,
                 message="the added item in Home")
        wait_for(lambda: "Added “Pick up the parcel” to Home" in accessible_strings(self.pid), timeout=10,
                 message="the notice in the window")
        self.assertEqual(len(visible_windows(self.pid)), 1)

    @staticmethod
    def window_name(window):
        return subprocess.run(["xdotool", "getwindowname", window], capture_output=True, text=True).stdout.strip()


if __name__ == "__main__":
    unittest.main()
