"""End to end: priority and tags (issue 32) in the built binary under Xvfb, driven with the
keyboard: typed at the end of a new item's title, set in the details view, heard in the row's
name, and found by a search for "#tag"."""

import subprocess
import time
import unittest

from flickapp import FlickApp, accessible_strings, field_names, wait_for


class PriorityAndTagsTests(unittest.TestCase):
    def setUp(self):
        self.app = FlickApp(env={"LANGUAGE": "en", "LANG": "C.UTF-8", "TZ": "Europe/Berlin"})
        self.addCleanup(self.app.cleanup)
        self.app.start()
        wait_for(self.app.titles, message="the welcome list")

    def top_item(self):
        return self.app.query("SELECT title, priority, tags, due_day IS NOT NULL FROM item ORDER BY list_id, rank LIMIT 1")[0]

    def open_details(self):
        self.app.keys("ctrl+i")
        wait_for(lambda: "Details" in self.app.window_names(), message="the details window")
        # Xvfb has no window manager to give the new window the keyboard.
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^Details$"],
                               capture_output=True, text=True).stdout.split()
        subprocess.run(["xdotool", "windowfocus", found[0]], capture_output=True)
        time.sleep(0.3)

    def test_quick_entry_reads_tags_priority_and_date_each_undone_on_its_own(self):
        self.app.keys("ctrl+n")
        self.app.type("Buy milk tomorrow !high #errands")
        self.app.keys("Return")
        wait_for(lambda: self.top_item()[0] == "Buy milk", message="the marks and the date taken off the title")
        self.assertEqual(self.top_item(), ("Buy milk", 1, "errands", 1))
        pid = self.app.process.pid
        wait_for(lambda: "Buy milk, not completed, due Tomorrow, high priority, tags: errands" in accessible_strings(pid),
                 message="the priority and tags in the row's name")
        wait_for(lambda: "High priority, tagged errands, due Tomorrow" in accessible_strings(pid),
                 message="the notice says what was read")

        for expected in [("Buy milk tomorrow", 1, "errands", 0), ("Buy milk tomorrow !high", 0, "errands", 0),
                         ("Buy milk tomorrow !high #errands", 0, None, 0)]:
            self.app.keys("ctrl+z")
            wait_for(lambda: self.top_item() == expected, message=f"one undo gives {expected}")

    def test_the_details_set_priority_and_tags_with_the_keyboard(self):
        first_title = self.app.titles()[0]
        self.open_details()
        names = field_names(self.app.process.pid)
        self.assertIn("Priority", names)
        self.assertIn("Tags", names)

        self.app.keys("alt+i", "space")  # Priority: open the drop-down, pick High (None, Low, Medium, High).
        self.app.keys("Down", "Down", "Down", "Return")
        wait_for(lambda: self.top_item()[1] == 1, message="a high priority")

        self.app.keys("alt+g")  # Tags.
        self.app.type("home, work")
        self.app.keys("Return")
        wait_for(lambda: self.top_item()[2] == "home\nwork", message="the tags saved on Enter")

        self.app.keys("Escape")
        wait_for(lambda: self.app.window_names() == ["Welcome to Flick"], message="Escape closes the details")
        pid = self.app.process.pid
        wait_for(lambda: f"{first_title}, not completed, high priority, tags: home, work" in accessible_strings(pid),
                 message="the row's name with its priority and tags")

        self.app.keys("ctrl+z")
        wait_for(lambda: self.top_item()[2] is None, message="the tags undone")
        self.app.keys("ctrl+z")
        wait_for(lambda: self.top_item()[1] == 0, message="the priority undone")

    def test_a_search_for_a_tag_finds_what_has_it_in_every_list(self):
        import sqlite3
        self.app.quit()
        target, list_name = self.app.query(
            "SELECT item.title, list.name FROM item JOIN list ON list.id = item.list_id "
            "ORDER BY list.rank DESC, item.rank LIMIT 1")[0]
        with sqlite3.connect(self.app.database) as db:
            db.execute("UPDATE item SET tags = 'Work' || char(10) || 'home' WHERE title = ?", (target,))
            db.execute("UPDATE item SET tags = 'workshop' WHERE title <> ? AND rank = (SELECT min(rank) FROM item)",
                       (target,))
        self.app.start()
        wait_for(self.app.titles, message="Flick again")

        self.app.keys("ctrl+f")
        self.app.type("#work")  # The tag being typed: any tag that starts so, in any case.
        pid = self.app.process.pid
        wait_for(lambda: self.app.window_names() == ["Search"], message="the search page")
        found = lambda: {name.split(", not completed")[0] for name in accessible_strings(pid) if ", not completed, in " in name}
        wait_for(lambda: len(found()) == 2, message="both items whose tags start with work")
        self.app.type(" #h")  # Now "#work" is a whole tag, and "#h" the start of another.
        wait_for(lambda: found() == {target}, message="only the item tagged Work and home")

if __name__ == "__main__":
    unittest.main()
