"""End to end, read through AT-SPI as a screen reader reads it (issue 31): a row's title label
says the row's state, its date and marks (Orca reads a focused row by its labels, not by the
box around them); an overview row says its count in words, its number label is presentation
only; an icon button is named once, with no icon child and no description repeating its name.
From GTK 4.12 a row's name is on its list item (GtkListItem's accessible label), where GTK
4.18's list items had none."""

import time
import unittest

from accessible import BUTTON_ROLES, application, pyatspi_module, row_name, toolkit_version, walk
from flickapp import FlickApp, accessible_nodes, wait_for


def labels(nodes):
    return [node for node in nodes if node["role"] == "label"]


def children(nodes, parent):
    """The nodes below `parent` (a node of `nodes`) in the flattened tree."""
    index = nodes.index(parent)
    below = []
    for node in nodes[index + 1:]:
        if node["depth"] <= parent["depth"]:
            break
        below.append(node)
    return below


def expanded_list_items(pid):
    """The names of the rows (their first child's name) whose list item says it is expanded:
    the list item is what has the keyboard focus, so that is where Orca reads the state."""
    expanded = pyatspi_module().STATE_EXPANDED
    found = []

    def visit(node, _depth):
        if node.getRoleName() == "list item" and node.getState().contains(expanded):
            found.append(row_name(node))
        return True
    walk(application(pid), visit, max_depth=40)
    return found


class ScreenReaderTests(unittest.TestCase):
    def setUp(self):
        self.app = FlickApp()
        self.addCleanup(self.app.cleanup)
        self.app.start()
        self.titles = wait_for(self.app.titles, message="the welcome list")

    def nodes(self):
        return accessible_nodes(self.app.process.pid)

    def label_named(self, name):
        return wait_for(lambda: [node for node in labels(self.nodes()) if node["name"] == name],
                        message=f"a label named {name!r}")

    def test_a_row_title_label_says_the_state_and_the_new_state_after_space(self):
        self.label_named(f"{self.titles[0]}, not completed")
        self.app.keys("space")
        found = self.label_named(f"{self.titles[0]}, completed")
        self.assertEqual(found[0]["text"], self.titles[0], "the text shown stays the title alone")

    def test_every_row_is_named_where_a_screen_reader_reads_it(self):
        """Each row says its title and state: from GTK 4.12 on its list item (GtkListItem's
        accessible label), which has the focus and which Orca reads; on GTK 4.8, whose list
        items have no name, on the row below it. No row is an unnamed list item where its
        name is read."""
        application_node = application(self.app.process.pid)
        expected = [f"{title}, not completed" for title in self.titles]

        def rows():
            found = []

            def visit(node, _depth):
                if node.getRoleName() == "list item":
                    found.append(row_name(node))
                return True
            walk(application_node, visit, max_depth=40)
            return found
        wait_for(lambda: rows() == expected, message=f"the rows named {expected}, not {rows()}")
        if toolkit_version(application_node) >= (4, 12):
            named = [node["name"] for node in self.nodes() if node["role"] == "list item"]
            self.assertEqual(named, expected, "each list item has the row's name")

    def test_space_and_ctrl_i_act_on_the_row_tab_moved_the_focus_to(self):
        """Tab moves the keyboard focus to the next row without selecting it; Space and Ctrl+I
        acted on the selected row, which the user did not see focused."""
        self.app.keys("Down", "Tab", "Tab", "space")
        wait_for(lambda: [done for _, done in self.app.items()][:5] == [0, 0, 0, 1, 0], message="row 4 completed")
        self.app.keys("ctrl+i")
        wait_for(lambda: [node for node in self.nodes() if node["role"] == "text" and node["name"] == "Title"
                          and node["text"] == self.titles[3]], message="the details of row 4")

    def test_the_open_menu_is_said_on_the_focused_row_and_down_closes_it_and_moves_on(self):
        self.app.keys("Menu")
        wait_for(lambda: expanded_list_items(self.app.process.pid) == [f"{self.titles[0]}, not completed"],
                 message="the first row's list item expanded")
        self.app.keys("Down")
        wait_for(lambda: expanded_list_items(self.app.process.pid) == [], message="the menu closed by Down")
        self.app.keys("space")
        wait_for(lambda: [done for _, done in self.app.items()][:3] == [0, 1, 0], message="Space on the second row")

    def test_an_overview_row_says_its_count_in_words_and_the_bare_number_is_not_read(self):
        self.app.keys("alt+Left")
        wait_for(lambda: self.app.title() == "Lists", message="the overview")
        count = len(self.titles)
        self.label_named(f"Welcome to Flick, {count} unfinished items")
        self.assertFalse([node for node in labels(self.nodes()) if node["text"] == str(count)],
                         "the count label is presentation only")

    def test_the_row_menu_buttons_are_named_once_without_an_icon_child(self):
        self.app.keys("Menu")
        time.sleep(0.8)
        nodes = self.nodes()
        # AT-SPI 2.46 calls the role "button" (Debian 13), 2.46's elders "push button".
        buttons = [node for node in nodes if node["role"] in BUTTON_ROLES and node["name"] in ("Complete", "Delete")]
        self.assertEqual(sorted(node["name"] for node in buttons), ["Complete", "Delete"])
        for button in buttons:
            self.assertEqual(children(nodes, button), [], f"{button['name']}: the icon is presentation only")
            self.assertEqual(button["description"], "", f"{button['name']}: no description repeating the name")


if __name__ == "__main__":
    unittest.main()
