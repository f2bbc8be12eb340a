#!/usr/bin/python3
"""Leaks and memory errors (issue 11, part 5): a short scripted session of Flick under
`valgrind --leak-check=full` with tests/leaks/flick.supp (one-time allocations of the
libraries and the Swift runtime, each explained there). The session opens a list, adds,
edits, completes and deletes items, opens an item's details, searches, and quits.

Fails if valgrind reports an invalid read or write (or any other memory error: use of
uninitialised values, bad frees), or a "definitely lost" block allocated from Flick's own code
(a stack with a frame of Sources/: FlickUI, FlickCore, FlickSync, FlickInteraction, the C shim).
Prints valgrind's summary lines and what it found. Run under a display (make leaks does):

    tools/with-display /usr/bin/python3 tests/leaks/valgrind_session.py [FLICK_BINARY]

FLICK_BINARY defaults to the copy `make leaks` makes of the release build, without the DWARF 5
debug information valgrind 3.19 cannot read (`objcopy --strip-debug`), with `share/` beside it.
A debug build works too, stripped the same way, but is several times slower under valgrind."""

import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SUPPRESSIONS = Path(__file__).with_name("flick.supp")
# Valgrind runs Flick 20-50 times slower: every wait is long, and the first frame slowest.
START_TIMEOUT = 300
STEP_TIMEOUT = 120
# A frame of Flick's own code: a Swift symbol of one of its modules (mangled names carry the
# module's name after its length: 7FlickUI, 9FlickCore, 16FlickInteraction), the C shim's
# functions (not flick_main, the entry point every stack starts from), or a source file under Sources/
OWN_FRAME = re.compile(r"(\dFlick(UI|Core|Sync|Interaction)|\bflick_(attach|gesture|slide_box)_[a-z_]+|/Sources/)")
# Errors that are always a bug, wherever they are: memory read, written or freed out of bounds.
ALWAYS_WRONG = re.compile(r"(Invalid (read|write|free)|Mismatched free|Source and destination overlap|"
                          r"Syscall param .* points to unaddressable|Process terminating)")
# Uses of uninitialised memory count when Flick's own code does the reading (the first frame).
# GRDB's optimised Swift (its SQL generation) reads the undefined spare bytes of enum payloads
# there; they are counted and shown, not failed on.
UNINITIALISED = re.compile(r"(Conditional jump or move depends on uninitialised|Use of uninitialised value|"
                           r"Syscall param .* uninitialised)")


def wait_for(condition, timeout, message):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.5)
    raise AssertionError(f"timed out after {timeout}s waiting for {message}")


class Session:
    def __init__(self, binary):
        self.binary = Path(binary).resolve()
        self.directory = Path(tempfile.mkdtemp(prefix="flick-leaks-"))
        self.data_dir = self.directory / "data"
        self.log = self.directory / "valgrind.log"
        self.process = None
        self.window = None

    def start(self):
        env = dict(os.environ, GSK_RENDERER="cairo", LANGUAGE="en", LANG="C.UTF-8",
                   # GLib's advice for valgrind: plain malloc for its slices, and memory cleared
                   # when freed, so that stale pointers do not hide leaks.
                   G_SLICE="always-malloc", G_DEBUG="gc-friendly",
                   # No accessibility bridge: it is not exercised here and doubles the run time.
                   GTK_A11Y="none", NO_AT_BRIDGE="1", GSETTINGS_BACKEND="memory",
                   # Swift's backtracer would intercept the crash valgrind should report.
                   SWIFT_BACKTRACE="enable=no")
        command = ["valgrind", "--leak-check=full", "--show-leak-kinds=definite,possible", "--errors-for-leak-kinds=definite",
                   f"--suppressions={SUPPRESSIONS}", "--num-callers=40", "--track-origins=no",
                   f"--log-file={self.log}", str(self.binary), "--data-dir", str(self.data_dir)]
        self.output = open(self.directory / "flick.out", "w")
        self.process = subprocess.Popen(command, env=env, stdout=self.output, stderr=subprocess.STDOUT)
        self.window = wait_for(self.find_window, START_TIMEOUT, "the Flick window under valgrind")
        subprocess.run(["xdotool", "windowfocus", self.window], capture_output=True)
        wait_for(lambda: self.titles(), START_TIMEOUT, "the welcome list")
        time.sleep(3)

    def find_window(self):
        if self.process.poll() is not None:
            output = (self.directory / "flick.out").read_text(errors="replace")[-2000:]
            raise AssertionError(f"flick exited with {self.process.returncode} under valgrind:\n{output}")
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^Welcome to Flick$"],
                               capture_output=True, text=True).stdout.split()
        return found[0] if found else None

    def query(self, sql, *parameters):
        database = self.data_dir / "flick.sqlite"
        if not database.exists():
            return []
        connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=10)
        try:
            return connection.execute(sql, parameters).fetchall()
        except sqlite3.OperationalError:
            return []  # Not created yet.
        finally:
            connection.close()

    def titles(self):
        return [title for title, _ in self.items()]

    def items(self):
        return self.query("SELECT title, completed FROM item WHERE list_id = "
                          "(SELECT id FROM list ORDER BY rank, id LIMIT 1) ORDER BY rank")

    def keys(self, *keys, settle=2.0):
        subprocess.run(["xdotool", "key", "--delay", "150", *keys], check=True, capture_output=True)
        time.sleep(settle)

    def type(self, text):
        subprocess.run(["xdotool", "type", "--delay", "120", text], check=True, capture_output=True)
        time.sleep(2)

    def windows(self):
        ids = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(self.process.pid)],
                             capture_output=True, text=True).stdout.split()
        return [subprocess.run(["xdotool", "getwindowname", w], capture_output=True, text=True).stdout.strip() for w in ids]

    def run_steps(self):
        print("open a list", flush=True)
        self.keys("alt+Left", settle=4)
        self.keys("Return", settle=4)
        print("add an item", flush=True)
        self.keys("ctrl+n")
        self.type("Leak check")
        self.keys("Return")
        wait_for(lambda: "Leak check" in self.titles(), STEP_TIMEOUT, "the item added")
        print("edit it", flush=True)
        self.keys("F2")
        self.keys("ctrl+a")
        self.type("Leak checked")
        self.keys("Return")
        wait_for(lambda: "Leak checked" in self.titles(), STEP_TIMEOUT, "the item edited")
        print("complete it", flush=True)
        self.keys("ctrl+d")
        wait_for(lambda: ("Leak checked", 1) in self.items(), STEP_TIMEOUT, "the item completed")
        print("open its details", flush=True)
        self.keys("ctrl+i", settle=5)
        wait_for(lambda: "Details" in self.windows(), STEP_TIMEOUT, "the details window")
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^Details$"],
                               capture_output=True, text=True).stdout.split()
        subprocess.run(["xdotool", "windowfocus", found[0]], capture_output=True)
        self.keys("Escape", settle=4)
        subprocess.run(["xdotool", "windowfocus", self.window], capture_output=True)
        print("delete it", flush=True)
        # By its id, as the row menu's Delete does: the completed item has sunk out of the focus.
        item_id = self.query("SELECT id FROM item WHERE title = 'Leak checked'")[0][0]
        subprocess.run(["gdbus", "call", "--session", "--dest", "io.github.flicktodo.Flick", "--object-path",
                        "/io/github/flicktodo/Flick/window/1", "--method", "org.gtk.Actions.Activate", "delete-item",
                        f"[<int64 {item_id}>]", "{}"], check=True, capture_output=True, timeout=STEP_TIMEOUT)
        wait_for(lambda: "Leak checked" not in self.titles(), STEP_TIMEOUT, "the item deleted")
        print("search", flush=True)
        self.keys("ctrl+f")
        self.type("drag")
        wait_for(lambda: "Search" in self.windows(), STEP_TIMEOUT, "the search page")
        self.keys("Escape", settle=4)
        print("quit", flush=True)
        self.keys("ctrl+q", settle=0)
        self.process.wait(timeout=START_TIMEOUT)

    def cleanup(self):
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.directory, ignore_errors=True)


def records(log_text):
    """valgrind's error and loss records: (first line, the whole record)."""
    found = []
    for block in re.split(r"\n==\d+== \n", log_text):
        lines = [re.sub(r"^==\d+== ", "", line) for line in block.splitlines()]
        lines = [line for line in lines if line.strip()]
        if lines:
            found.append((lines[0], "\n".join(lines)))
    return found


def judge(log_text):
    """(summary lines, problems, other uninitialised reads): the problems fail the session."""
    summary = [re.sub(r"^==\d+== ", "", line) for line in log_text.splitlines()
               if re.search(r"(definitely|indirectly|possibly) lost:|still reachable:|suppressed:|ERROR SUMMARY", line)]
    problems, elsewhere = [], 0
    for first, record in records(log_text):
        frames = [line for line in record.splitlines()[1:] if line.strip().startswith(("at ", "by "))]
        if ALWAYS_WRONG.match(first):
            problems.append(record)
        elif UNINITIALISED.match(first):
            if frames and OWN_FRAME.search(frames[0]):
                problems.append(record)
            else:
                elsewhere += 1
        elif "definitely lost in loss record" in first and OWN_FRAME.search(record):
            problems.append(record)
    return summary, problems, elsewhere


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ROOT / ".build-release" / "leaks" / "flick"
    session = Session(binary)
    try:
        started = time.monotonic()
        session.start()
        print(f"flick started under valgrind in {time.monotonic() - started:.0f} s", flush=True)
        session.run_steps()
        log_text = session.log.read_text(errors="replace")
    finally:
        if session.log.exists():
            shutil.copy(session.log, Path(tempfile.gettempdir()) / "flick-valgrind.log")
        session.cleanup()
    summary, problems, elsewhere = judge(log_text)
    print("\n".join(summary))
    print(f"uninitialised values read outside Flick's code (GRDB): {elsewhere} contexts")
    print(f"(the whole log: {Path(tempfile.gettempdir()) / 'flick-valgrind.log'})")
    for problem in problems:
        print("\n" + problem)
    if problems:
        print(f"\nFAIL: {len(problems)} memory error(s) or definite leak(s) from Flick's code")
        return 1
    print("\nOK: no memory error and no definite leak from Flick's code")
    return 0


if __name__ == "__main__":
    sys.exit(main())
