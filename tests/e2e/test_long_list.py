"""Issue 13: on a long list read by a screen reader, inserting an item far from the first rows
made GtkListView bind rows without end until the stack overflowed. Each test inserts where the
list has to scroll and lay out new rows, reads the whole accessible tree as a screen reader
does, and checks that Flick is alive and idle and the item is stored where it was inserted."""

import time
import unittest

from flickapp import ROW_PITCH_PX, accessible_nodes, row_center_y, wait_for, xdotool
from longlist import app_with_long_list, assert_settles

ITEMS = 2000


class LongListInsertTests(unittest.TestCase):
    def setUp(self):
        self.app = app_with_long_list(ITEMS)
        self.addCleanup(self.app.cleanup)
        wait_for(lambda: len(self.app.titles()) == ITEMS, message="the long list")

    def read_tree(self):
        nodes = accessible_nodes(self.app.process.pid)
        self.assertTrue(nodes, "the window is on the accessibility bus")
        return nodes

    def scroll_down(self, pages):
        xdotool("mousemove", "--window", self.app.window, 240, row_center_y(3))
        self.app.keys(*(["Page_Down"] * pages), delay_ms=60)
        time.sleep(0.5)
        self.read_tree()

    def type_title_and(self, check_index, title="Typed title"):
        """Types `title` + Return, checks the item is stored between two neighbours with the
        others in order, and calls `check_index` with its index."""
        self.app.type(title)
        self.app.keys("Return")
        wait_for(lambda: len(self.app.titles()) == ITEMS + 1, message="the typed item stored")
        titles = self.app.titles()
        index = titles.index(title)
        check_index(index)
        self.assertEqual(titles[:index] + titles[index + 1:], [f"Item {n}" for n in range(1, ITEMS + 1)])
        return index

    def test_ctrl_scroll_pinch_insert_far_down_the_list(self):
        self.scroll_down(pages=20)
        # Six Ctrl+wheel-ups over the boundary between the 3rd and 4th rows on screen.
        y = row_center_y(3) - ROW_PITCH_PX // 2
        xdotool("mousemove", "--window", self.app.window, 240, y, "keydown", "ctrl",
                "click", "--repeat", 6, "--delay", 40, "4", "keyup", "ctrl")
        time.sleep(0.8)  # Scrolling stops (0.3 s), then the new item opens.
        self.read_tree()
        assert_settles(self, self.app)
        self.read_tree()
        titles = self.app.titles()
        self.assertEqual(len(titles), ITEMS, "nothing stored before there is a title")
        self.type_title_and(lambda index: self.assertGreater(index, 100, "where the pointer was, far down"))
        assert_settles(self, self.app)

    def test_new_item_at_the_top_while_scrolled_far_down(self):
        self.scroll_down(pages=30)
        self.app.keys("ctrl+n")
        time.sleep(0.5)
        self.read_tree()
        assert_settles(self, self.app)
        self.type_title_and(lambda index: self.assertEqual(index, 0))

    def test_insert_below_after_scrolling(self):
        self.scroll_down(pages=10)
        self.app.keys("ctrl+Return")
        time.sleep(0.5)
        self.read_tree()
        assert_settles(self, self.app)
        self.type_title_and(lambda index: self.assertGreater(index, 50, "below the focused row, far down"))
        assert_settles(self, self.app)


if __name__ == "__main__":
    unittest.main()
