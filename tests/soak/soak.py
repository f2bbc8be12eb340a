#!/usr/bin/python3
"""Soak (issue 11): a seeded random mix of keyboard actions and real pointer gestures on a
10,000-item list, with Flick running under G_DEBUG=fatal-criticals. After every step the
accessible tree is read as a screen reader reads it, and the rows it shows (titles and
completion, in order) must be the database's. Fails if Flick dies (a CRITICAL now kills it),
binds its rows twice, keeps a core busy, shows a list the database does not hold, if its
memory keeps growing (RSS sampled every second, the slope fitted after the warm-up), or if the
database is damaged or lost an item at the end. The long list and a second list, Archive, are
CalDAV calendars of one account (whose server does not exist: nothing is sent), and one action
moves the focused item to Archive with Move to… and undoes it (issue 34): at the end every item
must be back with the resource it had, and no deletion left to send. A second Flick process
reads the data folder at random steps (issue 53, point 5): during a fifth of the steps `flick
--list`, `--list NAME`, `--list today` or `--export` runs while the window acts, and after a
tenth an `--export` runs, which must print exactly the titles the database holds (compared when
they stayed the same while it ran); each must exit 0, say nothing of a lock or a file it cannot
read, and no file may be set aside. The seed is printed first; run again with `--seed S` to
replay the same actions and readers (their timing may differ).

    tools/with-display /usr/bin/python3 tests/soak/soak.py --minutes 10 [--seed S] [--items 10000]
"""

import argparse
import datetime
import random
import re
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))

from flickapp import (FLICK_DEBUG_ENVIRONMENT, accessible_list_rows, accessible_nodes, click,  # noqa: E402
                      ctrl_scroll_pinch, drag, hold_and_drag, row_center_y, scroll_wheel, window_width)
from longlist import app_with_long_list, process_stats, settle_problem  # noqa: E402
from second_process import KINDS, Reader, exported_titles, set_aside  # noqa: E402

ITEMS = 10_000
# Memory grows while GTK and the accessibility bridge warm up (the first steps bind rows, build
# the accessible objects, fill SQLite's page cache and GTK's glyph caches); the slope is fitted
# after that. A shorter run warms up for half its time: in the one-minute soak of `make check`,
# a third (20 s) left the caches still filling on a slow run, and the slope fitted over the last
# 40 s went past the bound once in five runs with no leak (RSS at the end as in the others).
WARM_UP_SECONDS = 60
# The bound: the straight line fitted to RSS after the warm-up may rise at most this much over
# the rest of the run, so its slope may be at most this over the minutes after the warm-up
# (1.8 MiB a minute in a 10-minute soak, 32 MiB a minute in the one-minute soak, where a single
# cache growing by 2 MiB already makes 5 MiB a minute). The leak of issue 13 grew 10-20 MiB a
# second; a steady leak of a row's widgets or accessible objects at every step passes 16 MiB
# within minutes.
MAX_FITTED_GROWTH_KIB = 16 * 1024
# And whatever the slope, the end may not be more than this above the warm-up's end.
ALLOWED_GROWTH_KIB = 50 * 1024
# Rows GtkListView may bind beyond those it bound at first (about 205 in GTK 4.8): more means
# rows bound twice, as when the list was re-entered from its own callbacks.
EXTRA_ROWS_ALLOWED = 10
# Rows GTK 4.8 keeps bound away from the rows around the view (the focused row, the scroll
# anchor): a run of consecutive items no longer than this may stand apart from the rest.
TRACKED_ROWS = 3
# How long a new item's entry may take to get the keyboard focus (see Soak.typed_item).
EDITOR_FOCUS_WAIT_S = 1.5
# Every this many steps Flick must be idle for a second (a step's tree walk keeps it busy).
IDLE_CHECK_EVERY = 5
# A step's animations (snaps, bounces, collapses) end within a second; a list that still
# differs from the database after these many readings a second apart is wrong.
MATCH_ATTEMPTS = 3
# A second Flick process reading the data folder (issue 53, point 5): the share of steps during
# which one runs (`--list`, `--list NAME`, `--list today` or `--export`, started as the step
# begins), and of steps after which an `--export` runs and is compared with the database.
READER_DURING_SHARE = 0.2
EXPORT_AFTER_SHARE = 0.1


class SoakFailure(AssertionError):
    pass


class RssSampler(threading.Thread):
    """Reads a process's resident memory every `interval` seconds into `samples`, (monotonic
    time, KiB) pairs, until the process is gone or `stop()`."""

    def __init__(self, pid, interval=1.0):
        super().__init__(daemon=True)
        self.pid = pid
        self.interval = interval
        self.samples = []
        self.stopping = threading.Event()

    def run(self):
        while not self.stopping.is_set():
            try:
                self.samples.append((time.monotonic(), process_stats(self.pid)[0]))
            except (OSError, StopIteration):
                return  # The process ended (a failure the soak reports itself).
            self.stopping.wait(self.interval)

    def stop(self):
        self.stopping.set()
        if self.ident is not None:  # Started.
            self.join(timeout=5)


def slope_kib_per_minute(samples):
    """The least-squares slope of (seconds, KiB) samples, in KiB a minute (0 for fewer than two)."""
    if len(samples) < 2:
        return 0.0
    mean_t = sum(t for t, _ in samples) / len(samples)
    mean_rss = sum(rss for _, rss in samples) / len(samples)
    spread = sum((t - mean_t) ** 2 for t, _ in samples)
    if spread == 0:
        return 0.0
    return 60 * sum((t - mean_t) * (rss - mean_rss) for t, rss in samples) / spread


def shown_rows(nodes):
    """(title label, accessible name) of every row of the items list ("Items") in the accessible
    tree, in list order. GtkListView keeps about 200 rows bound around the ones on screen (their
    extents say nothing reliable about which are on screen in GTK 4.8), so these are the rows
    on screen and their neighbours."""
    rows, list_depth = [], None
    for node in nodes:
        if list_depth is not None and node["depth"] <= list_depth:
            list_depth = None  # Past the list's last descendant.
        if node["role"] == "list" and node["name"] == "Items":
            list_depth = node["depth"]
        elif list_depth is not None:
            if node["role"] == "list item" and node["depth"] == list_depth + 1:
                # Named itself from GTK 4.12 (Flick names the GtkListItem); on GTK 4.8 its slide
                # box below says the name.
                rows.append([None, node["name"] or None])
            elif rows and rows[-1][1] is None and node["depth"] == list_depth + 2:
                rows[-1][1] = node["name"]  # The row's slide box, named for screen readers.
            elif rows and rows[-1][0] is None and node["role"] == "label":
                rows[-1][0] = node["text"]  # The first label is the title.
    return [tuple(row) for row in rows]


def spoken(title, completed):
    """The accessible name of an item's row (ItemSpeech, in English, for an item without dates
    or marks, as every item of the soak is)."""
    return f"{title}, {'completed' if completed else 'not completed'}"


# What a row's name may say after its title and state for the items the soak makes (issue 32):
# a high priority and tags typed with the title (marked_item), its subtasks' progress (subtask),
# the due date a postponement gave it (postpone: "due Tomorrow", "due Sun 29").
MARKS_SPOKEN = r"(, (high priority|tags: [^,]*|\d+ of \d+ subtasks? done|due [^,]*|not started|starts [^,]*))*"


def says(name, title, completed):
    """True when a row's accessible name is the item's (`spoken`), with the marks it may have."""
    return re.fullmatch(re.escape(spoken(title, completed)) + MARKS_SPOKEN, name or "") is not None


def list_problems(rows, stored):
    """What is wrong with the rows shown (`shown_rows`) against the stored items ((title,
    completed) in list order): [] when every row shows a stored item as it is stored, in the
    stored order, with no stored item missing between them (GTK's few tracked rows aside)."""
    if not rows:
        return ["the items list shows no rows"]
    position = {}
    for index, (title, _) in enumerate(stored):
        position.setdefault(title, index)
    problems, indices = [], []
    for title, name in rows:
        if title not in position:
            problems.append(f"a row shows “{title}” ({name}), which is not stored")
            continue
        index = position[title]
        if not says(name, *stored[index]):
            problems.append(f"row “{title}” says “{name}”, the database “{spoken(*stored[index])}”")
        indices.append(index)
    breaks = [k for k, (a, b) in enumerate(zip(indices, indices[1:])) if b <= a]
    if breaks:
        k = breaks[0]
        around = [(index, stored[index][0]) for index in indices[max(0, k - 2):k + 4]]
        problems.append(f"rows out of the stored order or shown twice: after the {k + 1}th row shown, stored items "
                        f"(position, title) {around} follow each other; items {indices[:12]}…")
    else:
        runs, start = [], 0
        for i in range(1, len(indices) + 1):
            if i == len(indices) or indices[i] != indices[i - 1] + 1:
                runs.append(indices[start:i])
                start = i
        long_runs = [run for run in runs if len(run) > TRACKED_ROWS]
        if len(long_runs) != 1:
            gaps = [(a[-1], b[0]) for a, b in zip(runs, runs[1:])]
            problems.append(f"the rows skip stored items: runs {[(r[0], r[-1]) for r in runs]}, "
                            f"missing between {gaps[:5]}: "
                            + ", ".join(f"“{stored[a + 1][0]}”" for a, _ in gaps[:5]))
    return problems


class Soak:
    def __init__(self, seed, items):
        self.random = random.Random(seed)
        self.seed = seed
        self.items = items
        self.app = app_with_long_list(items)
        self.app.quit()
        make_calendars(self.app.database)
        self.app.start()
        self.width = window_width(self.app)
        self.list_title = self.app.title()
        self.steps = 0
        self.added = 0  # Items the actions stored: the list must end with items + added.
        self.rows_at_first = None
        self.recent = deque(maxlen=12)
        self.mismatches_healed = 0  # Steps whose list matched only on a later reading.
        self.typing_missed = Counter()  # New items not stored from what was typed, by kind (typed_item).
        # Per action: how often it ran, and how often the list stored after it differed from
        # the list before (so a gesture that never does anything shows).
        self.runs, self.changes = Counter(), Counter()
        # Per action: deletions and clearings it made that Ctrl+Z then brought back (these
        # leave the stored list as it was, so `changes` does not show them).
        self.undone = Counter()
        # The second processes' steps and commands come from a generator of their own, seeded
        # from the soak's seed: a replay repeats them, and each seed's actions stay as they were.
        self.reader_random = random.Random(f"second process {seed}")
        self.readers, self.exports = Counter(), Counter()  # Those during a step, by command; those after one.

    # --- Actions: each leaves nothing being edited or open, and the list's items shown. ---

    def escape(self):
        """Escape cancels an edit or closes a menu; with neither, it goes up to the lists, and
        the list is opened again (`back_to_the_list`). Alt+Right is not sent blindly: on a list
        it opens the focused item's subtasks (issue 32)."""
        self.app.keys("Escape")
        self.back_to_the_list()

    def back_to_the_list(self, seconds=0.5):
        """Back to the long list's level if the last keys or gesture left it: Alt+Right from
        the lists (back to the last list), Alt+Left from an item's subtasks. A step that left it
        shows so within `seconds`; fails if the list is not shown again."""
        deadline = time.monotonic() + seconds
        while (title := self.app.title()) == self.list_title and time.monotonic() < deadline:
            time.sleep(0.1)
        for _ in range(4):
            if title == self.list_title:
                return
            self.app.keys("alt+Right" if title == "Lists" else "alt+Left")
            deadline = time.monotonic() + 2
            while (title := self.app.title()) not in (self.list_title, "Lists") and time.monotonic() < deadline:
                time.sleep(0.1)
            # Alt+Left from a subtask level lands on the list, maybe after its animation.
            time.sleep(0.2)
            title = self.app.title()
        if title != self.list_title:
            self.fail(f"the window shows {title!r}, not the list {self.list_title!r}, and does not go back to it")

    def row(self):
        """One of the rows on screen in the default window (about ten show)."""
        return self.random.randint(0, 6)

    def stored_count(self):
        return self.app.query("SELECT count(*) FROM item")[0][0]

    def wait_for_count(self, condition, seconds=2.0):
        """The number of stored items once `condition` holds for it, or after `seconds`."""
        deadline = time.monotonic() + seconds
        count = self.stored_count()
        while not condition(count) and time.monotonic() < deadline:
            time.sleep(0.1)
            count = self.stored_count()
        return count

    def typed_item(self, prefix):
        """Types a title into the new item a key or a gesture opened and presses Enter, and
        counts it if it was stored. The new row's entry takes the keyboard focus only once the
        list has scrolled to it and laid it out, which on a long list under load takes a
        second or more (Ctrl+N at the end of 10,000 items): keys typed before that go to the
        list, and a gesture (a pinch, a pull) may have opened nothing at all. So this waits
        first, and a title that was not stored is counted as a miss: the typing did nothing
        (titles have no spaces, which would toggle the focused item), Enter began editing the
        focused item, and Esc cancels that."""
        time.sleep(EDITOR_FOCUS_WAIT_S)
        title = f"{prefix}-{self.steps}"
        self.app.type(title)
        self.app.keys("Return")
        deadline = time.monotonic() + 3
        while not self.app.query("SELECT 1 FROM item WHERE title = ?", title):
            if time.monotonic() > deadline:
                self.typing_missed[prefix] += 1
                self.app.keys("Escape")
                return
            time.sleep(0.1)
        self.added += 1

    def undo_if_fewer(self, before):
        """Ctrl+Z if the stored items went below `before` (a deletion or a clearing happened);
        without one it would undo an earlier step's edit."""
        if self.wait_for_count(lambda count: count < before, seconds=1.5) < before:
            self.undone[self.recent[-1]] += 1
            self.app.keys("ctrl+z")
            if self.wait_for_count(lambda count: count == before) != before:
                self.fail_undo(before)

    def fail_undo(self, before):
        """Fails an undo that did not land within its 2 s, saying what the window showed then,
        where Flick's main thread was, and whether the undo landed later (a slow window) or not
        at all (make stress, seed 1743151049, step 122: a pull up cleared 13 items and the
        window still showed "Release to clear" when Ctrl+Z's 2 s were over; the replay passed)."""
        stored = self.stored_count()
        shot = self.screenshot("-undo")
        stack = self.main_thread_stack()
        waited = time.monotonic()
        later = self.wait_for_count(lambda count: count == before, seconds=20.0)
        landed = (f"it landed {time.monotonic() - waited:.1f} s later" if later == before
                  else f"it had not landed 20 s later ({later} stored)")
        self.fail(f"Ctrl+Z did not bring back what was deleted within 2 s: {stored} stored, {before} before; "
                  f"{landed}; screenshot then {shot}; Flick's main thread then:\n{stack}")

    def main_thread_stack(self):
        """The backtrace of Flick's main thread (gdb attaches to it first), where gdb is installed."""
        try:
            traced = subprocess.run(["gdb", "-p", str(self.app.process.pid), "-batch", "-ex", "bt 25"],
                                    capture_output=True, text=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired) as error:
            return f"(no backtrace: {error})"
        frames = [line for line in traced.stdout.splitlines() if line.startswith("#")]
        return "\n".join(frames) or "(no backtrace: gdb printed no frames)"

    def new_item(self):
        self.app.keys("ctrl+n")
        self.typed_item("Soak")

    def new_item_from_the_end(self):
        self.app.keys("End")
        self.new_item()

    def move(self):
        self.app.keys(self.random.choice(["alt+Down", "alt+Up"]))

    def move_to_calendar_and_back(self):
        """Move to… Archive (another calendar of the account) for the focused item, then Ctrl+Z
        once the list shows one row fewer. A move not made (the popover took no keys yet) is
        closed with Escape and not undone."""
        before = len(self.stored_items())
        self.app.keys("ctrl+shift+m")
        time.sleep(0.5)
        self.app.type("Archive")
        self.app.keys("Return")
        deadline = time.monotonic() + 2
        while len(self.stored_items()) == before and time.monotonic() < deadline:
            time.sleep(0.1)
        if len(self.stored_items()) == before:
            self.escape()
            return
        self.undone["move_to_calendar_and_back"] += 1
        self.app.keys("ctrl+z")
        deadline = time.monotonic() + 2
        while len(self.stored_items()) != before and time.monotonic() < deadline:
            time.sleep(0.1)
        if len(self.stored_items()) != before:
            self.fail("Ctrl+Z did not bring back the item moved to Archive")

    def pinch_insert(self):
        """Ctrl+scroll up between two rows: the mouse's pinch opens a new item there."""
        ctrl_scroll_pinch(self.app, self.random.randint(1, 6))
        if self.random.random() < 0.5:
            self.escape()
        else:
            self.typed_item("Pinched")

    def pinch_then_scroll_away(self):
        """Opens a new item and scrolls it off the screen before typing: nothing is stored."""
        ctrl_scroll_pinch(self.app, self.random.randint(1, 6))
        scroll_wheel(self.app, self.random.choice([-30, 30]))
        self.escape()

    def insert_below(self):
        self.app.keys("ctrl+Return")
        time.sleep(0.3)
        self.typed_item("Below")

    def close_open_row(self, row):
        """Closes the open row one of the ways a user does: Esc, a flick right on its front,
        a click on another row, or the wheel."""
        way = self.random.choice(["escape", "flick", "click", "wheel"])
        if way == "escape":
            self.escape()
        elif way == "flick":
            # From the part of the front still showing (the menu takes the right-hand side):
            # 80 px is no completing swipe if the row had not opened.
            drag(self.app, (40, row_center_y(row)), 120, step_px=40)
        elif way == "click":
            click(self.app, 100, row_center_y(7 if row < 7 else 0))
        else:
            scroll_wheel(self.app, self.random.choice([-1, 1]) * self.random.randint(1, 3))
            self.escape()  # Up at the top is a wheel pull: as after wheel().

    def slide_open(self):
        """A slow drag left past half the menu: the row slides open and stays."""
        row = self.row()
        drag(self.app, (self.width - 60, row_center_y(row)), 120)
        self.close_open_row(row)

    def flick_menu(self):
        """A short fast flick left opens the row's menu at once; then it is closed, or its
        Delete button is clicked and the deletion undone."""
        row = self.row()
        before = self.stored_count()
        drag(self.app, (self.width - 100, row_center_y(row)), self.width - 180, step_px=40)
        if self.random.random() < 0.3:
            # Where the menu's Delete is (tests/e2e/test_gestures.py); on a row that did not
            # open, the click only selects it.
            click(self.app, self.width - 35, row_center_y(row))
            self.undo_if_fewer(before)
        else:
            self.close_open_row(row)

    def postpone(self):
        """A long drag left, past the menu to the postpone cue (issue 59): the item is due a day
        later; undone half the time."""
        drag(self.app, (self.width - 30, row_center_y(self.row())), 20, step_px=12)
        if self.random.random() < 0.5:
            self.app.keys("ctrl+z")
            time.sleep(0.3)

    def sort_once(self):
        """Sort once (issue 59): Ctrl+Shift+S and a letter (due date, priority or title) reorder
        the 10,000 items in one step; undone most of the time, so the list keeps its order."""
        self.app.keys("ctrl+shift+s")
        time.sleep(0.4)
        self.app.keys(self.random.choice(["d", "p", "t"]))
        time.sleep(0.8)
        if self.random.random() < 0.8:
            self.app.keys("ctrl+z")
            time.sleep(0.5)

    def drag_between_days(self):
        """Upcoming (issue 59, Ctrl+U): a row held and dragged three rows down, onto a later
        day if it is an item (a heading does not lift); undone half the time; then back to the
        list. The items there are the ones the soak postponed: the long list has no dates."""
        self.app.keys("ctrl+u")
        deadline = time.monotonic() + 3
        while self.app.title() != "Upcoming" and time.monotonic() < deadline:
            time.sleep(0.1)
        if self.app.title() == "Upcoming":
            start = self.random.randint(0, 3)
            hold_and_drag(self.app, start, row_center_y(start + 3) + 10)
            if self.random.random() < 0.5:
                self.app.keys("ctrl+z")
                time.sleep(0.3)
        # Back by the list's Ctrl+number: from the lists, Alt+Right would return to Upcoming.
        self.app.keys("Escape")
        self.app.keys(f"ctrl+{self.app.list_names().index(self.list_title) + 1}")
        self.back_to_the_list(seconds=1.0)

    def right_click_menu(self):
        click(self.app, 100, row_center_y(self.row()), button=3)
        time.sleep(0.3)
        self.escape()

    def complete(self):
        """Swipe right past half the row: completes or reopens the item."""
        drag(self.app, (30, row_center_y(self.row())), self.width - 60, step_px=40)

    def reorder(self):
        """Hold a row until it lifts and drag it a few rows up or down. A completed row does
        not lift (DESIGN 2.7), and a drag up from it at the list's end is a pull that clears
        the completed items (seed 2120275253, step 90): that is undone, as in
        pull_up_to_clear."""
        before = self.stored_count()
        start, end = self.row(), self.row()
        hold_and_drag(self.app, start, row_center_y(end) + (10 if end > start else -10))
        self.undo_if_fewer(before)
        self.escape()  # Had the hold not lifted the row, the drag may have opened it.

    def delete_and_undo(self):
        before = self.stored_count()
        self.app.keys("Delete")
        self.undo_if_fewer(before)

    def vertical_drag(self):
        # Downward only: upward at the list's end is a pull that clears the completed items
        # (pull_up_to_clear does that on purpose, with an undo). Downward at the list's top is
        # a pull that opens a new item or goes up to the lists: escape() cancels the one and
        # comes back from the other.
        start, end = row_center_y(1), row_center_y(self.random.randint(3, 7))
        drag(self.app, (self.width // 2, start), None, y_end=end)
        self.escape()

    def pull_down(self):
        """At the top, pulled down past one row a new item opens there for typing; past two
        rows the window goes up to the lists (and Alt+Right comes back)."""
        self.app.keys("Home")
        time.sleep(0.3)  # A pull starts only while the list rests at its top.
        start = row_center_y(1)
        if self.random.random() < 0.6:
            drag(self.app, (240, start), None, y_end=start + 90)
            self.typed_item("Pulled")
        else:
            drag(self.app, (240, start), None, y_end=start + 200)
            time.sleep(0.3)
            self.back_to_the_list()

    def pull_up_to_clear(self):
        """At the end, pulled up past one and a half rows the completed items are cleared; one
        Ctrl+Z brings them all back."""
        before = self.stored_count()
        self.app.keys("End")
        time.sleep(0.3)
        start = row_center_y(7)
        drag(self.app, (240, start), None, y_end=start - 160)
        self.undo_if_fewer(before)

    def toggle(self):
        self.app.keys("space")

    def marked_item(self):
        """Ctrl+N and a title ending in a priority and a tag (issue 32): stored without them,
        with the priority and the tag. Counted as a miss, like typed_item, if the typed title
        never arrived; fails if it arrived but its marks were not taken off."""
        self.app.keys("ctrl+n")
        time.sleep(EDITOR_FOCUS_WAIT_S)
        title = f"Marked-{self.steps}"
        word, priority = self.random.choice([("high", 1), ("medium", 5), ("low", 9), ("3", 3)])
        self.app.type(f"{title} !{word} #soak")
        self.app.keys("Return")
        deadline = time.monotonic() + 3
        while not (stored := self.app.query("SELECT title, priority, tags FROM item WHERE title LIKE ?", title + "%")):
            if time.monotonic() > deadline:
                self.typing_missed["Marked"] += 1
                self.app.keys("Escape")
                return
            time.sleep(0.1)
        self.added += 1
        deadline = time.monotonic() + 3
        while stored != [(title, priority, "soak")] and time.monotonic() < deadline:
            time.sleep(0.1)
            stored = self.app.query("SELECT title, priority, tags FROM item WHERE title LIKE ?", title + "%")
        if stored != [(title, priority, "soak")]:
            self.fail(f"typed “{title} !{word} #soak”, stored (title, priority, tags) {stored}, "
                      f"not {[(title, priority, 'soak')]}")

    def started_item(self):
        """Ctrl+N and a title ending in a start date three days on (issue 59): stored without it,
        starting that day, dimmed below the open items (the list check reads "not started,
        starts …" in its row's name). Counted as a miss if the typed title never arrived."""
        self.app.keys("ctrl+n")
        time.sleep(EDITOR_FOCUS_WAIT_S)
        title = f"Started-{self.steps}"
        day = datetime.date.today() + datetime.timedelta(days=3)
        weekday = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"][day.weekday()]
        self.app.type(f"{title} from {weekday}")
        self.app.keys("Return")
        want = [(title, int(day.strftime("%Y%m%d")))]
        deadline = time.monotonic() + 3
        while (stored := self.app.query("SELECT title, start_day FROM item WHERE title LIKE ?", title + "%")) != want:
            if time.monotonic() > deadline:
                if not stored:
                    self.typing_missed["Started"] += 1
                    self.app.keys("Escape")
                    return
                self.fail(f"typed “{title} from {weekday}”, stored (title, start) {stored}, not {want}")
            time.sleep(0.1)
        self.added += 1

    def subtask(self):
        """Alt+Right to the focused item's subtasks, a new one typed there, Alt+Left back
        (issue 32): the subtask is stored with the item's UID as its parent, and the list shows
        the same top level (it is not a row of the list)."""
        self.app.keys("alt+Right")
        deadline = time.monotonic() + 2
        while (parent := self.app.title()) == self.list_title and time.monotonic() < deadline:
            time.sleep(0.1)
        if parent in (self.list_title, "Lists", None):
            self.back_to_the_list()
            return
        self.app.keys("ctrl+n")
        time.sleep(EDITOR_FOCUS_WAIT_S)
        title = f"Sub-{self.steps}"
        self.app.type(title)
        self.app.keys("Return")
        deadline = time.monotonic() + 3
        while not (stored := self.app.query("SELECT parent_uid FROM item WHERE title = ?", title)):
            if time.monotonic() > deadline:
                self.typing_missed["Sub"] += 1
                self.app.keys("Escape")
                break
            time.sleep(0.1)
        if stored:
            self.added += 1
            uids = {uid for (uid,) in self.app.query("SELECT uid FROM item WHERE title = ?", parent)}
            if stored[0][0] not in uids:
                self.fail(f"the subtask “{title}” of “{parent}” names parent {stored[0][0]}, not its UID {uids}")
        self.app.keys("alt+Left")
        self.back_to_the_list(seconds=1.0)

    def wheel(self):
        # Up at the top of the list is a wheel pull (a new item, or up to the lists):
        # escape() cancels the one and comes back from the other.
        scroll_wheel(self.app, self.random.choice([-1, 1]) * self.random.randint(1, 15))
        self.wait_until_idle()
        self.escape()

    def wait_until_idle(self, quiet_s=0.4, timeout_s=10):
        """Until Flick has used (almost) no CPU for `quiet_s`: it has taken in the wheel steps
        sent, and a wheel pull they made has ended (`wheelPullReleaseS`, 0.25 s after the last
        step) and finished its transition. On a busy machine Flick may take in a long spin a
        second or more after xdotool sent it; an Escape sent before the pull ended then came
        before the pull went up to the lists, and found the list still shown."""
        deadline = time.monotonic() + timeout_s
        _, ticks = process_stats(self.app.process.pid)
        while time.monotonic() < deadline:
            time.sleep(quiet_s)
            _, now = process_stats(self.app.process.pid)
            if now - ticks <= 2:  # Clock ticks, 100 a second: at most 5 % of a core.
                return
            ticks = now

    def jump(self):
        """Far through the list: many wheel steps, a few pages, or to either end."""
        kind = self.random.choice(["wheel", "pages", "ends"])
        if kind == "wheel":
            scroll_wheel(self.app, self.random.choice([-1, 1]) * self.random.randint(40, 400), delay_ms=4)
            self.wait_until_idle()
            self.escape()  # As after wheel().
        elif kind == "pages":
            self.app.keys(*[self.random.choice(["Page_Down", "Page_Up"])] * self.random.randint(3, 12), delay_ms=30)
        else:
            self.app.keys(self.random.choice(["Home", "End"]))

    # The keyboard's actions and the pointer's gestures, about half each, the commonest listed
    # more than once.
    ACTIONS = [new_item, new_item_from_the_end, move, move, insert_below, delete_and_undo, toggle, jump, jump,
               pinch_insert, pinch_insert, pinch_then_scroll_away, slide_open, flick_menu, flick_menu,
               right_click_menu, complete, complete, reorder, reorder, vertical_drag, pull_down, pull_up_to_clear,
               wheel, wheel, move_to_calendar_and_back, postpone, sort_once, drag_between_days]
    # Priority and tags typed with a title, subtasks (issue 32) and a start date typed with a
    # title (issue 59), at a low rate: one step in about 30 each (the list's completions and deletions reach items with subtasks as they
    # come).
    ACTIONS += [marked_item, subtask, started_item]

    # --- Checks ---

    def fail(self, message):
        """Raises SoakFailure with `message`, the last steps and a screenshot of the moment."""
        shot = self.screenshot()
        raise SoakFailure(f"{message} (after {self.steps} steps; the last: {', '.join(self.recent)}; "
                          f"windows {self.app.window_names() if self.app.process.poll() is None else 'gone'}; "
                          f"screenshot {shot})")

    def screenshot(self, suffix=""):
        """A screenshot of the moment, named by seed and step; its path, or "none"."""
        shot = Path(tempfile.gettempdir()) / f"flick-soak-{self.seed}-step-{self.steps}{suffix}.png"
        try:
            self.app.screenshot(shot)
        except (OSError, subprocess.CalledProcessError):
            return "none"
        return shot

    def check_alive(self):
        if self.app.process.poll() is not None:
            self.fail(f"flick exited with {self.app.process.returncode}\n{self.app.crash_report() or ''}")
        criticals = self.app.gtk_criticals(limit=3)
        if criticals:
            self.fail("GTK CRITICAL: " + " | ".join(criticals))

    def check_rows_bound(self, nodes):
        rows = len(accessible_list_rows(nodes))
        if self.rows_at_first is None:
            self.rows_at_first = rows
        elif rows > self.rows_at_first + EXTRA_ROWS_ALLOWED:
            self.fail(f"the list binds {rows} rows, {self.rows_at_first} at first: rows bound twice")

    def stored_items(self):
        """(title, completed) of the list shown, in its order, as another process reads them:
        its top level, the items that name no parent or a parent not in the list (issue 32), as
        the window shows only those (no loops of parents are made here)."""
        return self.app.query("SELECT title, completed FROM item AS i WHERE list_id = "
                              "(SELECT id FROM list ORDER BY rank, id LIMIT 1) AND (parent_uid IS NULL OR NOT EXISTS "
                              "(SELECT 1 FROM item AS p WHERE p.list_id = i.list_id AND p.uid = i.parent_uid)) "
                              "ORDER BY rank, id")

    def check_list_shown(self):
        """Reads the accessible tree (as a screen reader does) until the rows it shows are the
        database's, for at most MATCH_ATTEMPTS readings; returns the stored items matched."""
        for attempt in range(MATCH_ATTEMPTS):
            nodes = accessible_nodes(self.app.process.pid)
            self.check_alive()
            if not nodes:
                problems = ["the window is not on the accessibility bus"]
            else:
                self.check_rows_bound(nodes)
                stored = self.stored_items()
                problems = list_problems(shown_rows(nodes), stored)
            if not problems:
                self.mismatches_healed += attempt > 0
                return stored
            time.sleep(1)
        self.fail("the list shown is not the database's: " + "; ".join(problems[:5]))

    def check_idle(self):
        problem = settle_problem(self.app, seconds=1.0, max_growth_kib=ALLOWED_GROWTH_KIB)
        if problem:
            self.fail(problem)

    def check_debug_environment(self):
        """Flick runs with FLICK_DEBUG_ENVIRONMENT, so that a CRITICAL stops it."""
        with open(f"/proc/{self.app.process.pid}/environ", "rb") as environ:
            variables = environ.read().split(b"\0")
        for name, value in FLICK_DEBUG_ENVIRONMENT.items():
            if f"{name}={value}".encode() not in variables:
                self.fail(f"flick runs without {name}={value}")

    def step(self):
        action = self.random.choice(self.ACTIONS)
        self.recent.append(action.__name__)
        before = self.stored_items()
        reader = self.start_reader() if self.reader_random.random() < READER_DURING_SHARE else None
        action(self)
        self.steps += 1
        self.check_alive()
        if reader:
            self.check_reader(reader.finish())
            self.readers[reader.command] += 1
        self.runs[action.__name__] += 1
        self.changes[action.__name__] += self.check_list_shown() != before
        # Counted after every step, not only at the end, so that a failure names the step
        # where items went missing (a deletion the step did not see in time, and so did not undo).
        if (count := self.stored_count()) != self.items + self.added:
            self.fail(f"{count} items stored after {action.__name__}, {self.items} at first and {self.added} added")
        if self.steps % IDLE_CHECK_EVERY == 0:
            self.check_idle()
        if self.reader_random.random() < EXPORT_AFTER_SHARE:
            self.export_after_step()
        return action.__name__

    # --- A second Flick process (issue 53, point 5). ---

    def start_reader(self, kind=None):
        """Starts `flick --list`, `--list NAME` (a list of the database), `--list today` or
        `--export` on the data folder, as a second process, while this one goes on."""
        kind = kind or self.reader_random.choice(KINDS)
        names = [name for (name,) in self.app.query("SELECT name FROM list ORDER BY rank, id")]
        name = names[int(self.reader_random.random() * len(names))]
        return Reader(self.app.data_dir, self.app.launch_environment(), kind, list_name=name,
                      when=f"started as step {self.steps + 1} began")

    def check_reader(self, reader):
        """A reader ended well (the soak renames and deletes no list) and set nothing aside."""
        if problem := reader.problem():
            self.fail(f"a second Flick process failed: {problem}")
        if kept := set_aside(self.app.data_dir):
            self.fail(f"a file of the data folder was set aside as unreadable: {kept}")

    def stored_titles(self):
        return sorted(title for (title,) in self.app.query("SELECT title FROM item"))

    def export_after_step(self):
        """`flick --export` after a step: it prints every item the database holds, no more,
        when the titles stored before and after it are the same (otherwise the window wrote
        meanwhile, and a late write of the step is no failure: counted, not compared)."""
        before = self.stored_titles()
        reader = self.start_reader(kind="export").finish()
        reader.when = f"after step {self.steps}"
        self.check_reader(reader)
        if self.stored_titles() != before:
            self.exports["not compared (the titles stored changed while it ran)"] += 1
            return
        printed = sorted(exported_titles(reader.output))
        if printed != before:
            missing, more = Counter(before) - Counter(printed), Counter(printed) - Counter(before)
            self.fail(f"flick --export after step {self.steps} printed {len(printed)} titles, the database holds "
                      f"{len(before)}: missing {sorted(missing.elements())[:10]}, more {sorted(more.elements())[:10]}")
        self.exports["compared"] += 1

    def check_database(self):
        connection = sqlite3.connect(f"file:{self.app.database}?mode=ro", uri=True)
        try:
            integrity = connection.execute("PRAGMA integrity_check").fetchone()[0]
            titles = [title for (title,) in connection.execute("SELECT title FROM item")]
        finally:
            connection.close()
        if integrity != "ok":
            self.fail(f"integrity_check: {integrity}")
        if kept := set_aside(self.app.data_dir):
            self.fail(f"a file of the data folder was set aside as unreadable: {kept}")
        if "" in titles:
            self.fail("an empty item was stored")
        if len(titles) != self.items + self.added:
            self.fail(f"{len(titles)} items stored, {self.items} at first and {self.added} added")
        self.check_outbox()

    def check_outbox(self):
        """Every move to Archive was undone, and every deletion too: each item synced at first
        is back in its list with the resource it had (no new copy to make, nothing to delete)."""
        connection = sqlite3.connect(f"file:{self.app.database}?mode=ro", uri=True)
        try:
            tombstones = connection.execute("SELECT count(*) FROM sync_tombstone").fetchone()[0]
            without = connection.execute(
                "SELECT count(*) FROM item JOIN item_sync ON item_sync.item_id = item.id "
                "WHERE item.title LIKE 'Item %' AND (item_sync.href IS NULL OR item_sync.list_id <> item.list_id)"
            ).fetchone()[0]
            unsynced = connection.execute(
                "SELECT count(*) FROM item WHERE NOT EXISTS (SELECT 1 FROM item_sync WHERE item_id = item.id)"
            ).fetchone()[0]
        finally:
            connection.close()
        if tombstones or without or unsynced:
            self.fail(f"the outbox after the soak: {tombstones} deletions to send, {without} items lost their "
                      f"resource, {unsynced} items of a calendar's list not in the outbox")


def make_calendars(database):
    """Makes the long list and a new list, Archive, CalDAV calendars of one account whose
    server does not exist, the long list's items all synced (href, ETag, nothing to send)."""
    connection = sqlite3.connect(database)
    try:
        with connection:
            connection.execute("INSERT INTO account (url, user) VALUES ('http://127.0.0.1:9/', 'soak')")
            long_list = connection.execute("SELECT id FROM list ORDER BY rank, id LIMIT 1").fetchone()[0]
            connection.execute("INSERT INTO list (name, rank) VALUES ('Archive', "
                               "(SELECT max(rank) FROM list) + 1000000)")
            archive = connection.execute("SELECT id FROM list WHERE name = 'Archive'").fetchone()[0]
            for list_id, slug in ((long_list, "long"), (archive, "archive")):
                connection.execute("INSERT INTO list_sync (list_id, account_id, url) VALUES (?, 1, ?)",
                                   (list_id, f"http://127.0.0.1:9/calendars/soak/{slug}/"))
            connection.execute("INSERT INTO item_sync (item_id, list_id, uid, href, etag, dirty) "
                               "SELECT id, list_id, uid, '/calendars/soak/long/' || uid || '.ics', '\"1\"', 0 "
                               "FROM item WHERE list_id = ?", (long_list,))
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        connection.close()


class SoakResult:
    """What a soak measured: steps, and RSS in KiB at the start, after the warm-up and at the
    end, with the fitted slope after the warm-up in KiB a minute."""

    def __init__(self, steps, minutes, first_rss, warm_rss, last_rss, slope, fitted_minutes):
        self.steps, self.minutes = steps, minutes
        self.first_rss, self.warm_rss, self.last_rss, self.slope = first_rss, warm_rss, last_rss, slope
        # MAX_FITTED_GROWTH_KIB spread over the minutes the slope was fitted on.
        self.max_slope = MAX_FITTED_GROWTH_KIB / max(fitted_minutes, 1 / 60)

    def __str__(self):
        return (f"{self.steps} steps in {self.minutes:.1f} min, RSS first {self.first_rss / 1024:.1f} MiB, "
                f"after warm-up {self.warm_rss / 1024:.1f} MiB, last {self.last_rss / 1024:.1f} MiB, "
                f"slope after warm-up {self.slope:.0f} KiB/min (bound {self.max_slope:.0f})")


def run(seconds, seed, items=ITEMS, log=print):
    """Soaks for `seconds`; returns a SoakResult. Raises SoakFailure, with the seed in its
    message, on a failure."""
    log(f"soak: seed {seed}, {seconds:.0f} s, {items} items")
    soak = Soak(seed, items)
    sampler = RssSampler(soak.app.process.pid)
    failed = True
    try:
        soak.check_debug_environment()
        sampler.start()
        start = time.monotonic()
        warm_up_end = start + min(WARM_UP_SECONDS, seconds / 2)
        while time.monotonic() < start + seconds:
            name = soak.step()
            if soak.steps % 10 == 0:
                log(f"soak: step {soak.steps} ({name}), RSS {process_stats(soak.app.process.pid)[0] // 1024} MiB, "
                    f"{soak.added} added")
        soak.check_idle()
        sampler.stop()
        samples = sampler.samples
        after_warm_up = [(t, rss) for t, rss in samples if t >= warm_up_end]
        if not after_warm_up:
            soak.fail("no memory samples after the warm-up")
        result = SoakResult(soak.steps, (time.monotonic() - start) / 60, samples[0][1], after_warm_up[0][1],
                            samples[-1][1], slope_kib_per_minute(after_warm_up),
                            (after_warm_up[-1][0] - after_warm_up[0][0]) / 60)
        log(f"soak: seed {seed}, {result}; {soak.added} items added, new items typed but not stored (the entry "
            f"had no focus yet, or the gesture opened none): {dict(soak.typing_missed)}, "
            f"{soak.mismatches_healed} steps matched only on a later reading")
        log("soak: steps that changed the stored list / steps, by action: "
            + ", ".join(f"{name} {soak.changes[name]}/{count}" for name, count in sorted(soak.runs.items()))
            + "; deletions undone, by action: " + ", ".join(f"{name} {n}" for name, n in sorted(soak.undone.items())))
        if result.slope > result.max_slope:
            soak.fail(f"memory grows {result.slope:.0f} KiB a minute after the warm-up "
                      f"(bound {result.max_slope:.0f}): {result}")
        if result.last_rss - result.warm_rss > ALLOWED_GROWTH_KIB:
            soak.fail(f"memory grew from {result.warm_rss} KiB after warm-up to {result.last_rss} KiB")
        log("soak: second processes reading the folder during a step: "
            + (", ".join(f"{command} {count}" for command, count in sorted(soak.readers.items())) or "none")
            + "; exports after a step: " + (", ".join(f"{n} {how}" for how, n in sorted(soak.exports.items())) or "none"))
        soak.app.quit()
        soak.check_database()
        failed = False
        return result
    except SoakFailure as failure:
        raise SoakFailure(f"soak failed with seed {seed}: {failure}") from None
    finally:
        sampler.stop()
        try:
            soak.app.cleanup()
        except AssertionError as crash:  # Flick died of a signal.
            if not failed:
                raise SoakFailure(f"soak failed with seed {seed}: {crash}") from None
            log(f"soak: {crash}")  # Said already if a check saw it; else the failure in flight needs it.


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--items", type=int, default=ITEMS)
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
