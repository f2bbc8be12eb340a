"""End to end: Recently Deleted (issue 57). An item deleted by the command line (`--delete`) or
by a key in the window is kept, survives a kill -9, is listed by `flick --deleted` and comes
back with `flick --restore`, so that `flick --export` is byte for byte what it was before the
deletion; an entry older than 30 days goes for good (read by the command line, or soon after
the window opens); a name that fits several entries restores
nothing. Against Radicale: an item another client deleted arrives as a deletion, is listed,
and a restore sends it back to the server with its UID and its text."""

import os
import sqlite3
import subprocess
import tempfile
import time
import unittest
from pathlib import Path

from accessible import press_button
from flickapp import FlickApp, accessible_nodes, built_binary, flick_environment, heard_name, wait_for, xdotool
from test_caldav import CalDAVTestCase


def english(env=None):
    return flick_environment(dict(os.environ if env is None else env, LANGUAGE="en", LANG="C.UTF-8"))


class WindowAndCommandLineTests(unittest.TestCase):
    def setUp(self):
        self.app = FlickApp()
        self.addCleanup(self.app.cleanup)
        self.app.start()
        self.titles = wait_for(lambda: (lambda titles: titles if len(titles) == 10 else None)(self.app.titles()),
                               message="the welcome list's ten items")

    def flick(self, *args):
        """A second `flick` on the same folder, as a terminal runs it while the window is open."""
        return subprocess.run([str(built_binary()), "--data-dir", str(self.app.data_dir), *args], capture_output=True,
                              text=True, timeout=60, env=english(self.app.launch_environment()))

    def export(self):
        exported = self.flick("--export")
        self.assertEqual(exported.returncode, 0, exported.stderr)
        return exported.stdout

    def shown_labels(self):
        return [node["name"] for node in accessible_nodes(self.app.process.pid) if node["role"] == "label"]

    def test_deleted_by_a_key_and_the_command_line_then_killed_come_back_byte_for_byte(self):
        before = self.export()
        by_key, by_command = self.titles[1], self.titles[4]
        self.app.keys("Down", "Delete")
        wait_for(lambda: by_key not in self.app.titles(), message="the second item deleted by the Delete key")
        deleted = self.flick("--delete", by_command)
        self.assertEqual(deleted.returncode, 0, deleted.stderr)
        self.assertEqual(deleted.stdout, f"Deleted “{by_command}” from Welcome to Flick; "
                                         "“flick --restore” puts it back within 30 days.\n")
        wait_for(lambda: not [label for label in self.shown_labels() if label.startswith(by_command)],
                 message="the window taking in the command line's deletion")
        self.assertNotEqual(self.export(), before)

        self.app.kill()
        self.app.start()
        listed = self.flick("--deleted")
        self.assertEqual(listed.returncode, 0, listed.stderr)
        lines = listed.stdout.splitlines()
        self.assertEqual(len(lines), 2, listed.stdout)
        self.assertTrue(lines[0].startswith(f"{by_command}  (Welcome to Flick, deleted "), "newest first: " + lines[0])
        self.assertTrue(lines[1].startswith(f"{by_key}  (Welcome to Flick, deleted "), lines[1])

        for title in (by_key, by_command):
            restored = self.flick("--restore", title)
            self.assertEqual(restored.returncode, 0, restored.stderr)
            self.assertEqual(restored.stdout, f"Restored “{title}” to Welcome to Flick\n")
        self.assertEqual(self.export(), before, "the restored items are exported as they were, byte for byte")
        self.assertEqual(self.app.titles(), self.titles, "each at its place")
        wait_for(lambda: [label for label in self.shown_labels() if label.startswith(by_key)],
                 message="the running window showing the restored item")
        self.assertEqual(self.flick("--deleted").stdout, "Recently Deleted is empty.\n")
        self.assertEqual(self.app.gtk_criticals(), [])

    def test_the_window_removes_for_good_what_is_older_than_thirty_days_soon_after_it_opens(self):
        for title in (self.titles[2], self.titles[3]):
            self.assertEqual(self.flick("--delete", title).returncode, 0)
        with sqlite3.connect(self.app.database, timeout=5) as db:
            db.execute("UPDATE deleted_item SET deleted_at = deleted_at - 31 * 86400000 WHERE title = ?", (self.titles[2],))
        self.app.kill()
        self.app.start()
        wait_for(lambda: self.app.query("SELECT title FROM deleted_item") == [(self.titles[3],)],
                 message="the entry of 31 days ago gone, the other kept")


class RecentlyDeletedWindowTests(unittest.TestCase):
    """The window's view: opened from the main menu's action, it lists what was deleted, newest
    first; Restore (the keyboard's Enter on the focused button) puts an item back at its place
    and says so in a status line; Delete Forever and Empty ask first, Cancel being the answer
    Enter gives; Ctrl+Z on a deletion restored meanwhile does nothing (it showed "could not be
    saved")."""

    def setUp(self):
        self.app = FlickApp()
        self.addCleanup(self.app.cleanup)
        self.app.start()
        self.titles = wait_for(lambda: (lambda titles: titles if len(titles) == 10 else None)(self.app.titles()),
                               message="the welcome list's ten items")

    def nodes(self):
        return accessible_nodes(self.app.process.pid)

    def named(self, name):
        return [node for node in self.nodes() if heard_name(node) == name]

    def click(self, name):
        """Presses the button named `name` as a screen reader's "activate" does, through AT-SPI:
        GTK 4.18 on X11 gives every widget the extents (0, 0), so a pointer aimed by them
        would miss it."""
        wait_for(lambda: self.named(name), message=f"the button “{name}”")
        self.assertTrue(press_button(self.app.process.pid, name), f"the button “{name}” pressed")
        time.sleep(0.3)

    def open_recently_deleted(self):
        subprocess.run(["gdbus", "call", "--session", "--dest", "io.github.flicktodo.Flick", "--object-path",
                        "/io/github/flicktodo/Flick/window/1", "--method", "org.gtk.Actions.Activate",
                        "recently-deleted", "[]", "{}"], check=True, capture_output=True, timeout=10)
        wait_for(lambda: "Recently Deleted" in self.app.window_names(), message="the Recently Deleted window")

    def deleted_titles(self):
        return [row[0] for row in self.app.query("SELECT title FROM deleted_item ORDER BY id")]

    def test_the_overview_counts_them_and_opens_the_window(self):
        self.app.keys("Down", "Delete")
        wait_for(lambda: self.deleted_titles() == [self.titles[1]], message="one deletion")
        self.app.keys("Escape", "Escape")  # Out of the row, then up to the lists.
        wait_for(lambda: self.named("Recently Deleted, 1 item"), message="the overview's last row counting it")
        self.app.keys("End", "Return")
        wait_for(lambda: "Recently Deleted" in self.app.window_names(), message="the window opened from its row")

    def test_restore_delete_forever_and_empty(self):
        first, second = self.titles[1], self.titles[2]
        self.app.keys("Down", "Delete")
        wait_for(lambda: first not in self.app.titles(), message="the first deletion")
        self.app.keys("Delete")
        wait_for(lambda: second not in self.app.titles(), message="the second deletion")
        self.open_recently_deleted()
        restore_buttons = [node["name"] for node in self.nodes() if node["name"].startswith("Restore “")]
        self.assertEqual(restore_buttons, [f"Restore “{second}”", f"Restore “{first}”"], "newest first")

        self.app.keys("Return")  # The newest entry's Restore button has the focus.
        wait_for(lambda: self.app.titles()[1] == second, message="the restored item back at its place")
        wait_for(lambda: self.named(f"“{second}” is back in Welcome to Flick."), message="the status line saying so")
        self.assertEqual(self.deleted_titles(), [first])

        self.click(f"Delete “{first}” forever")
        wait_for(lambda: f"Delete “{first}” Forever?" in self.app.window_names(), message="the question")
        self.app.keys("Return")  # Cancel has the focus: nothing is deleted.
        wait_for(lambda: f"Delete “{first}” Forever?" not in self.app.window_names(), message="the question closed")
        self.assertEqual(self.deleted_titles(), [first])
        self.click(f"Delete “{first}” forever")
        self.click("Delete forever")
        wait_for(lambda: self.deleted_titles() == [], message="the entry deleted for good")
        wait_for(lambda: self.named("Nothing was deleted in the last 30 days."), message="the window saying it is empty")

        # Xvfb has no window manager to give the keyboard back to the window the question closed
        # over.
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^Recently Deleted$"],
                               capture_output=True, text=True).stdout.split()
        xdotool("windowfocus", found[0])
        time.sleep(0.3)
        self.app.keys("Escape")
        wait_for(lambda: "Recently Deleted" not in self.app.window_names(), message="the window closed")
        xdotool("windowfocus", self.app.window)
        time.sleep(0.3)
        self.app.keys("ctrl+z")  # Undoes the second deletion, which Restore made moot.
        time.sleep(0.5)
        self.assertEqual([node for node in self.nodes() if node["role"] == "alert"], [], "no problem notice")
        self.assertEqual(self.app.titles().count(second), 1)

        self.app.keys("Down", "Delete")
        wait_for(lambda: len(self.deleted_titles()) == 1, message="a third deletion")
        self.open_recently_deleted()
        self.click("Empty Recently Deleted")
        wait_for(lambda: "Empty Recently Deleted?" in self.app.window_names(), message="the question")
        self.click("Empty")
        wait_for(lambda: self.deleted_titles() == [], message="Recently Deleted emptied")
        self.assertEqual(self.app.gtk_criticals(), [])


class CommandLineTests(unittest.TestCase):
    """Without a window: what several entries and the 30 days do."""

    def setUp(self):
        self.folder = Path(tempfile.mkdtemp(prefix="flick-deleted-"))
        self.addCleanup(lambda: subprocess.run(["rm", "-rf", str(self.folder)]))

    def flick(self, *args):
        env = {key: value for key, value in english().items() if key not in ("DISPLAY", "WAYLAND_DISPLAY")}
        return subprocess.run([str(built_binary()), "--data-dir", str(self.folder), *args], capture_output=True,
                              text=True, timeout=60, env=dict(env, GSETTINGS_BACKEND="memory"))

    def test_a_text_that_names_several_entries_restores_nothing(self):
        for title in ("Buy milk", "Buy oat milk"):
            self.assertEqual(self.flick("--add", title).returncode, 0)
            self.assertEqual(self.flick("--delete", title).returncode, 0)
        ambiguous = self.flick("--restore", "milk")
        self.assertEqual(ambiguous.returncode, 1)
        self.assertIn("“milk” could be any of these; nothing was restored", ambiguous.stderr)
        self.assertIn("  Buy milk  (Welcome to Flick, deleted ", ambiguous.stderr)
        self.assertIn("  Buy oat milk  (Welcome to Flick, deleted ", ambiguous.stderr)
        self.assertEqual(len(self.flick("--deleted").stdout.splitlines()), 2, "nothing restored")
        exact = self.flick("--restore", "Buy milk")
        self.assertEqual(exact.returncode, 0, exact.stderr)
        self.assertIn("Buy milk", self.flick("--list").stdout)
        missing = self.flick("--restore", "bread")
        self.assertEqual(missing.returncode, 1)
        self.assertIn("nothing in Recently Deleted matches “bread”", missing.stderr)

    def test_an_entry_older_than_thirty_days_goes_for_good(self):
        self.flick("--add", "Old")
        self.flick("--add", "Recent")
        self.flick("--delete", "Old")
        self.flick("--delete", "Recent")
        # The clock moved on: the entry of "Old" dated 31 days back, as a month later would find it.
        with sqlite3.connect(self.folder / "flick.sqlite") as db:
            db.execute("UPDATE deleted_item SET deleted_at = deleted_at - 31 * 86400000 WHERE title = 'Old'")
        listed = self.flick("--deleted")
        self.assertEqual([line.split("  (")[0] for line in listed.stdout.splitlines()], ["Recent"])
        with sqlite3.connect(self.folder / "flick.sqlite") as db:
            self.assertEqual(db.execute("SELECT title FROM deleted_item").fetchall(), [("Recent",)], "gone for good")


class SyncDeletionTests(CalDAVTestCase):
    def test_an_item_another_client_deleted_is_kept_and_a_restore_sends_it_back(self):
        self.put_todo("milk", "Milk", "X-OTHER-APP:kept")
        self.put_todo("eggs", "Eggs")
        laptop = self.machine()
        self.assertEqual(laptop.titles(), ["Eggs", "Milk"])
        self.client.delete(self.server_todos()["milk"][0])
        laptop.sync()
        self.assertEqual(laptop.titles(), ["Eggs"])
        listed = laptop.flick("--deleted")
        self.assertTrue(listed.stdout.startswith("Milk  (Tasks, removed on the server "), listed.stdout)

        restored = laptop.flick("--restore", "Milk")
        self.assertEqual(restored.returncode, 0, restored.stderr)
        laptop.sync()
        todos = self.server_todos()
        self.assertIn("milk", todos, "sent again with its UID")
        self.assertIn("X-OTHER-APP:kept", todos["milk"][2], "with the text it had")
        self.assertIn("SUMMARY:Milk", todos["milk"][2])
        self.assert_converged(laptop)


if __name__ == "__main__":
    unittest.main()
