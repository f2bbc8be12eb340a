"""End to end: "Run in the background and start at login" through the desktop's Background
portal (issue 58). A test portal (background_portal.py) owns org.freedesktop.portal.Desktop
on the private session bus and answers as told; Flick asks it and writes no autostart entry of
its own, and names the Preferences window as the parent of the portal's dialog (libportal
exports its handle, "x11:XID" under Xvfb), so the desktop puts the dialog over it. Refused, the
Preferences window says so under the switch, and the screen reader is told. (Without a portal Flick writes its autostart entry as before:
test_security.test_the_autostart_entry_is_private_and_runs_flick_without_a_shell.)"""

import json
import queue
import subprocess
import sys
import threading
import time
import unittest
from pathlib import Path

from accessible import Announcements, application, find, toolkit_version
from flickapp import FlickApp, accessible_nodes, accessible_strings, built_binary, wait_for

APP_ID = "io.github.flicktodo.Flick"
SWITCH = "Run in the background and start at login"
REFUSED = "Your desktop did not allow Flick to run in the background."
NO_AUTOSTART = "Flick may run in the background, but your desktop will not start it when you log in."


class BackgroundPortal:
    """tests/e2e/background_portal.py as a child process: the requests it was sent."""

    def __init__(self, answer="allow"):
        script = Path(__file__).with_name("background_portal.py")
        self.process = subprocess.Popen([sys.executable, str(script), answer], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        assert self.next(timeout=10).get("ready"), "the portal owns its name"

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(json.loads(line))

    def next(self, timeout=10):
        try:
            return self.lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"nothing from the portal within {timeout} s")

    def answer(self, answer):
        self.process.stdin.write(f"answer {answer}\n")
        self.process.stdin.flush()
        assert self.next() == {"answer": answer}

    def close(self):
        self.process.stdin.close()
        self.process.terminate()
        self.process.wait(timeout=10)
        self.process.stdout.close()


def window_id(pid, name):
    """The X window id of `pid`'s visible window titled `name`, or None."""
    # --all: xdotool's conditions are otherwise any one of them.
    found = subprocess.run(["xdotool", "search", "--all", "--onlyvisible", "--pid", str(pid), "--name", f"^{name}$"],
                           capture_output=True, text=True).stdout.split()
    return int(found[0]) if found else None


def toggle(pid):
    """Flips the background switch as a screen reader would; False while it is not there."""
    switch = find(application(pid), lambda node: node.getRoleName() in ("toggle button", "switch", "check box")
                  and node.name == SWITCH)
    if switch is None:
        return False
    switch.queryAction().doAction(0)
    return True


def switch_is_on(pid):
    from accessible import pyatspi_module
    switch = find(application(pid), lambda node: node.name == SWITCH and node.getRoleName() != "label")
    return switch.getState().contains(pyatspi_module().STATE_CHECKED)


class BackgroundPortalTests(unittest.TestCase):
    def start(self, answer, settings=None):
        self.portal = BackgroundPortal(answer)
        self.addCleanup(self.portal.close)
        self.app = FlickApp(env={"LANGUAGE": "en", "LANG": "C.UTF-8"}, settings=settings)
        self.addCleanup(self.app.cleanup)
        self.entry = self.app.config_dir / "autostart" / f"{APP_ID}.desktop"
        self.keyfile = self.app.config_dir / "glib-2.0" / "settings" / "keyfile"
        return self.app

    def open_preferences(self):
        self.app.start()
        wait_for(self.app.titles, message="the welcome list")
        self.app.keys("ctrl+comma")
        wait_for(lambda: "Preferences" in self.app.window_names(), message="the Preferences window")

    def setting(self):
        text = self.keyfile.read_text()
        return "run-in-background=true" in text

    def test_switching_on_asks_the_portal_and_writes_no_autostart_entry_and_off_asks_again(self):
        self.start("allow")
        self.open_preferences()
        wait_for(lambda: toggle(self.app.process.pid), message="the background switch")
        request = self.portal.next()["request"]
        preferences = window_id(self.app.process.pid, "Preferences")
        self.assertIsNotNone(preferences, "the Preferences window")
        self.assertEqual(request["parent_window"], f"x11:{preferences:x}",
                         "the portal's dialog over the Preferences window, where the switch was")
        options = request["options"]
        self.assertEqual(options["autostart"], True)
        self.assertEqual(options["dbus-activatable"], False)
        self.assertEqual(options["commandline"], [str(built_binary()), "--background"],
                         "the command line the autostart entry ran")
        self.assertEqual(options["reason"], "Reminders come when the window is closed, and after you log in")
        self.assertTrue(options["handle_token"])  # The Request's path the answer comes on.
        wait_for(self.setting, message="the portal's answer kept in the settings")
        self.assertTrue(switch_is_on(self.app.process.pid))
        self.assertFalse(self.entry.exists(), "no autostart entry of Flick's own with the portal")
        self.assertFalse([text for text in accessible_strings(self.app.process.pid) if "your desktop" in text.lower()],
                         "nothing to say when allowed")

        # Off: the portal is asked again, without autostart.
        toggle(self.app.process.pid)
        request = self.portal.next()["request"]
        self.assertEqual(request["options"]["autostart"], False)
        self.assertEqual(request["parent_window"], f"x11:{preferences:x}")
        wait_for(lambda: not self.setting(), message="the setting off")
        self.assertFalse(self.entry.exists())

    def test_refused_the_preferences_say_so_and_the_switch_goes_back_off(self):
        self.start("refuse")
        self.open_preferences()
        # Orca hears it: on GTK 4.8 the message is the focused object's description for a
        # moment; from GTK 4.14 an announcement.
        said = []
        announced = Announcements(self.app.process.pid)
        self.addCleanup(announced.close)
        wait_for(lambda: toggle(self.app.process.pid), message="the background switch")
        self.assertEqual(self.portal.next()["request"]["options"]["autostart"], True)
        if toolkit_version(application(self.app.process.pid)) >= (4, 14):
            wait_for(lambda: [message for message in announced.said() if message.startswith(REFUSED)],
                     timeout=3, interval=0.02, message="the refusal announced")
        else:
            wait_for(lambda: said.extend(node["description"] for node in accessible_nodes(self.app.process.pid)
                                         if node["description"].startswith(REFUSED)) or said,
                     timeout=3, interval=0.02, message="the refusal announced")
        wait_for(lambda: [text for text in accessible_strings(self.app.process.pid) if text.startswith(REFUSED)],
                 message="the refusal shown under the switch")
        self.assertFalse(switch_is_on(self.app.process.pid), "the switch back off")
        self.assertFalse(self.entry.exists(), "refused: no autostart entry of Flick's own either")
        self.assertFalse(self.keyfile.exists() and self.setting())

        # Allowed to run in the background but not to start at login: on, with a word about it.
        self.portal.answer("allow-no-autostart")
        toggle(self.app.process.pid)
        self.assertEqual(self.portal.next()["request"]["options"]["autostart"], True)
        wait_for(lambda: NO_AUTOSTART in accessible_strings(self.app.process.pid), message="the missing autostart told")
        self.assertFalse([text for text in accessible_strings(self.app.process.pid) if text.startswith(REFUSED)],
                         "the earlier message gone")
        self.assertTrue(switch_is_on(self.app.process.pid))
        wait_for(self.setting, message="running in the background allowed, kept")

    def test_allowed_by_the_portal_a_background_start_keeps_running(self):
        """`flick --background` as the portal's autostart entry runs it at login: with the
        portal's answer kept (and no entry of Flick's own), it stays running without a window
        or a reminder, as it does with its own entry (test_clean_ending)."""
        app = self.start("allow", settings={"run-in-background": "true"})
        app.process = subprocess.Popen([str(built_binary()), "--data-dir", str(app.data_dir), "--background"],
                                       env=app.launch_environment(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for(app.database.exists, message="the store opened")
        time.sleep(1.5)
        self.assertIsNone(app.process.poll(), "running in the background")
        self.assertEqual(app.window_names(), [], "no window")
        self.assertFalse(self.entry.exists())


if __name__ == "__main__":
    unittest.main()
