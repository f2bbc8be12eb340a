#!/usr/bin/python3
"""Soak: a seeded random mix of ordinary actions on a long list, with the accessible tree read
after every step as a screen reader does (issue 13). Fails if Flick dies, if its memory keeps
growing, or if the database is damaged at the end. A failure prints its seed; run again with
`--seed S` to replay it.

    tools/with-display /usr/bin/python3 tests/soak/soak.py --minutes 10 [--seed S] [--items 2000]
"""

import argparse
import random
import sqlite3
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))

from flickapp import ROW_PITCH_PX, accessible_nodes, drag, row_center_y, window_width, xdotool  # noqa: E402
from longlist import app_with_long_list, process_stats  # noqa: E402

# Memory may grow while GTK and the accessibility bridge warm up; after that a soak that
# keeps growing leaks (the crash of issue 13 grew 10-20 MiB a second).
WARM_UP_STEPS = 15
ALLOWED_GROWTH_KIB = 50 * 1024


class Soak:
    def __init__(self, seed, items):
        self.random = random.Random(seed)
        self.seed = seed
        self.app = app_with_long_list(items)
        self.width = window_width(self.app)
        self.steps = 0

    # --- Actions: each leaves nothing being edited or open. ---

    def new_item(self):
        self.app.keys("ctrl+n")
        self.app.type(f"Soak {self.steps}")
        self.app.keys("Return")

    def move(self):
        self.app.keys(self.random.choice(["alt+Down", "alt+Up"]))

    def pinch_insert(self):
        boundary = self.random.randint(1, 6)
        y = row_center_y(boundary) - ROW_PITCH_PX // 2
        xdotool("mousemove", "--window", self.app.window, 240, y, "keydown", "ctrl",
                "click", "--repeat", 6, "--delay", 40, "4", "keyup", "ctrl")
        time.sleep(0.7)
        if self.random.random() < 0.5:
            self.app.keys("Escape")
        else:
            self.app.type(f"Pinched {self.steps}")
            self.app.keys("Return")

    def slide_open(self):
        row = self.random.randint(0, 6)
        drag(self.app, (self.width - 60, row_center_y(row)), 120)
        self.app.keys("Escape")

    def complete(self):
        row = self.random.randint(0, 6)
        drag(self.app, (30, row_center_y(row)), self.width - 60, step_px=40)

    def delete_and_undo(self):
        self.app.keys("Delete", "ctrl+z")

    def vertical_drag(self):
        start, end = row_center_y(1), row_center_y(self.random.randint(3, 7))
        drag(self.app, (self.width // 2, start), None, y_end=end)

    def toggle(self):
        self.app.keys("space")

    def wheel(self):
        button = self.random.choice(["4", "5"])
        xdotool("mousemove", "--window", self.app.window, 240, row_center_y(3),
                "click", "--repeat", self.random.randint(1, 15), "--delay", 20, button)
        time.sleep(0.3)

    ACTIONS = [new_item, move, pinch_insert, slide_open, complete, delete_and_undo, vertical_drag, toggle, wheel]

    def step(self):
        action = self.random.choice(self.ACTIONS)
        action(self)
        self.steps += 1
        accessible_nodes(self.app.process.pid)  # As a screen reader reads the window.
        if self.app.process.poll() is not None:
            raise AssertionError(f"flick exited with {self.app.process.returncode} after {action.__name__}")
        return action.__name__

    def integrity(self):
        connection = sqlite3.connect(f"file:{self.app.database}?mode=ro", uri=True)
        try:
            return connection.execute("PRAGMA integrity_check").fetchone()[0]
        finally:
            connection.close()


def run(seconds, seed, items=2000, log=print):
    """Soaks for `seconds`; returns (first RSS after warm-up, last RSS) in KiB. Raises
    AssertionError, with the seed in its message, on a failure."""
    soak = Soak(seed, items)
    try:
        end = time.monotonic() + seconds
        first_rss = None
        while time.monotonic() < end or first_rss is None:
            name = soak.step()
            if soak.steps == WARM_UP_STEPS:
                first_rss = process_stats(soak.app.process.pid)[0]
            if soak.steps % 25 == 0:
                log(f"soak: step {soak.steps} ({name}), RSS {process_stats(soak.app.process.pid)[0] // 1024} MiB")
        last_rss = process_stats(soak.app.process.pid)[0]
        log(f"soak: seed {seed}, {soak.steps} steps, RSS after warm-up {first_rss // 1024} MiB, "
            f"at the end {last_rss // 1024} MiB")
        if last_rss - first_rss > ALLOWED_GROWTH_KIB:
            raise AssertionError(f"memory grew from {first_rss} to {last_rss} KiB")
        soak.app.quit()
        integrity = soak.integrity()
        if integrity != "ok":
            raise AssertionError(f"integrity_check: {integrity}")
        return first_rss, last_rss
    except AssertionError as failure:
        raise AssertionError(f"soak failed with seed {seed} after {soak.steps} steps: {failure}") from failure
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
        run(options.minutes * 60, seed, options.items)
    except AssertionError as failure:
        print(failure, file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
