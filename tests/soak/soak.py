#!/usr/bin/python3
"""Soak: a seeded random mix of ordinary actions on a long list, with the accessible tree read
after every step as a screen reader does (issue 13). Fails if Flick dies, writes a GTK
CRITICAL, binds its rows twice, keeps a core busy, if its memory keeps growing, or if the
database is damaged or lost an item at the end. The seed is printed first; run again with
`--seed S` to replay the same actions (their timing may differ).

    tools/with-display /usr/bin/python3 tests/soak/soak.py --minutes 10 [--seed S] [--items 2000]
"""

import argparse
import random
import sqlite3
import sys
import time
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))

from flickapp import (accessible_list_rows, accessible_nodes, ctrl_scroll_pinch, drag, row_center_y,  # noqa: E402
                      scroll_wheel, window_width)
from longlist import app_with_long_list, process_stats, settle_problem  # noqa: E402

# Memory may grow while GTK and the accessibility bridge warm up (the first steps bind rows
# and build the accessible objects); after that a soak that keeps growing leaks (the crash of
# issue 13 grew 10-20 MiB a second).
WARM_UP_SECONDS = 15
ALLOWED_GROWTH_KIB = 50 * 1024
# Rows GtkListView may bind beyond those it bound at first (about 205 in GTK 4.8): more means
# rows bound twice, as when the list was re-entered from its own callbacks.
EXTRA_ROWS_ALLOWED = 10
# Every this many steps Flick must be idle for a second (a step's tree walk keeps it busy).
IDLE_CHECK_EVERY = 5


class SoakFailure(AssertionError):
    pass


class Soak:
    def __init__(self, seed, items):
        self.random = random.Random(seed)
        self.seed = seed
        self.items = items
        self.app = app_with_long_list(items)
        self.width = window_width(self.app)
        self.steps = 0
        self.added = 0  # Items the actions stored: the list must end with items + added.
        self.rows_at_first = None
        self.recent = deque(maxlen=12)

    # --- Actions: each leaves nothing being edited or open, and the list's items shown. ---

    def escape(self):
        """Escape cancels an edit or closes a menu; with neither, it goes up to the lists, and
        Alt+Right (which does nothing on a list) comes back."""
        self.app.keys("Escape", "alt+Right")

    def new_item(self):
        self.app.keys("ctrl+n")
        self.app.type(f"Soak {self.steps}")
        self.app.keys("Return")
        self.added += 1

    def new_item_from_the_end(self):
        self.app.keys("End")
        self.new_item()

    def move(self):
        self.app.keys(self.random.choice(["alt+Down", "alt+Up"]))

    def pinch_insert(self):
        ctrl_scroll_pinch(self.app, self.random.randint(1, 6))
        if self.random.random() < 0.5:
            self.escape()
        else:
            self.app.type(f"Pinched {self.steps}")
            self.app.keys("Return")
            self.added += 1

    def pinch_then_scroll_away(self):
        """Opens a new item and scrolls it off the screen before typing: nothing is stored."""
        ctrl_scroll_pinch(self.app, self.random.randint(1, 6))
        scroll_wheel(self.app, self.random.choice([-30, 30]))
        self.escape()

    def insert_below(self):
        self.app.keys("ctrl+Return")
        time.sleep(0.3)
        self.app.type(f"Below {self.steps}")
        self.app.keys("Return")
        self.added += 1

    def slide_open(self):
        drag(self.app, (self.width - 60, row_center_y(self.random.randint(0, 6))), 120)
        self.escape()

    def complete(self):
        drag(self.app, (30, row_center_y(self.random.randint(0, 6))), self.width - 60, step_px=40)

    def delete_and_undo(self):
        self.app.keys("Delete")
        time.sleep(0.3)
        self.app.keys("ctrl+z")

    def vertical_drag(self):
        # Downward only: upward at the list's end is a pull that clears the completed items
        # (tests/e2e/test_pull_to_clear.py), which this soak's item count does not expect.
        # Downward at the list's top is a pull that opens a new item or goes up to the lists:
        # escape() cancels the one and comes back from the other.
        start, end = row_center_y(1), row_center_y(self.random.randint(3, 7))
        drag(self.app, (self.width // 2, start), None, y_end=end)
        self.escape()

    def toggle(self):
        self.app.keys("space")

    def wheel(self):
        # Up at the top of the list is a wheel pull (a new item, or up to the lists):
        # escape() cancels the one and comes back from the other.
        scroll_wheel(self.app, self.random.choice([-1, 1]) * self.random.randint(1, 15))
        self.escape()

    def jump(self):
        """Far through the list: many wheel steps, a few pages, or to either end."""
        kind = self.random.choice(["wheel", "pages", "ends"])
        if kind == "wheel":
            scroll_wheel(self.app, self.random.choice([-1, 1]) * self.random.randint(40, 200), delay_ms=4)
            self.escape()  # As after wheel().
        elif kind == "pages":
            self.app.keys(*[self.random.choice(["Page_Down", "Page_Up"])] * self.random.randint(3, 12), delay_ms=30)
        else:
            self.app.keys(self.random.choice(["Home", "End"]))

    # Ordinary actions, the commonest listed more than once.
    ACTIONS = [new_item, new_item_from_the_end, move, move, pinch_insert, pinch_insert, pinch_then_scroll_away,
               insert_below, slide_open, complete, delete_and_undo, vertical_drag, toggle, wheel, wheel, jump, jump]

    # --- Checks ---

    def fail(self, message):
        raise SoakFailure(f"{message} (after {self.steps} steps; the last: {', '.join(self.recent)})")

    def check(self, rows=None):
        if self.app.process.poll() is not None:
            self.fail(f"flick exited with {self.app.process.returncode}")
        criticals = self.app.gtk_criticals(limit=3)
        if criticals:
            self.fail("GTK CRITICAL: " + " | ".join(criticals))
        if rows is not None:
            if self.rows_at_first is None:
                self.rows_at_first = rows
            elif rows > self.rows_at_first + EXTRA_ROWS_ALLOWED:
                self.fail(f"the list binds {rows} rows, {self.rows_at_first} at first: rows bound twice")

    def check_idle(self):
        problem = settle_problem(self.app, seconds=1.0, max_growth_kib=ALLOWED_GROWTH_KIB)
        if problem:
            self.fail(problem)

    def step(self):
        action = self.random.choice(self.ACTIONS)
        self.recent.append(action.__name__)
        action(self)
        self.steps += 1
        self.check()
        nodes = accessible_nodes(self.app.process.pid)  # As a screen reader reads the window.
        self.check(rows=len(accessible_list_rows(nodes)) if nodes else None)
        if self.steps % IDLE_CHECK_EVERY == 0:
            self.check_idle()
        return action.__name__

    def check_database(self):
        connection = sqlite3.connect(f"file:{self.app.database}?mode=ro", uri=True)
        try:
            integrity = connection.execute("PRAGMA integrity_check").fetchone()[0]
            titles = [title for (title,) in connection.execute("SELECT title FROM item")]
        finally:
            connection.close()
        if integrity != "ok":
            self.fail(f"integrity_check: {integrity}")
        if "" in titles:
            self.fail("an empty item was stored")
        if len(titles) != self.items + self.added:
            self.fail(f"{len(titles)} items stored, {self.items} at first and {self.added} added")


def run(seconds, seed, items=2000, log=print):
    """Soaks for `seconds`; returns (RSS after warm-up, RSS at the end) in KiB. Raises
    SoakFailure, with the seed in its message, on a failure."""
    log(f"soak: seed {seed}, {seconds:.0f} s, {items} items")
    soak = Soak(seed, items)
    try:
        start = time.monotonic()
        first_rss = process_stats(soak.app.process.pid)[0]
        log(f"soak: RSS at start {first_rss // 1024} MiB")
        warm_rss = None
        while time.monotonic() < start + seconds or warm_rss is None:
            name = soak.step()
            if warm_rss is None and time.monotonic() >= start + min(WARM_UP_SECONDS, seconds / 3):
                warm_rss = process_stats(soak.app.process.pid)[0]
                log(f"soak: step {soak.steps}, RSS after warm-up {warm_rss // 1024} MiB")
            if soak.steps % 25 == 0:
                log(f"soak: step {soak.steps} ({name}), RSS {process_stats(soak.app.process.pid)[0] // 1024} MiB")
        soak.check_idle()
        last_rss = process_stats(soak.app.process.pid)[0]
        log(f"soak: seed {seed}, {soak.steps} steps, RSS at start {first_rss // 1024} MiB, "
            f"after warm-up {warm_rss // 1024} MiB, at the end {last_rss // 1024} MiB")
        if last_rss - warm_rss > ALLOWED_GROWTH_KIB:
            soak.fail(f"memory grew from {warm_rss} KiB after warm-up to {last_rss} KiB")
        soak.app.quit()
        soak.check_database()
        return warm_rss, last_rss
    except SoakFailure as failure:
        raise SoakFailure(f"soak failed with seed {seed}: {failure}") from None
    finally:
        soak.app.cleanup()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--items", type=int, default=2000)
    options = parser.parse_args()
    seed = options.seed if options.seed is not None else random.randrange(1 << 31)
    try:
        run(options.minutes * 60, seed, options.items, log=lambda line: print(line, flush=True))
    except SoakFailure as failure:
        print(failure, file=sys.stderr)
        print(f"replay: tools/with-display /usr/bin/python3 tests/soak/soak.py --minutes {options.minutes:g} "
              f"--seed {seed} --items {options.items}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
