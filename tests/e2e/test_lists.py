"""End to end: many lists with the keyboard only: create a list, add to it, go up to the
overview and back, open lists by position, delete a list and undo; the overview read through
AT-SPI."""

import os
import subprocess
import time
import unittest

from accessible import BUTTON_ROLES
from flickapp import FlickApp, accessible_nodes, built_binary, wait_for


class ListsTests(unittest.TestCase):
    def setUp(self):
        self.app = FlickApp()
        self.addCleanup(self.app.cleanup)
        self.app.start()
        self.welcome = wait_for(self.app.titles, message="the welcome list")

    def row_names(self):
        return [node["name"] for node in accessible_nodes(self.app.process.pid) if node["role"] == "list item"
                or node["name"].endswith(("unfinished item", "unfinished items"))]

    def create_list(self, name):
        self.app.keys("ctrl+shift+n")
        wait_for(lambda: "New List" in self.app.window_names(), message="the New List window")
        self.app.type(name)
        self.app.keys("Return")
        wait_for(lambda: self.app.title() == name, message=f"the new list {name} open")

    def test_create_a_list_add_to_it_and_move_between_lists(self):
        self.create_list("Groceries")
        self.app.keys("ctrl+n")
        self.app.type("Oat milk")
        self.app.keys("Return")
        wait_for(lambda: ("Groceries", 1) in self.app.lists(), message="the item stored in the new list")
        self.assertEqual(self.app.lists(), [("Groceries", 1), ("Welcome to Flick", len(self.welcome)), ("Many Lists", 7)])

        self.app.keys("alt+Left")
        wait_for(lambda: self.app.title() == "Lists", message="the overview")
        names = wait_for(lambda: [n for n in self.row_names() if "unfinished" in n], message="overview rows")
        self.assertIn("Groceries, 1 unfinished item", names)
        self.assertIn(f"Welcome to Flick, {len(self.welcome)} unfinished items", names)
        self.assertIn("Many Lists, 7 unfinished items", names)

        self.app.keys("ctrl+Next")  # Ctrl+Page Down: the list after the focused one.
        wait_for(lambda: self.app.title() == "Welcome to Flick", message="the next list opened")
        self.app.keys("Escape")
        wait_for(lambda: self.app.title() == "Lists", message="Escape goes up")
        self.app.keys("alt+Right")
        wait_for(lambda: self.app.title() == "Welcome to Flick", message="Alt+Right returns to the last list")
        self.app.keys("ctrl+1")
        wait_for(lambda: self.app.title() == "Groceries", message="Ctrl+1 opens the first list")
        self.app.keys("alt+Left", "Down", "Return")
        wait_for(lambda: self.app.title() == "Welcome to Flick", message="Enter opens the focused list")

    def test_delete_a_list_from_the_overview_and_undo(self):
        self.create_list("Work")
        self.app.keys("ctrl+n")
        self.app.type("Send the report")
        self.app.keys("Return")
        wait_for(lambda: ("Work", 1) in self.app.lists(), message="the item stored")
        self.app.keys("alt+Left")
        wait_for(lambda: self.app.title() == "Lists", message="the overview")
        self.app.keys("Delete")
        wait_for(lambda: self.app.lists() == [("Welcome to Flick", len(self.welcome)), ("Many Lists", 7)],
                 message="the list and its item deleted")
        self.app.keys("ctrl+z")
        wait_for(lambda: self.app.lists() == [("Work", 1), ("Welcome to Flick", len(self.welcome)), ("Many Lists", 7)],
                 message="undo restores both")

    def test_undoing_the_creation_of_the_open_list_leaves_it(self):
        # The window held the list whose creation Ctrl+Z undid on the lists: an item added then
        # went to a list that no longer existed, and `flick --add` failed.
        self.create_list("Errands")
        self.app.keys("alt+Left")
        wait_for(lambda: self.app.title() == "Lists", message="the overview")
        self.app.keys("ctrl+z")
        wait_for(lambda: "Errands" not in self.app.list_names(), message="the list's creation undone")
        added = subprocess.run([str(built_binary()), "--data-dir", str(self.app.data_dir), "--add", "Buy stamps"],
                               env=dict(os.environ, **self.app.extra_env), capture_output=True, text=True, timeout=30)
        self.assertEqual((added.returncode, added.stderr), (0, ""))
        self.assertEqual(self.app.titles()[0], "Buy stamps")

    def test_an_item_added_while_the_lists_are_shown_leaves_them_the_keyboard(self):
        # app.add-item (and `flick --add`) put the focus on the new item's row behind the
        # lists: Delete, meant for the focused list, deleted the item nobody could see.
        self.app.keys("alt+Left")
        wait_for(lambda: self.app.title() == "Lists", message="the overview")
        time.sleep(1)  # The slide to the lists ends and their row has the focus.
        subprocess.run(["gdbus", "call", "--session", "--dest", "io.github.flicktodo.Flick", "--object-path",
                        "/io/github/flicktodo/Flick", "--method", "org.gtk.Actions.Activate", "add-item",
                        "[<'Unseen item'>]", "{}"], check=True, capture_output=True, timeout=10)
        self.assertEqual(self.app.titles()[0], "Unseen item")
        self.app.keys("Delete")
        wait_for(lambda: self.app.list_names() == ["Many Lists"], message="the focused list deleted")
        self.assertEqual(self.app.query("SELECT count(*) FROM item WHERE title = 'Unseen item'"), [(0,)])

    def test_the_back_button_has_a_name(self):
        names = [node["name"] for node in accessible_nodes(self.app.process.pid) if node["role"] in BUTTON_ROLES]
        self.assertIn("Back to Lists", names)


if __name__ == "__main__":
    unittest.main()
