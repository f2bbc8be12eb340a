"""End to end: moving an item to another list with the keyboard (Ctrl+Shift+M, type to filter,
Enter), and undo."""

import sqlite3
import unittest

from flickapp import FlickApp, accessible_nodes, accessible_strings, wait_for, xdotool


class MoveToListTests(unittest.TestCase):
    def setUp(self):
        self.app = FlickApp()
        self.addCleanup(self.app.cleanup)
        self.app.start()
        self.welcome = wait_for(self.app.titles, message="the welcome list")

    def titles_of(self, name):
        connection = sqlite3.connect(f"file:{self.app.database}?mode=ro", uri=True)
        try:
            return [title for (title,) in connection.execute(
                "SELECT item.title FROM item JOIN list ON list.id = item.list_id WHERE list.name = ? ORDER BY item.rank",
                (name,))]
        finally:
            connection.close()

    def test_ctrl_shift_m_moves_the_focused_item_and_ctrl_z_brings_it_back(self):
        self.app.keys("Down", "ctrl+shift+m")  # The second item.
        wait_for(lambda: any(node["name"] == "Move to list" for node in accessible_nodes(self.app.process.pid)),
                 message="the Move to popover with its search field")
        self.app.type("many")
        self.app.keys("Return")
        wait_for(lambda: self.titles_of("Many Lists")[:1] == [self.welcome[1]], message="the item at the top of Many Lists")
        self.assertEqual(self.app.titles(), self.welcome[:1] + self.welcome[2:])
        self.app.keys("ctrl+z")
        wait_for(lambda: self.app.titles() == self.welcome, message="undo brings it back to its place")
        self.assertNotIn(self.welcome[1], self.titles_of("Many Lists"))

    def test_enter_typed_at_once_after_the_name_moves_to_that_list(self):
        # The search field tells of a change 150 ms late: an Enter sooner chose from the lists
        # shown for the text before, here all of them, the first being Welcome's neighbour.
        self.app.keys("ctrl+shift+n")
        wait_for(lambda: "New List" in self.app.window_names(), message="the New List window")
        self.app.type("Errands")
        self.app.keys("Return")
        wait_for(lambda: self.app.title() == "Errands", message="the new list open")
        self.app.keys("ctrl+2")
        wait_for(lambda: self.app.title() == "Welcome to Flick", message="the welcome list open")
        self.app.keys("Down", "ctrl+shift+m")
        wait_for(lambda: any(node["name"] == "Move to list" for node in accessible_nodes(self.app.process.pid)),
                 message="the Move to popover with its search field")
        xdotool("type", "--delay", 20, "many")
        xdotool("key", "Return")
        wait_for(lambda: self.titles_of("Many Lists")[:1] == [self.welcome[1]], message="the item at the top of Many Lists")
        self.assertEqual(self.titles_of("Errands"), [])

    def test_a_read_only_calendar_is_not_offered_and_takes_no_new_item(self):
        """Issue 34: Move to… offered a list whose calendar is read-only on its server, which
        refused the task at the next sync. Such a list is left out of Move to…, and a new item
        in it is refused at once, saying why."""
        self.app.quit()
        connection = sqlite3.connect(self.app.database)
        with connection:
            connection.execute("INSERT INTO account (url, user) VALUES ('http://127.0.0.1:1', 'alice')")
            connection.execute("INSERT INTO list_sync (list_id, account_id, url, read_only) "
                               "SELECT id, 1, 'http://127.0.0.1:1/alice/many/', 1 FROM list WHERE name = 'Many Lists'")
            connection.execute("INSERT INTO list (name, rank) VALUES ('Errands', 1000000)")
        connection.close()
        self.app.start()
        self.app.keys("Down", "ctrl+shift+m")
        pid = self.app.process.pid
        wait_for(lambda: "Errands" in accessible_strings(pid), message="the Move to popover with Errands")
        self.assertNotIn("Many Lists", accessible_strings(pid), "the read-only list is offered")
        self.app.keys("Escape")
        self.app.keys("ctrl+3")  # Many Lists, after Today and Welcome.
        wait_for(lambda: self.app.title() == "Many Lists", message="the read-only list open")
        before = self.titles_of("Many Lists")
        self.app.keys("ctrl+n")
        wait_for(lambda: "“Many Lists” is read-only on its server: new items cannot be added to it"
                 in accessible_strings(pid), message="the notice saying why")
        self.app.type("Not added")
        self.app.keys("Return")
        self.assertEqual(self.titles_of("Many Lists"), before)


if __name__ == "__main__":
    unittest.main()
