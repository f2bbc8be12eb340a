"""End to end: with the setting on, a completed item sinks below the open ones and one Ctrl+Z
undoes both; the Preferences window's switch turns it off."""

import time
import unittest

from flickapp import FlickApp, accessible_nodes, wait_for


class SinkingTests(unittest.TestCase):
    def start(self, sink):
        self.app = FlickApp(settings={"completed-items-sink": "true" if sink else "false"})
        self.addCleanup(self.app.cleanup)
        self.app.start()
        return wait_for(self.app.titles, message="the welcome list")

    def test_a_completed_item_sinks_and_one_undo_brings_it_back_open(self):
        before = self.start(sink=True)
        self.app.keys("Down", "space")  # Complete the second item.
        expected = [before[0]] + before[2:] + [before[1]]
        wait_for(lambda: self.app.titles() == expected, message="the completed item at the end")
        self.assertEqual(self.app.items()[-1], (before[1], 1))
        self.app.keys("ctrl+z")
        wait_for(lambda: self.app.titles() == before, message="one undo: back in place")
        self.assertEqual(self.app.items()[1], (before[1], 0))

    def test_the_focus_goes_with_the_sinking_item_so_a_second_space_reopens_it(self):
        """Issue 31: the focus stayed where the item had been, on the row that took its place,
        and a second Space (a user checking that it worked) completed that other item."""
        before = self.start(sink=True)
        self.app.keys("Down", "space")
        wait_for(lambda: self.app.titles()[-1] == before[1], message="the completed item at the end")
        time.sleep(0.3)
        self.app.keys("space")
        wait_for(lambda: dict(self.app.items())[before[1]] == 0, message="the same item reopened by the second Space")
        self.assertEqual([done for _, done in self.app.items()].count(1), 0, "no other item completed")
        wait_for(lambda: self.app.titles().index(before[1]) == len(before) - 1,
                 message="reopened, it rises to the end of the open items: here, where it is")

    def test_a_new_row_and_a_moved_item_stop_above_the_completed_items(self):
        """Completed items stay below the open ones (the user guide), for the keys too: Ctrl+Return
        on a completed row opened the new row below it, and Alt+End took an open item to the
        very end, below the completed ones."""
        before = self.start(sink=True)
        self.app.keys("Down", "space")  # The second item completed: it sinks to the end.
        sunk = [before[0]] + before[2:] + [before[1]]
        wait_for(lambda: self.app.titles() == sunk, message="the completed item at the end")
        time.sleep(0.3)
        self.app.keys("ctrl+Return")  # On the completed row, which kept the focus.
        self.app.type("Oat milk")
        self.app.keys("Return")
        above_the_completed = sunk[:-1] + ["Oat milk", sunk[-1]]
        wait_for(lambda: self.app.titles() == above_the_completed,
                 message="the new item just above the completed one, not below it")
        self.app.keys("alt+Home")
        wait_for(lambda: self.app.titles() == ["Oat milk"] + sunk, message="Alt+Home: the new item at the top")
        self.app.keys("alt+End")
        wait_for(lambda: self.app.titles() == above_the_completed,
                 message="Alt+End: down to the last open place, the completed item still last")
        self.assertEqual(self.app.items()[-1], (before[1], 1))

    def test_with_the_setting_off_a_completed_item_stays(self):
        before = self.start(sink=False)
        self.app.keys("Down", "space")
        wait_for(lambda: self.app.items()[1] == (before[1], 1), message="the second item completed")
        time.sleep(0.6)  # Longer than the sinking pause (0.2 s).
        self.assertEqual(self.app.titles(), before)

    def test_the_preferences_switch_turns_sinking_off(self):
        before = self.start(sink=True)
        self.app.keys("ctrl+comma")
        wait_for(lambda: "Preferences" in self.app.window_names(), message="the Preferences window")
        wait_for(lambda: [n for n in accessible_nodes(self.app.process.pid) if n["name"] == "Completed items sink"],
                 message="the switch, named for screen readers")
        self.app.keys("space")  # The first switch has the focus.
        keyfile = self.app.config_dir / "glib-2.0" / "settings" / "keyfile"
        wait_for(lambda: "completed-items-sink=false" in keyfile.read_text(), message="the setting saved off")
        self.app.keys("Escape")
        wait_for(lambda: "Preferences" not in self.app.window_names(), message="Escape closes Preferences")
        self.app.keys("Down", "space")
        wait_for(lambda: self.app.items()[1] == (before[1], 1), message="the second item completed")
        time.sleep(0.6)
        self.assertEqual(self.app.titles(), before, "the item stayed where it was")


if __name__ == "__main__":
    unittest.main()
