"""Issue 55, point 1: every ending is clean. SIGTERM (what systemd and the session send at
logout), SIGINT (Ctrl+C in a terminal) and SIGHUP (the terminal closed) end Flick the way
Ctrl+Q does: a title typed into a new row, not yet entered, is saved as Enter would save it,
the database is closed (its write-ahead log folded into the file) and `flick.sqlite-closed`
notes it as Flick left it, so that the next start skips the full PRAGMA integrity_check.
The same in `--background` mode, without a window. A logout through a session manager
(org.gnome.SessionManager, played here by session_manager.py) saves the typed title at its
QueryEndSession, before the session ends."""

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # Also when run by file name.

from flickapp import FlickApp, accessible_nodes, built_binary, wait_for  # noqa: E402

# How long a clean end may take: closing folds the log into the file, a moment on a short list.
END_TIMEOUT_S = 15


def clean_close_note(database):
    """The note Flick leaves beside `database` when it closed it cleanly (CleanCloseMark)."""
    return Path(str(database) + "-closed")


def file_identity(database):
    """The line CleanCloseMark writes for `database` as it is now: its device, inode, size and
    modification and change times to the nanosecond. A note with this line, and no journal
    with content beside the file, is what lets the next start skip the full check."""
    status = os.stat(database)
    mtime, ctime = status.st_mtime_ns, status.st_ctime_ns
    return (f"flick-closed 1 {status.st_dev} {status.st_ino} {status.st_size}"
            f" {mtime // 10**9}.{mtime % 10**9} {ctime // 10**9}.{ctime % 10**9}\n")


def journal_sizes(database):
    """The sizes of the write-ahead log and rollback journal beside `database` that exist."""
    sizes = {}
    for suffix in ("-wal", "-journal"):
        path = Path(str(database) + suffix)
        if path.exists():
            sizes[suffix] = path.stat().st_size
    return sizes


class SessionManager:
    """tests/e2e/session_manager.py as a child process: what its clients did, and the end of
    the session when asked."""

    def __init__(self):
        script = Path(__file__).with_name("session_manager.py")
        self.process = subprocess.Popen([sys.executable, str(script)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        assert self.next(timeout=10).get("ready"), "the session manager owns its name"

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(json.loads(line))

    def next(self, timeout):
        try:
            return self.lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"the session manager heard nothing within {timeout} s")

    def next_where(self, condition, timeout, message):
        """The next line for which `condition` holds; lines of other clients (the accessibility
        bus's launcher registers too) are passed over."""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                break
            if condition(line):
                return line
        raise AssertionError(f"the session manager did not hear {message} within {timeout} s")

    def send(self, command):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()

    def close(self):
        self.process.stdin.close()
        self.process.terminate()
        self.process.wait(timeout=10)


class EndingTestCase(unittest.TestCase):
    """Starts Flick, types, ends it and checks how it ended."""

    def setUp(self):
        self.app = FlickApp(env={"LANGUAGE": "en", "LANG": "C.UTF-8"})
        self.addCleanup(self.app.cleanup)

    def editor_text(self):
        for node in accessible_nodes(self.app.process.pid):
            if node["role"] == "text" and node["name"] == "Item title":
                return node["text"]
        return None

    def type_new_title_without_enter(self, title):
        """Ctrl+N and `title` typed into the new row, without Enter: nothing stored yet."""
        self.app.keys("ctrl+n")
        self.app.type(title)
        wait_for(lambda: self.editor_text() == title, message=f"“{title}” in the new row's editor")
        self.assertNotIn(title, self.app.titles(), "not stored before the end")

    def end_with(self, signum):
        """Sends `signum` to Flick and returns its exit status once it has ended."""
        self.app.process.send_signal(signum)
        try:
            return self.app.process.wait(timeout=END_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            self.fail(f"Flick did not end within {END_TIMEOUT_S} s of {signal.Signals(signum).name}")

    def assert_closed_cleanly(self):
        """The database is as a clean close leaves it: no journal with content beside it, and a
        note that vouches for the file as it is, so the next start skips the full check."""
        database = self.app.database
        self.assertEqual({suffix: size for suffix, size in journal_sizes(database).items() if size > 0}, {},
                         "the write-ahead log folded into the file")
        note = clean_close_note(database)
        self.assertTrue(note.exists(), f"{note.name} written")
        self.assertEqual(note.read_text(), file_identity(database),
                         "the note vouches for the file as it is: the next start skips the full check")

    def assert_ends_cleanly_keeping_the_typed_title(self, signum, title):
        self.app.start()
        wait_for(self.app.titles, message="the welcome list")
        self.type_new_title_without_enter(title)
        status = self.end_with(signum)
        self.assertEqual(status, 0, f"a clean exit on {signal.Signals(signum).name}, as Ctrl+Q gives")
        self.assert_closed_cleanly()
        self.assertEqual(self.app.titles()[0], title, "the typed title saved at the top, as Enter saves it")


class CleanEndingTests(EndingTestCase):
    # --- In the window ---

    def test_ctrl_q_saves_the_typed_title_and_closes_cleanly(self):
        """The quit action, the path the signals take."""
        self.app.start()
        wait_for(self.app.titles, message="the welcome list")
        self.type_new_title_without_enter("Typed before Ctrl+Q")
        self.app.keys("ctrl+q")
        self.assertEqual(self.app.process.wait(timeout=END_TIMEOUT_S), 0)
        self.assert_closed_cleanly()
        self.assertEqual(self.app.titles()[0], "Typed before Ctrl+Q")

    def test_ctrl_w_saves_the_typed_title(self):
        """Closing the window is the quit action's first step, and it saves on its own too."""
        self.app.start()
        wait_for(self.app.titles, message="the welcome list")
        self.type_new_title_without_enter("Typed before Ctrl+W")
        self.app.keys("ctrl+w")
        # With no reminder to wait for, Flick ends with its window.
        self.assertEqual(self.app.process.wait(timeout=END_TIMEOUT_S), 0)
        self.assertEqual(self.app.titles()[0], "Typed before Ctrl+W")

    def test_sigterm_saves_the_typed_title_and_the_next_start_skips_the_full_check(self):
        self.assert_ends_cleanly_keeping_the_typed_title(signal.SIGTERM, "Typed before SIGTERM")
        # The start after it shows the title, and a second end is as clean as the first.
        self.app.start()
        wait_for(lambda: self.editor_text() is None and self.app.titles(), message="the list")
        self.assertFalse(clean_close_note(self.app.database).exists(), "a running Flick's file is vouched for by no note")
        self.assertEqual(self.end_with(signal.SIGTERM), 0)
        self.assert_closed_cleanly()
        self.assertEqual(self.app.titles()[0], "Typed before SIGTERM")

    def test_sigint_saves_the_typed_title_and_closes_cleanly(self):
        self.assert_ends_cleanly_keeping_the_typed_title(signal.SIGINT, "Typed before SIGINT")

    def test_sighup_saves_the_typed_title_and_closes_cleanly(self):
        self.assert_ends_cleanly_keeping_the_typed_title(signal.SIGHUP, "Typed before SIGHUP")

    def test_sigterm_with_the_details_open_saves_their_title_and_ends_cleanly(self):
        """A window over the main one (the details, Ctrl+I) goes with it: giving the keyboard
        back to the main window as it went showed it again, or crashed GTK (SIGSEGV)."""
        self.app.start()
        wait_for(self.app.titles, message="the welcome list")
        self.app.keys("Down", "ctrl+i")
        wait_for(lambda: "Item Details" in " ".join(self.app.window_names()) or len(self.app.window_names()) > 1,
                 message="the details window")
        self.app.keys("ctrl+a")
        self.app.type("Renamed in the details")
        self.assertEqual(self.end_with(signal.SIGTERM), 0, "a clean exit, not a crash")
        self.assert_closed_cleanly()
        self.assertIn("Renamed in the details", self.app.titles(), "the details' typed title saved")

    # --- Without a window ---

    def start_in_background(self):
        """`flick --background` as a login starts it, with "Run in the background" on (its
        autostart entry exists), so that it stays running without a window or a reminder.
        Returns once it has opened the store."""
        autostart = self.app.config_dir / "autostart" / "io.github.flicktodo.Flick.desktop"
        autostart.parent.mkdir(parents=True, exist_ok=True)
        autostart.write_text("[Desktop Entry]\nType=Application\nName=Flick\nExec=flick --background\n")
        self.app.log_path = self.app.data_dir.parent / f"{self.app.data_dir.name}.log"
        if self.app.log is None:
            self.app.log = open(self.app.log_path, "a")
        self.app.process = subprocess.Popen([str(built_binary()), "--data-dir", str(self.app.data_dir), "--background"],
                                            env=self.app.launch_environment(), stdout=self.app.log,
                                            stderr=subprocess.STDOUT)
        # The note goes when Flick opens the file for writing.
        wait_for(lambda: self.app.database.exists() and not clean_close_note(self.app.database).exists(),
                 timeout=20, message="the store open")
        time.sleep(1.0)  # The reminders' first look, on the main loop after the store opened.
        self.assertIsNone(self.app.process.poll(), "running in the background")
        self.assertEqual(self.app.window_names(), [], "no window")

    def test_background_mode_ends_cleanly_on_each_signal(self):
        for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            with self.subTest(signal=signal.Signals(signum).name):
                self.start_in_background()
                self.assertEqual(self.end_with(signum), 0, "a clean exit")
                self.assert_closed_cleanly()
                self.assertGreaterEqual(len(self.app.titles()), 5, "the welcome list stored")


class LogoutTests(EndingTestCase):
    """A logout through the session manager: Flick registers with it, saves what is being
    typed when asked whether the session may end, and ends cleanly when it does."""

    def setUp(self):
        self.session = SessionManager()
        self.addCleanup(self.session.close)
        super().setUp()

    def test_a_logout_saves_the_typed_title_first_and_ends_cleanly(self):
        self.app.start()
        client = self.session.next_where(lambda line: line.get("registered") == "io.github.flicktodo.Flick",
                                         timeout=20, message="Flick register with the session")["path"]
        wait_for(self.app.titles, message="the welcome list")
        self.type_new_title_without_enter("Typed before the logout")
        self.session.send("query-end")
        answer = self.session.next_where(lambda line: line.get("path") == client and "end-session-response" in line,
                                         timeout=10, message="Flick's answer to QueryEndSession")
        self.assertEqual(answer["end-session-response"], [True, ""], "the session may end")
        # Saved when the session asked, before it ends: a session manager may kill what is left.
        self.assertEqual(self.app.titles()[0], "Typed before the logout")
        self.assertIsNone(self.app.process.poll(), "still running until the session ends")
        self.session.send("end")
        self.assertEqual(self.app.process.wait(timeout=END_TIMEOUT_S), 0)
        self.assert_closed_cleanly()
        self.assertEqual(self.app.titles()[0], "Typed before the logout")


if __name__ == "__main__":
    unittest.main()
