"""Another program writing Flick's database while the window is open (issue 28): the window
shows the change where it happened, without reading the list again, so Ctrl+Z still undoes
what the user did before."""

import sqlite3
import time
import unittest

from flickapp import FlickApp, accessible_nodes, hold_and_drag, row_center_y, wait_for, xdotool


class ExternalWriteTests(unittest.TestCase):
    def setUp(self):
        self.app = FlickApp()
        self.addCleanup(self.app.cleanup)
        self.app.start()
        self.titles = wait_for(lambda: (lambda titles: titles if len(titles) == 10 else None)(self.app.titles()),
                               message="the welcome list's ten items")

    def write_elsewhere(self, sql, *parameters):
        """A commit by another connection, as another program (or another Flick) makes it."""
        with sqlite3.connect(self.app.database, timeout=5) as db:
            db.execute(sql, parameters)

    def shown_labels(self):
        return [node["name"] for node in accessible_nodes(self.app.process.pid) if node["role"] == "label"]

    def test_a_title_changed_by_another_program_is_shown_and_the_undo_stays(self):
        self.app.keys("Down", "Delete")
        wait_for(lambda: self.app.titles() == self.titles[:1] + self.titles[2:], message="the second item deleted")
        self.write_elsewhere("UPDATE item SET title = 'Renamed by a script' WHERE title = ?", self.titles[0])
        wait_for(lambda: "Renamed by a script, not completed" in self.shown_labels(),
                 message="the renamed row shown in the window")
        self.app.keys("ctrl+z")
        wait_for(lambda: self.app.titles() == ["Renamed by a script"] + self.titles[1:],
                 message="Ctrl+Z still bringing the deleted item back")
        self.assertEqual(self.app.gtk_criticals(), [])

    def test_items_added_and_removed_by_another_program_come_and_go_in_place(self):
        list_id = self.app.query("SELECT id FROM list ORDER BY rank, id LIMIT 1")[0][0]
        first_rank = self.app.query("SELECT min(rank) FROM item WHERE list_id = ?", list_id)[0][0]
        self.write_elsewhere("INSERT INTO item (list_id, title, rank) VALUES (?, 'Added by a script', ?)",
                             list_id, first_rank - 1000)
        self.write_elsewhere("DELETE FROM item WHERE title = ?", self.titles[-1])
        wait_for(lambda: "Added by a script, not completed" in self.shown_labels(), message="the added row shown")
        wait_for(lambda: not [label for label in self.shown_labels() if label.startswith(self.titles[-1])],
                 message="the removed row gone from the window")
        self.app.keys("Home", "space")
        wait_for(lambda: self.app.query("SELECT completed FROM item WHERE title = 'Added by a script'") == [(1,)],
                 message="Space on the added row, which has the focus at the top")

    def test_a_change_arriving_while_a_row_is_lifted_waits_until_it_is_put_down(self):
        """A lifted row moves the list view's rows apart from the document; a change taken in
        meanwhile would put rows in the wrong places. It comes once the row is dropped."""
        hold_and_drag(self.app, from_row=1, to_y=row_center_y(3), then=())
        self.write_elsewhere("UPDATE item SET title = 'Renamed while lifted' WHERE title = ?", self.titles[6])
        self.write_elsewhere("DELETE FROM item WHERE title = ?", self.titles[8])
        xdotool("mouseup", "1")
        expected = [self.titles[0], self.titles[2], self.titles[3], self.titles[1], self.titles[4], self.titles[5],
                    "Renamed while lifted", self.titles[7], self.titles[9]]
        wait_for(lambda: self.app.titles() == expected, message="the drop stored, with the other program's changes")
        wait_for(lambda: "Renamed while lifted, not completed" in self.shown_labels(), message="the rename shown")
        shown = [label.split(", not completed")[0] for label in self.shown_labels() if label.endswith("not completed")]
        self.assertEqual(shown[:len(expected)], expected, "the rows shown in the stored order")
        self.assertEqual(self.app.gtk_criticals(), [])

    def test_a_change_arriving_while_a_new_item_is_typed_keeps_what_was_typed(self):
        """The rows changing around a new row being typed emptied its text; what comes from the
        store waits until the typing ends."""
        self.app.keys("ctrl+n")
        self.app.type("Typed while")
        list_id = self.app.query("SELECT id FROM list ORDER BY rank, id LIMIT 1")[0][0]
        last_rank = self.app.query("SELECT max(rank) FROM item WHERE list_id = ?", list_id)[0][0]
        self.write_elsewhere("INSERT INTO item (list_id, title, rank) VALUES (?, 'Added by a script', ?)",
                             list_id, last_rank + 1000)
        time.sleep(1.0)
        self.app.type(" a script wrote")
        self.app.keys("Return")
        wait_for(lambda: self.app.titles()[0] == "Typed while a script wrote", message="the title typed in one go")
        # The script's item is the last row: brought into view first, as GTK 4.12 and later make
        # rows only near the view (on GTK 4.18 it was below the window's end, with no widget).
        self.app.keys("End")
        wait_for(lambda: "Added by a script, not completed" in self.shown_labels(), message="the script's item shown")
        self.assertEqual(self.app.titles(), ["Typed while a script wrote"] + self.titles + ["Added by a script"])


if __name__ == "__main__":
    unittest.main()
