"""End to end: Sort once (issue 59). Ctrl+Shift+S opens the three orders at the focused row and
the main menu has them as its Sort submenu; a sort is stored as one step, read back from the
database; Ctrl+Z puts back the order before and Ctrl+Shift+Z sorts again; a move afterwards is
kept where it is made (nothing sorts by itself); the completed item stays below."""

import sqlite3
import time
import unittest

from accessible import press_menu_item, shown_menu_items, spoken_name
from flickapp import FlickApp, accessible_strings, wait_for

# Welcome list rows (by their first words) given due dates: (day, minute or None).
DUE = {"Double-click": (20261203, None), "Flick a row": (20261203, 9 * 60), "Press Ctrl+?": (20261201, None)}
DONE = "Press Ctrl+N"


class SortTests(unittest.TestCase):
    def setUp(self):
        self.app = FlickApp(env={"LANGUAGE": "en", "LANG": "C.UTF-8"}, settings={"completed-items-sink": "true"})
        self.addCleanup(self.app.cleanup)
        self.app.start()
        wait_for(lambda: len(self.app.titles()) == 10 or None, message="the welcome list's ten items")
        self.app.quit()
        with sqlite3.connect(self.app.database) as db:
            for start, (day, minute) in DUE.items():
                db.execute("UPDATE item SET due_day = ?, due_minute = ? WHERE title LIKE ?", (day, minute, start + "%"))
            db.execute("UPDATE item SET completed = 1 WHERE title LIKE ?", (DONE + "%",))
        db.close()
        self.app.start()
        self.before = wait_for(lambda: self.app.titles() if len(self.app.titles()) == 10 else None, message="the list")

    def by_due_date(self):
        """The order Sort by Due Date makes: dated first by day, a day's date alone before its
        times; the undated in their order; the completed item last, where it was."""
        def key(title):
            for start, (day, minute) in DUE.items():
                if title.startswith(start):
                    return (day, -1 if minute is None else minute)
            return (99999999, 0)
        open_titles = [title for title in self.before if not title.startswith(DONE)]
        return sorted(open_titles, key=key) + [self.before[-1]]

    def said(self, text):
        wait_for(lambda: text in accessible_strings(self.app.process.pid), message=f"the notice {text!r}")

    def test_sort_by_due_date_undo_redo_then_a_move_is_kept_and_by_title_from_the_main_menu(self):
        sorted_titles = self.by_due_date()
        self.assertNotEqual(sorted_titles, self.before)
        focused = self.before[0]

        self.app.keys("ctrl+shift+s")
        wait_for(lambda: "By Title" in self.shown_menu_items(), message="Ctrl+Shift+S shows the orders")
        self.app.keys("Return")  # The first, By Due Date, is chosen to begin with.
        wait_for(lambda: self.app.titles() == sorted_titles, message=f"sorted by due date: {sorted_titles}")
        self.said("Sorted by due date")

        self.app.keys("ctrl+z")
        wait_for(lambda: self.app.titles() == self.before, message="Ctrl+Z puts back the order before")
        self.app.keys("ctrl+shift+z")
        wait_for(lambda: self.app.titles() == sorted_titles, message="Ctrl+Shift+Z sorts again")

        # The focus stayed on its item: Alt+Down moves it below the next one, and it stays there.
        at = sorted_titles.index(focused)
        moved = sorted_titles[:at] + [sorted_titles[at + 1], focused] + sorted_titles[at + 2:]
        self.app.keys("alt+Down")
        wait_for(lambda: self.app.titles() == moved, message=f"Alt+Down moves {focused!r} in the sorted list")
        time.sleep(0.5)
        self.assertEqual(self.app.titles(), moved, "nothing sorts the list again")

        # The main menu's Sort submenu: F10, its mnemonic T, then By Title, activated as a screen
        # reader does (its action). Arrow keys in the submenu went elsewhere in CI's runs and
        # not in any run here, twice: which entry takes the focus when it opens is not known.
        self.app.keys("F10")
        wait_for(lambda: "Sort" in self.shown_menu_items(), message="F10 opens the main menu")
        self.app.keys("t")
        # GTK 4.8 has every page of the popover menu in the accessible tree all along: the
        # submenu is open once its entries are shown (accessible.shown).
        wait_for(lambda: "By Title" in self.shown_menu_items(), message="T opens the Sort submenu")
        self.assertTrue(press_menu_item(self.app.process.pid, "By Title"))
        by_title = sorted(self.before[:-1], key=str.casefold) + [self.before[-1]]
        wait_for(lambda: self.app.titles() == by_title, message=f"sorted by title: {by_title}")
        self.said("Sorted by title")
        self.app.keys("ctrl+z")
        wait_for(lambda: self.app.titles() == moved, message="and Ctrl+Z gives back the order as moved")
        self.assertEqual(self.app.gtk_criticals(), [])

    def shown_menu_items(self):
        """The names of the menu items shown: a page of the popover menu not yet open is not."""
        return {spoken_name(item) for item in shown_menu_items(self.app.process.pid)}

if __name__ == "__main__":
    unittest.main()
