#!/usr/bin/python3
"""Kill at any moment (issue 11, part 1): Flick under Xvfb is driven through seeded random
bursts of edits and killed with SIGKILL at a random moment; then the database must be sound,
hold every edit Flick reported committed, hold no edit half applied, and Flick must start on
it again and show it.

    tools/with-display /usr/bin/python3 tests/reliability/kill_trials.py --trials 1000 [--seed S]

Trials and seeds. Trials run in chains of up to CHAIN_LENGTH on one data folder: the first
starts from a fresh copy of a template database, each later one starts Flick on the database
the previous kill left (which is how "Flick starts again on that database" is checked, without
a start of its own). A chain's seed chooses every edit, target, title and kill moment; chain
seeds are the base seed, base + 1, ... A failure prints the chain's seed and the trial within
it; `--seed S --trials N` replays chain S (N at most CHAIN_LENGTH). What is in flight at the
kill still depends on timing, so a replay repeats the choices, not always the exact moment.

What "reported committed" means here, edit by edit (checked in the Swift code, not assumed):
- D-Bus `org.gtk.Actions.Activate` on the application or the window: GLib's action exporter
  runs the action's handler on the main loop and only then sends the reply; Flick's handlers
  write through `ListDocument`/`ListsDocument`, whose every user action is one
  `DatabaseQueue.write` that has committed when it returns (Sources/FlickCore). So a call
  whose reply has arrived is committed. Calls are sent one at a time or pipelined on one
  connection (GDBus keeps their order); at the kill, those without a reply are in flight.
- `flick --add TEXT`: the running Flick writes in its `command-line` handler, whose return
  value becomes the exit status of the `flick` that sent it: exit status 0 is committed.
- `flick --restore TITLE` (an item the chain deleted, from Recently Deleted, issue 57): the
  `flick` started writes to the file itself; exit status 0 is committed. The window takes the
  write in from the file a moment later: the next edit waits until it shows the item.
- Empty in the Recently Deleted window (keys): reported when the file holds no entry; in
  flight at a kill, the file must hold all of the entries or none.
- Real keyboard input (xdotool): the window changes its rows only after the document's write
  has committed, so an edit is reported when the rows read through AT-SPI show it (for a new
  list: when the window's title is its name). Until then it is in flight. Alt+Down on an item
  in Upcoming (issue 59: a day later) is reported by its notice, "Moved to …".

The checks after each kill, on a copy of the files (so that Flick restarts on the very files
the kill left):
- `PRAGMA integrity_check` is ok, `PRAGMA foreign_key_check` finds nothing, the full-text
  index is sound (FTS5 'integrity-check') and finds each word of the titles in exactly the
  items that have it;
- the lists, their order, and each list's items (id, title, done, due date, notes, reminder,
  repeat rule) in order equal the state after the last reported edit, or after one or more of
  the edits in flight, in order: every reported edit is there and none is half applied (a
  move leaves its item in exactly one list, an undo or a redo restores everything it undoes,
  ids and details included);
- ranks are unique within each list and among lists; UIDs are unique and an id keeps its UID
  for the life of the chain (an undone delete gets its UID back in the same transaction);
- the sync outbox: two lists of the template are CalDAV calendars of one account whose items
  were synced, so the triggers record every change in the same transaction, and moves between
  them happen (issue 34): every item of such a list has one item_sync row of that list and
  UID, no other item has one, an item changed since it was synced is dirty, every synced
  resource is either still an item of its list or has its tombstone there (unless the list
  itself was deleted), and an item waiting to reach a calendar it was moved to names a list it
  came from that is not its own, and has no resource yet.
Then the next trial's start must show the list the window opens on exactly as stored.

A second Flick process (issue 53, point 5): `flick --list`, `--list NAME`, `--list today` and
`--export` read the database file from a process of their own, on read-only connections (only
`--add` and the like are sent to a running Flick). A trial starts such readers at moments drawn
from the chain's seed (by a generator of their own, so that the edits a seed chose stay as they
were, and a replay repeats the readers): in half the trials one within 0.3 s of Flick's start;
up to two at random moments of the burst's first 2.5 s; in the trials whose kill comes at a
moment set in advance, one 0.02-0.12 s before it, to be running when Flick is killed; and in
half the trials, after the kill and before the next start, one or two at once on the files the
kill left, with their log (in a chain's first trial always, an export among them). Each must
exit 0 and say nothing of a lock or of a file it cannot read (`--list NAME` may find its list
gone only when a state of the trial lacked it). An export during the burst must print the
titles of a state the database passed through (the model's, the edits in flight that were
applied included); one on the files the kill left exactly the titles the check found, and
reading those files must change none of them (by their digests; the WAL index, `-shm`, aside,
which a reader may rebuild). No `flick.sqlite.unreadable-*` file may
appear: checked once Flick has started and after every trial.

The expected state after each edit comes from a small model of the edit (new items at the top
for New Item and `--add`, a move to another list puts the item at its top, ...); after every
reported edit the live database is read and must equal the model, so the model is checked as
the trials run and a failure names the edit.

Beyond the titles: the template gives every other item due dates (a day; a time; a time in a
zone), notes, reminders (before the due time; at a set time) and daily or weekly repeat rules,
which every edit carries and every check compares. Some added titles end in "tomorrow", which
Flick stores as typed and then, as a step of its own, turns into a due date. Completing an open
repeating item moves it to its next occurrence instead. Notes are typed in the item's details.
Half the chains run with completed items sinking (the default): a completion is then followed
by Flick's own move of the item below the open ones, a second write in the same undo step,
reported when the rows show it.
"""

import argparse
import collections
import datetime
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from accessible import (application, find, pyatspi_module, screen_extents, toolkit_version, top_level_of,  # noqa: E402
                        walk, window_origin)
from flickapp import FlickApp, accessible_nodes, accessible_strings, built_binary, xdotool  # noqa: E402
from second_process import KINDS, Reader, exported_titles, folder_contents, set_aside  # noqa: E402

APP_ID = "io.github.flicktodo.Flick"
APP_PATH = "/io/github/flicktodo/Flick"
WINDOW_PATH = APP_PATH + "/window/1"
# Trials sharing one data folder: each restart is the previous trial's "starts again" check.
CHAIN_LENGTH = 4
# A list's top level is kept at most this many items, all of them in the window at once
# (WINDOW_HEIGHT_PX): the checks read every row through AT-SPI.
MAX_ITEMS = 12
# The window's height, on the 1024 px screen of tools/with-display: its list is then about 900 px
# high, room for MAX_ITEMS rows of 57 px and three to spare. GTK 4.18's list view has only the
# rows in view in the accessible tree, GTK 4.8's the rows below them too: in Flick's default
# 640 px window, 541 px of list, GTK 4.18 had 10 of a list's 12 rows there, GTK 4.8 all 12
# (seed 540699's restart check failed on the two below).
WINDOW_HEIGHT_PX = 1000
# How long the window has to show a keyboard edit before it counts as never reported (a slow,
# shared machine takes up to a second for a keystroke or two under load).
REPORT_TIMEOUT_S = 6.0
# The height the undo notice may cover at the bottom of the list, with its margin.
NOTICE_PX = 110
# Where a row is clicked, from its left edge: the start of its title. The middle of a row may
# hold its subtask chip, which opens the subtasks (seed 659895: a row with a long due date had
# its "0/1" chip in the middle; the click opened the subtasks, and Ctrl+I there showed the
# details of the subtask). The title starts 20 px in and keeps a few characters however many
# marks the row has.
ROW_CLICK_X = 28
# The CalDAV calendars of the template: lists whose items were all synced before the trials,
# so that moves between them are moves between calendars.
SYNCED_LISTS = ("Many Lists", "Welcome to Flick")
# The list a trial's Flick opens on (the first start's).
WELCOME_LIST = "Welcome to Flick"
CONSONANTS = "bcdfghjklmnpqrstvwxz"
# What some added titles end with: Flick takes it off and makes it the due date (quick dates).
QUICK_DATE = " tomorrow"
# What some others end with: Flick takes it off and makes it the start date (issue 59), a
# weekday three days on, so that it is the same day if midnight passes during the trial.
WEEKDAY_NAMES = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


def quick_start_phrase():
    return " from " + WEEKDAY_NAMES[(datetime.date.today() + datetime.timedelta(days=3)).weekday()]
# A word as FTS5's unicode61 tokenizer splits them, for titles in ASCII.
WORD = re.compile(r"[a-z0-9]+")
# A second Flick process on the folder (issue 53, point 5): the share of trials with a reader
# started with Flick, within this many seconds of it; how many readers a burst starts (at most),
# within its first this many seconds; and how many read the files a kill left, at once, by
# their shares (none in half the trials).
READER_AT_START_SHARE = 0.5
READER_AT_START_S = 0.3
READERS_IN_BURST = 2
READERS_IN_BURST_S = 2.5
# And in the trials whose kill comes at a moment set in advance, one started this many seconds
# before it (at random between the two; a reader takes about 0.1 s), to be running when Flick
# is killed (unless the burst ended first, and the kill with it).
READER_BEFORE_KILL_S = (0.02, 0.12)
READERS_AFTER_KILL = (0, 0, 1, 2)


class TrialFailure(AssertionError):
    pass


class AppKilled(Exception):
    """The kill came while an edit was being sent or waited for."""


# --- The database as the trials see it. ---

class Details(collections.namedtuple("Details", "due_day due_minute due_zone notes reminder rrule priority tags "
                                                 "start_day")):
    """What an item holds beside its title and state, as the database keeps it: its due date
    (day as YYYYMMDD, minute of the day, time zone), notes, reminder, repeat rule, priority
    (iCalendar's number, 0 for none), tags (one a line, None for none) and start day (issue 59)."""

    def __repr__(self):
        kept = [f"{field}={value!r}" for field, value in zip(self._fields, self)
                if value not in (None, "") and not (field == "priority" and value == 0)]
        return "{" + " ".join(kept) + "}" if kept else ""


NO_DETAILS = Details(None, None, None, "", None, None, 0, None, None)


class Row(collections.namedtuple("Row", "id title done details parent", defaults=(None,))):
    """An item as the checks see it. In an expected state, `id` is None for an item the edit
    makes (any id matches) and `details` may be a test of the details found, for an edit whose
    exact result the harness cannot know for sure (the day "tomorrow" is, around midnight).
    `parent` is the id of the item it is a subtask of (its `parent_uid` is that item's UID),
    None for an item of the list's top level: one that names no parent, or a parent that is
    not in its list (Flick shows those at the top level too, `ItemTree.promoted`)."""


def read_state(connection):
    """The lists in overview order, each (id, name, items) with its items (Row) in list order:
    what the checks compare."""
    items, parents, uids = {}, {}, {}
    for item_id, list_id, title, completed, uid, parent_uid, *details in connection.execute(
            "SELECT id, list_id, title, completed, uid, parent_uid, due_day, due_minute, due_zone, notes, reminder, "
            "rrule, priority, tags, start_day FROM item ORDER BY list_id, rank, id"):
        items.setdefault(list_id, []).append(Row(item_id, title, int(completed), Details(*details)))
        uids[(list_id, uid)] = item_id
        parents[item_id] = parent_uid
    for list_id, rows in items.items():
        rows[:] = [row._replace(parent=uids.get((list_id, parents[row.id]))) if parents[row.id] else row
                   for row in rows]
    return tuple((list_id, name, tuple(items.get(list_id, ())))
                 for list_id, name in connection.execute("SELECT id, name FROM list ORDER BY rank, id"))


def recently_deleted_count(database):
    """How many entries Recently Deleted holds now, read as another process would."""
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=10)
    try:
        return connection.execute("SELECT count(*) FROM deleted_item").fetchone()[0]
    finally:
        connection.close()


def read_live(database):
    """The state of the database Flick has open, read as another process would."""
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=10)
    try:
        return read_state(connection)
    finally:
        connection.close()


def levels(rows):
    """The rows by level, each in list order: the top level (parent None), then each parent's
    subtasks (issue 32). Flick orders the items of one level among themselves; how the ranks of
    a subtree interleave with the top level's is no order anyone sees."""
    grouped = {}
    for row in rows:
        grouped.setdefault(row.parent, []).append(row)
    return grouped


def top_level(rows):
    """The rows a list's window page shows: its top level."""
    return [row for row in rows if row.parent is None]


def matches(expected, actual):
    """True when `actual` is `expected`, level by level (`levels`), where an id of None (an
    item or list the edit makes) matches any id."""
    if len(expected) != len(actual):
        return False
    for (list_id, name, items), (actual_id, actual_name, actual_items) in zip(expected, actual):
        if list_id not in (None, actual_id) or name != actual_name or len(items) != len(actual_items):
            return False
        expected_levels, actual_levels = levels(items), levels(actual_items)
        if expected_levels.keys() != actual_levels.keys():
            return False
        pairs = [pair for parent, rows in expected_levels.items()
                 if len(rows) == len(actual_levels[parent]) for pair in zip(rows, actual_levels[parent])]
        if len(pairs) != len(items):
            return False
        for row, actual in pairs:
            if row.id not in (None, actual.id) or row.title != actual.title or row.done != actual.done:
                return False
            if not (row.details(actual.details) if callable(row.details) else row.details == actual.details):
                return False
    return True


def describe(state):
    return "\n".join(f"    list {list_id} {name!r}: "
                     + ", ".join(f"{row.id}:{row.title}{'+' if row.done else ''}{describe_details(row.details)}"
                                 f"{f' (subtask of {row.parent})' if row.parent else ''}"
                                 for row in items)
                     for list_id, name, items in state)


def describe_details(details):
    return " (a test of its details)" if callable(details) else repr(details)


def titles_of(state):
    """Every item title of a state, sorted: what an export of it holds."""
    return tuple(sorted(row.title for _, _, items in state for row in items))


def titles_difference(found, expected):
    """How titles printed differ from those expected, in words."""
    missing = collections.Counter(expected) - collections.Counter(found)
    extra = collections.Counter(found) - collections.Counter(expected)
    return (f"{len(found)} titles; against the last state known ({len(expected)}), missing "
            f"{sorted(missing.elements())[:10]}, more {sorted(extra.elements())[:10]}")


def rows_of(state, list_id):
    for candidate, _, items in state:
        if candidate == list_id:
            return items
    return None


def replace_items(state, list_id, items):
    return tuple((lid, name, tuple(items) if lid == list_id else rows) for lid, name, rows in state)


# --- Edits: what to do, and the state it leads to. ---

class Edit:
    """One user action: `expect(state)` is the state it leads to; `level` says which undo
    history it joins ("items", "lists") or that it is an undo ("undo-items", "undo-lists").
    An edit whose target the harness cannot know before it is reported (the key acts on the
    focused row) has `options(state)`, every state it may lead to, until its report sets
    `expect`."""

    def __init__(self, name, expect, level="items", options=None, kind=None):
        self.name = name
        self.expect = expect
        self.level = level
        self.options = options
        # What the summary counts it as, beside the edits: "quick dates", "sinkings", ...
        self.kind = kind

    def possible(self, state):
        return self.options(state) if self.options else [self.expect(state)]

    def __repr__(self):
        return self.name


def with_level(rows, parent, new_level):
    """The list's rows with the level of `parent` (None: the top level) replaced by
    `new_level`, in that order (the comparison is by level, `levels`)."""
    return [row for row in rows if row.parent != parent] + list(new_level)


def insert_item(list_id, index, title, parent=None):
    """A new item at `index` of its level: the list's top level, or the subtasks of `parent`."""
    def expect(state):
        rows = rows_of(state, list_id)
        level = [row for row in rows if row.parent == parent]
        level.insert(index, Row(None, title, 0, NO_DETAILS, parent))
        return replace_items(state, list_id, with_level(rows, parent, level))
    return expect


def subtree_ids(rows, item_id):
    """The ids of the subtasks at every depth below the item, among `rows` (one list's)."""
    below, frontier = set(), {item_id}
    while frontier:
        frontier = {row.id for row in rows if row.parent in frontier and row.id not in below}
        below |= frontier
    return below


def delete_with_subtree(item_id):
    """Delete: the item and its subtasks at every depth go, in the same step (issue 32)."""
    def expect(state):
        result = []
        for list_id, name, rows in state:
            gone = {item_id} | subtree_ids(rows, item_id) if any(row.id == item_id for row in rows) else set()
            result.append((list_id, name, tuple(row for row in rows if row.id not in gone)))
        return tuple(result)
    return expect


def toggle_with_subtree(item_id):
    """Complete or Reopen (`toggled`); completing an item completes its open subtasks at every
    depth in the same step, reopening leaves them (issue 32). A repeating item moved on to its
    next occurrence is not completed, nor are its subtasks."""
    def expect(state):
        result = []
        for list_id, name, rows in state:
            row = next((row for row in rows if row.id == item_id), None)
            if row is None:
                result.append((list_id, name, rows))
                continue
            after = toggled(row)
            below = subtree_ids(rows, item_id) if after.done and not row.done else set()
            result.append((list_id, name, tuple(after if other.id == item_id else
                                                other._replace(done=1) if other.id in below else other
                                                for other in rows)))
        return tuple(result)
    return expect


def selection_completed(list_id, ids, sinking):
    """Space on a selection (issue 60): its items completed, or reopened when all of them were
    completed, each as a Complete or Reopen does (`toggle_with_subtree`: a repeating item moves
    on, subtasks are completed with their item), all in one step; with sinking, the items that
    changed state gather, in their order, just below the last open row that is not one of them
    (`ListDocument.gatheredBelowOpen`)."""
    def expect(state):
        rows = rows_of(state, list_id)
        chosen = [row for row in rows if row.id in ids]
        completing = not all(row.done for row in chosen)
        changing = [row for row in chosen if bool(row.done) != completing]
        for row in changing:
            state = toggle_with_subtree(row.id)(state)
        if not sinking:
            return state
        everything = rows_of(state, list_id)
        top = top_level(everything)
        gathered = {row.id for row in changing}
        settling = [row for row in top if row.id in gathered and bool(row.done) == completing]
        others = [row for row in top if row not in settling]
        place = max((index + 1 for index, row in enumerate(others) if not row.done), default=0)
        return replace_items(state, list_id, with_level(everything, None, others[:place] + settling + others[place:]))
    return expect


def selection_deleted(ids):
    """Delete on a selection (issue 60): every selected item goes with its subtasks at every
    depth, as a Delete of each does (`delete_with_subtree`), all in one step."""
    def expect(state):
        for item_id in ids:
            state = delete_with_subtree(item_id)(state)
        return state
    return expect


def mark_step(list_id, typed, title, **details):
    """One of Flick's steps after storing a title typed with marks ("Item x !high #tag"): the
    row typed (found by its title, as it has no id in the model yet) gets `title` and the
    details given (tags, priority)."""
    def expect(state):
        rows = [row._replace(title=title, details=row.details._replace(**details)) if row.title == typed else row
                for row in rows_of(state, list_id)]
        return replace_items(state, list_id, rows)
    return expect


def change_item(item_id, change):
    """The state with the item's row replaced by `change(row)`, or removed when that is None."""
    def expect(state):
        result = []
        for list_id, name, rows in state:
            new_rows = []
            for row in rows:
                changed = change(row) if row.id == item_id else row
                if changed is not None:
                    new_rows.append(changed)
            result.append((list_id, name, tuple(new_rows)))
        return tuple(result)
    return expect


def move_to_list(item_id, target):
    """Move to…: the item goes to the top of the other list's top level, its subtasks at every
    depth with it, still its subtasks (issue 32)."""
    def expect(state):
        source_rows = next(rows for _, _, rows in state if any(row.id == item_id for row in rows))
        row = next(row for row in source_rows if row.id == item_id)
        below = subtree_ids(source_rows, item_id)
        subtree = tuple(other for other in source_rows if other.id in below)
        removed = delete_with_subtree(item_id)(state)
        return replace_items(removed, target, (row,) + rows_of(removed, target) + subtree)
    return expect


def split_quick_date(list_id, typed, title):
    """Flick's second step after storing "Item x tomorrow": the row typed (found by its title,
    as it has no id in the model yet) becomes "Item x", due tomorrow at no time."""
    def has_a_due_day(details):
        # Tomorrow as Flick saw it, which is today if midnight passed since.
        today = datetime.date.today()
        days = {day_number(today), day_number(today + datetime.timedelta(days=1))}
        return details.due_day in days and details._replace(due_day=None) == NO_DETAILS

    def expect(state):
        rows = [row._replace(title=title, details=has_a_due_day) if row.title == typed else row
                for row in rows_of(state, list_id)]
        return replace_items(state, list_id, rows)
    return expect


# The days a completion moves a repeating item on, for the rules the template gives items.
REPEAT_DAYS = {"FREQ=DAILY": 1, "FREQ=WEEKLY": 7}
# Upcoming's days (issue 59): today and the thirteen after it.
UPCOMING_DAYS = 14
# Down presses that look for an item's row in Upcoming before the step gives up.
UPCOMING_ROWS_LOOKED_AT = 60


def split_quick_start(list_id, typed, title):
    """Flick's second step after storing "Item x from friday" (issue 59): the row typed becomes
    "Item x", starting on that day, three days on; waiting for it, the item goes below the last
    other open item of its list in the same step, as a completed one settles."""
    start = day_number(datetime.date.today() + datetime.timedelta(days=3))

    def expect(state):
        rows = [row._replace(title=title, details=row.details._replace(start_day=start)) if row.title == typed else row
                for row in rows_of(state, list_id)]
        moved = replace_items(state, list_id, rows)
        return settle_row(list_id, lambda row: row.title == title and row.details.start_day == start)(moved)
    return expect


def day_number(date):
    return int(date.strftime("%Y%m%d"))


def date_of(number):
    return datetime.date(number // 10000, number // 100 % 100, number % 100)


def toggled(row):
    """The row after Complete or Reopen. An open repeating item with a due date stays open, due
    on its next day, its reminder at a set time moved as many days."""
    old = row.details
    if row.done or not old.rrule or old.due_day is None:
        return row._replace(done=1 - row.done)
    step = datetime.timedelta(days=REPEAT_DAYS[old.rrule])
    reminder = old.reminder
    if reminder and reminder.startswith("at:"):
        _, day, rest = reminder.split(":", 2)
        reminder = f"at:{day_number(date_of(int(day)) + step)}:{rest}"
    return row._replace(details=old._replace(due_day=day_number(date_of(old.due_day) + step), reminder=reminder))


def moved_to(old, day):
    """The details once their date goes to `day` (postponed, or moved to another day in
    Upcoming): the due date goes there, and the start date and a reminder at a set time move as
    many days; an item with only a start date starts that day; one with neither is due then."""
    if old.due_day is None:
        if old.start_day is not None:
            return old._replace(start_day=day_number(day))
        return old._replace(due_day=day_number(day))
    step = day - date_of(old.due_day)
    reminder = old.reminder
    if reminder and reminder.startswith("at:"):
        _, reminder_day, rest = reminder.split(":", 2)
        reminder = f"at:{day_number(date_of(int(reminder_day)) + step)}:{rest}"
    start = day_number(date_of(old.start_day) + step) if old.start_day is not None else None
    return old._replace(due_day=day_number(day), start_day=start, reminder=reminder)


def postponed(item_id):
    """win.postpone-item (issue 59), to tomorrow (the preference's default): the item goes to
    the day after today, or a day after its own date (due, else start) when that is later, at
    the same time (`moved_to`). Today as Flick saw it may be yesterday if midnight passed since."""
    def postponed_details(old, today):
        tomorrow = today + datetime.timedelta(days=1)
        own_day = old.due_day if old.due_day is not None else old.start_day
        own = date_of(own_day) if own_day is not None else None
        return moved_to(old, own + datetime.timedelta(days=1) if own is not None and own >= tomorrow else tomorrow)

    def change(row):
        old = row.details
        today = datetime.date.today()
        candidates = [postponed_details(old, day) for day in (today, today - datetime.timedelta(days=1))]
        return row._replace(details=lambda details: details in candidates)
    return change_item(item_id, change)


def priority_order(priority):
    """Sort by priority's order (issue 59): high (iCalendar 1-4), medium (5), low (6-9), then none
    (0, or -1 while unread)."""
    if 1 <= priority <= 4:
        return 0
    return 1 if priority == 5 else 2 if 6 <= priority <= 9 else 3


SORT_KEYS = {
    # Earliest first, undated last; on a day, a date alone before the timed items.
    "due-date": lambda row: (row.details.due_day is None, row.details.due_day or 0,
                             row.details.due_minute is not None, row.details.due_minute or 0),
    "priority": lambda row: priority_order(row.details.priority),
}


def sorted_once(list_id, order):
    """Sort once (issue 59, `win.sort-by-…`): the open items of the list's top level take, in
    the order's sequence (equals keeping theirs), the places open items held; the completed ones
    stay where they are."""
    def expect(state):
        everything = rows_of(state, list_id)
        rows = top_level(everything)
        places = [index for index, row in enumerate(rows) if not row.done]
        arranged = sorted((rows[index] for index in places), key=SORT_KEYS[order])
        for index, row in zip(places, arranged):
            rows[index] = row
        return replace_items(state, list_id, with_level(everything, None, rows))
    return expect


def settle(list_id, item_id):
    """Sinking's move after a completion (DESIGN 2.7, `ListDocument.settle`): a completed item
    goes below the open ones, a reopened one to their end; that is, just below the last other
    open item (to the top when there is none)."""
    return settle_row(list_id, lambda row: row.id == item_id)


def settle_row(list_id, is_the_row):
    """`settle` of the first row of the list's top level that `is_the_row` (a new item has no
    id in the model yet)."""
    def expect(state):
        everything = rows_of(state, list_id)
        rows = top_level(everything)
        index = next(index for index, row in enumerate(rows) if is_the_row(row))
        row = rows.pop(index)
        last_open = max((place for place, other in enumerate(rows) if not other.done), default=-1)
        rows.insert(last_open + 1, row)
        return replace_items(state, list_id, with_level(everything, None, rows))
    return expect


def below_last_open(rows):
    """The place just below the last open row (0 when none is open)."""
    return max((index + 1 for index, row in enumerate(rows) if not row.done), default=0)


def swaps_with_the_next(rows, index):
    """Whether Alt+Down on rows[index] swaps it with the next row while completed items sink.
    Flick stops a move at the line between the open and the completed items
    (ListDocument.indexKeepingCompletedBelow): an open item no lower than just below the last
    other open one, a completed one no higher."""
    others = [other for other, row in enumerate(rows) if other != index and not row.done]
    last_open = others[-1] if others else None
    if not rows[index].done:
        return last_open is not None and last_open > index
    return last_open is None or last_open < index or last_open == index + 1


def swap_rows(list_id, index):
    """Alt+Down on the top-level row at `index`."""
    def expect(state):
        everything = rows_of(state, list_id)
        rows = top_level(everything)
        rows[index], rows[index + 1] = rows[index + 1], rows[index]
        return replace_items(state, list_id, with_level(everything, None, rows))
    return expect


# --- The accessible tree: what the window shows. ---

# A row's accessible name (ItemSpeech): its title, its state, then what it has, in English.
ROW_NAME = re.compile(r"(?P<title>.*?), (?P<state>not completed|completed)"
                      r"(, (due .*|overdue|not started|starts .*|high priority|has notes|has a reminder|repeats|tags: .*"
                      r"|\d+ of \d+ subtasks? done|selected))*")


def item_row_nodes(pid):
    """The accessible objects of the item rows shown, as (title, done, accessible), and the
    list's scrolled area, read through AT-SPI, each row by its accessible name (ROW_NAME).
    Lighter than flickapp's full walk (no text, no extents, nothing below a row), as it runs
    several times an edit."""
    rows, panes = [], []
    app = application(pid)
    names_list_items = app is not None and toolkit_version(app) >= (4, 12)

    def visit(node, _depth):
        role, name = node.getRoleName(), node.name or ""
        # The row's name is on its list item from GTK 4.12 (Flick names the GtkListItem), on the
        # row's slide box (a filler) below it on GTK 4.8, whose list items have a name of their own.
        if role == ("list item" if names_list_items else "filler"):
            row = ROW_NAME.fullmatch(name)
            if row:
                rows.append((row["title"], int(row["state"] == "completed"), node))
                return False
        if role == "scroll pane":
            panes.append(node)
        return True
    walk(app, visit, max_depth=40)
    return rows, panes


def has_focus(pid, name):
    """True when the accessible named `name` has the keyboard focus. A popover's field is in
    the tree before its surface is mapped and takes the focus: keys typed in between go to the
    window behind it."""
    focused = pyatspi_module().STATE_FOCUSED
    # Several accessibles may have the name (a field and its label): is one of them focused?
    return find(application(pid), lambda node: node.name == name and node.getState().contains(focused)) is not None


def row_has_notes(pid, title):
    """True when the row of `title` says it has notes (ItemSpeech)."""
    rows, _ = item_row_nodes(pid)
    return any(shown == title and ", has notes" in (node.name or "") for shown, _, node in rows)


def shown_rows(pid):
    """The item rows the window shows, as (title, done)."""
    rows, _ = item_row_nodes(pid)
    return [(title, done) for title, done, _ in rows]


def shown_row_places(pid):
    """(title, done, (x, y)) of each item row shown whole inside the list's scrolled area, with
    the point to click: at the start of its title (ROW_CLICK_X), half way down, on the screen
    (accessible.screen_extents)."""
    rows, panes = item_row_nodes(pid)
    if not panes:
        return []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pyatspi's own deprecation warnings.
        return _places(rows, panes)


def _places(rows, panes):
    try:
        origin = window_origin(top_level_of(panes[0]))
        _, pane_y, _, pane_height = screen_extents(panes[0], origin)
        # The undo notice ("Deleted …", Undo) covers the bottom of the list for a while: a
        # click there would reach it, not a row.
        top, bottom = pane_y, pane_y + pane_height - NOTICE_PX
        places = []
        for title, done, node in rows:
            x, y, _, height = screen_extents(node, origin)
            if y >= top and y + height <= bottom and height > 0:
                places.append((title, done, (x + ROW_CLICK_X, y + height // 2)))
        return places
    except Exception:
        return []  # A row went away while being read: read again.


def shown_list_names(pid):
    """The list names the overview shows, in order (the first label of each of its rows, less
    the rows of Today and Upcoming before them and of Recently Deleted after)."""
    names, in_row = [], False
    for node in accessible_nodes(pid):
        if node["role"] == "list item":
            in_row = True
        elif in_row and node["role"] == "label":
            names.append(node["text"])
            in_row = False
    return names[2:-1]


def focused_row_name(pid):
    """The accessible name of the focused row (a row's name is its first child's), or ""."""
    states = pyatspi_module()
    found = []

    def visit(node, _depth):
        if found:
            return False
        if node.getRole() == states.ROLE_LIST_ITEM and node.getState().contains(states.STATE_FOCUSED):
            found.append(node.name or (node.getChildAtIndex(0).name if node.childCount else ""))
            return False
        return True
    walk(application(pid), visit)
    return found[0] if found else ""


def reader_generator(seed):
    """The generator of a chain's second processes (Chain.plan_readers), apart from its edits'."""
    return random.Random(f"second process {seed}")


# --- One chain of trials. ---

class Chain:
    """Trials on one data folder, all choices drawn from one seeded generator."""

    def __init__(self, seed, template, bus, stats, log=print, verbose=False):
        self.seed = seed
        self.verbose = verbose
        self.random = random.Random(seed)
        self.template = template
        self.bus = bus
        self.stats = stats
        self.log = log
        # Half the chains with completed items sinking below the open ones (the default), half
        # with them staying in place: by the seed's parity, so that any two chains in a row try
        # both (drawn at random, `make check`'s 7 chains were all one kind once in 64 runs) and
        # a replay of a chain's seed does what the chain did.
        self.random.random()  # The draw that once chose it: the choices after it stay as they were.
        self.sinking = seed % 2 == 0
        self.app = FlickApp(settings={"completed-items-sink": "true" if self.sinking else "false",
                                      "window-height": str(WINDOW_HEIGHT_PX)})
        shutil.copy(template / "flick.sqlite", self.app.data_dir / "flick.sqlite")
        self.database = self.app.data_dir / "flick.sqlite"
        self.state = read_live(self.database)
        self.uids = {}
        self.synced = synced_resources(self.database)
        self.calendar_lists = {resource["list"] for resource in self.synced.values()}
        self.helpers = []  # `flick --add` and `--restore` processes, killed with the app.
        # Items this chain deleted alone (no subtasks, at the top level), by title, with their
        # list: what `flick --restore` may put back (`cli_restore`).
        self.deleted = {}
        self.last_click_offset = None  # See click_row.
        self.titles_seen = {row.title for _, _, items in self.state for row in items}
        self.dated_in_trial = False  # See dated_draw.
        # The second processes' moments and commands (issue 53, point 5) come from a generator
        # of their own, seeded from the chain's seed: a replay repeats them, and the edits each
        # seed chose before there were readers stay as they were.
        self.reader_random = reader_generator(seed)
        self.readers, self.reader_timers = [], []

    def close(self):
        self.stop_starting_readers()
        self.app.kill()
        for reader in self.readers:
            reader.finish()
        self.app.cleanup()

    def keep_files(self):
        """Copies the data folder (the database as the failing trial left it) and Flick's
        output somewhere the clean-up leaves alone, for a look after a failure."""
        kept = Path(tempfile.mkdtemp(prefix=f"flick-kill-failure-{self.seed}-"))
        for source in list(self.app.data_dir.iterdir()) + [self.app.log_path]:
            if source.is_file():
                shutil.copy(source, kept / source.name)
        return kept

    # --- Names and choices. ---

    def word(self, length=5):
        return "".join(self.random.choice(CONSONANTS) for _ in range(length))

    def new_title(self, dated=False):
        """A new title; `dated` ends it in a date phrase, a due date's or, one in four, a start
        date's. Otherwise consonants only: no word Flick's quick dates would read as a date
        ("fri", "mon")."""
        self.dated_in_trial |= dated
        phrase = (quick_start_phrase() if self.random.random() < 0.25 else QUICK_DATE) if dated else ""
        title = f"Item {self.word()}" + phrase
        self.titles_seen.add(title)
        return title

    def dated_draw(self):
        """Whether an added title ends in a date: three in ten, and a trial's first addition
        always (`make check`'s twelve trials once reported no quick date at all). Ctrl+N's
        typed titles draw too: chain 500633 added by Ctrl+N only, 8 trials without a D-Bus or
        command-line addition, and reported no quick date on Debian 12 and 13."""
        return self.random.random() < 0.3 or not self.dated_in_trial

    def new_list_name(self):
        return f"List {self.word(4).upper()}"

    # --- A trial: start, check what is shown, burst, kill, check the files. ---

    def run_trial(self, number):
        started = time.monotonic()
        if self.verbose:
            self.log(f"trial {number + 1} of chain {self.seed}")
        at_start, in_burst, before_kill, after_kill = self.plan_readers(number)
        self.readers, self.reader_timers = [], []
        self.titles_in_trial, self.names_in_every_state = set(), None
        self.dated_in_trial = False
        self.passed_through(self.state)
        if at_start:
            self.start_reader_in(*at_start, "at a start", "started with Flick")
        self.app.start()
        self.check_nothing_set_aside("when Flick started")
        self.check_shown()
        self.open_list = self.window_list()
        self.view = "list"
        self.undo_items, self.undo_lists, self.redo_items, self.redo_lists = [], [], [], []
        self.in_flight = []
        killer = self.killer = self.schedule_kill()
        for delay, choice in in_burst:
            self.start_reader_in(delay, choice, "in a burst", f"started {delay:.2f} s into the burst")
        if self.kill_delay is not None:
            ahead, choice = before_kill
            self.start_reader_in(max(0.0, self.kill_delay - ahead), choice, "in a burst",
                                 f"started {ahead:.2f} s before the kill")
        edits = 0
        try:
            for _ in range(self.random.randint(3, 10)):
                edits += self.perform_one()
                if killer.fired.is_set():
                    break
            self.kill_now(killer)
        except AppKilled:
            pass
        except TrialFailure:
            raise
        except Exception:
            # An edit cut short by the kill may fail in any way (a D-Bus error, a vanished
            # window); any other error is the harness's own and is raised.
            if not killer.fired.is_set():
                raise
        killer.cancel()
        self.kill_now(killer)
        checked = self.check_after_kill()
        self.check_readers()
        self.read_after_kill(after_kill)
        self.check_nothing_set_aside("after the trial")
        self.stats["trials"] += 1
        self.stats["edits"] += edits
        self.stats["checked"] += checked
        self.stats["seconds"] += time.monotonic() - started

    def schedule_kill(self):
        """How this trial's kill comes: a timer at a random moment of the burst; or during a
        D-Bus call, 0-30 ms after one is sent (a commit takes a few ms, the call about 20);
        or right after the burst's last reported edit."""
        self.kill_mode = self.random.choice(["timer", "timer", "in a call", "after the burst"])
        self.stats["kills " + self.kill_mode] += 1
        delay = self.kill_delay = self.random.uniform(0.05, 2.5) if self.kill_mode == "timer" else None
        return Killer(self.app.process, delay, on_kill=self.note_readers_at_kill)

    def kill_now(self, killer):
        killer.kill_now()
        self.app.process.wait(timeout=10)
        self.stop_starting_readers()
        # A `flick --add` that outlived the kill could become the primary instance and write
        # after it: it goes too, before the files are read.
        for helper in self.helpers:
            if helper.poll() is None:
                helper.kill()
            helper.wait(timeout=10)
        self.helpers = []

    # --- A second Flick process on the folder (issue 53, point 5). ---

    def plan_readers(self, number):
        """Trial `number`'s readers, all drawn at its start from the chain's own generator for
        them: (delay, choice) of one started with Flick, or None; (delay, choice) of each started
        in the burst; (seconds before the kill, choice) of one started before a kill set for a
        moment; and the choices of those that read the files the kill left, at once. A
        choice is (kind, a fraction that picks the list `--list NAME` names).

        A chain's first trial reads the files its kill left with `--export` among the others,
        drawn or not: those readers always run, where one in a burst starts only if the burst
        lasts until its moment, and a burst ends at its kill or its last edit, however soon
        that comes (chain 427966 drew its exports 1.0 s to 2.3 s into bursts that ended
        sooner, on Debian 12 and 13 alike, and compared none)."""
        draw = self.reader_random

        def choice():
            return draw.choice(KINDS), draw.random()
        at_start = (draw.uniform(0, READER_AT_START_S), choice()) if draw.random() < READER_AT_START_SHARE else None
        in_burst = [(draw.uniform(0, READERS_IN_BURST_S), choice()) for _ in range(draw.randint(0, READERS_IN_BURST))]
        before_kill = (draw.uniform(*READER_BEFORE_KILL_S), choice())
        after_kill = [choice() for _ in range(draw.choice(READERS_AFTER_KILL))]
        if number == 0 and all(kind != "export" for kind, _ in after_kill):
            after_kill.append(("export", 0.0))  # No draw: the chain's later choices stay as they were.
        return at_start, in_burst, before_kill, after_kill

    def start_reader(self, choice, moment, when):
        """Starts `flick --list`, `--list NAME` (a list of the state last known), `--list today`
        or `--export` on the data folder, as a second process; `moment` is what the summary
        counts it as, `when` says it in a failure."""
        kind, fraction = choice
        names = [name for _, name, _ in self.state]
        self.stats[f"readers {moment}"] += 1
        return Reader(self.app.data_dir, self.app.launch_environment(), kind,
                      list_name=names[int(fraction * len(names))] if names else "", when=when)

    def start_reader_in(self, delay, choice, moment, when):
        """A reader started `delay` seconds from now, on a timer thread."""
        timer = threading.Timer(delay, lambda: self.readers.append(self.start_reader(choice, moment, when)))
        timer.daemon = True
        timer.start()
        self.reader_timers.append(timer)

    def stop_starting_readers(self):
        """No reader starts after this; one being started is there when it returns."""
        for timer in self.reader_timers:
            timer.cancel()
            timer.join()
        self.reader_timers = []

    def note_readers_at_kill(self):
        """Right after the SIGKILL (on the killer's thread): the readers running then must end
        well all the same."""
        for reader in list(self.readers):
            if reader.running():
                reader.when += ", still running at the kill"
                self.stats["readers running at a kill"] += 1

    def passed_through(self, state):
        """Notes a state the database held (or may have held) during the trial: a reader's
        snapshot must be one of them."""
        self.titles_in_trial.add(titles_of(state))
        names = {name for _, name, _ in state}
        self.names_in_every_state = names if self.names_in_every_state is None else self.names_in_every_state & names

    def check_readers(self):
        """The readers started with Flick and in the burst, waited for: each ended well, and an
        export printed the titles of a state the database passed through (checked once the
        kill's check has found which edits in flight were applied)."""
        for reader in self.readers:
            reader.finish()
            if self.verbose:
                self.log(f"  {reader.command} ({reader.when}): exit {reader.status}")
            if reader.missing_list() and reader.list_name not in self.names_in_every_state:
                self.stats["readers finding their list gone"] += 1  # Deleted or renamed meanwhile.
                continue
            if problem := reader.problem():
                raise TrialFailure(f"a second Flick process failed: {problem}")
            if reader.kind == "export":
                titles = tuple(sorted(exported_titles(reader.output)))
                if titles not in self.titles_in_trial:
                    raise TrialFailure(f"{reader.command} ({reader.when}) printed the titles of no state the database "
                                       f"passed through: {titles_difference(titles, titles_of(self.state))}")
                self.stats["exports compared"] += 1
        self.readers = []

    def read_after_kill(self, choices):
        """Readers on the files the kill left (the log not yet checkpointed), before the next
        start, all at once: each ends well, an export prints exactly the titles the check
        found, and no file changes (the WAL index aside, which a reader may rebuild)."""
        if not choices:
            return
        before = folder_contents(self.app.data_dir)
        readers = [self.start_reader(choice, "after a kill", "on the files the kill left") for choice in choices]
        for reader in readers:
            if problem := reader.finish().problem():
                raise TrialFailure(f"a second Flick process failed: {problem}")
            if reader.kind == "export":
                titles = tuple(sorted(exported_titles(reader.output)))
                if titles != titles_of(self.state):
                    raise TrialFailure(f"{reader.command} ({reader.when}) printed other titles than the files hold: "
                                       f"{titles_difference(titles, titles_of(self.state))}")
                self.stats["exports compared"] += 1
        after = folder_contents(self.app.data_dir)
        if after != before:
            changed = sorted(name for name in before.keys() | after.keys() if before.get(name, 0) != after.get(name, 0))
            raise TrialFailure(f"reading the files the kill left with {[reader.command for reader in readers]} "
                               f"changed {changed}: before {sorted(before)}, after {sorted(after)}")

    def check_nothing_set_aside(self, when):
        kept = set_aside(self.app.data_dir)
        if kept:
            raise TrialFailure(f"{when}, a file of the data folder was set aside as unreadable: {kept}")

    # --- Performing edits. ---

    def perform_one(self):
        """Chooses an edit that applies in the window's current view, performs it and checks
        the database against the model once it is reported; returns how many edits that was
        (none for a step that only goes to another list)."""
        choice = self.choose()
        if choice is None:
            return 0
        edits, action = choice
        if self.verbose:
            self.log(f"  {self.view} of list {self.open_list}: {edits or action.__qualname__}")
        before = self.state
        self.in_flight = edits
        action()
        # Reported: the database must hold exactly what the edits lead to.
        expected = before
        for edit in edits:
            expected = edit.expect(expected)
            self.passed_through(expected)
        after = read_live(self.database)
        if not matches(expected, after):
            raise TrialFailure(f"after {edits} was reported committed, the database differs from the model\n"
                               f"  expected:\n{describe(expected)}\n  found:\n{describe(after)}")
        self.remember_uids()
        for edit in edits:
            if edit.kind:
                self.stats[edit.kind] += 1
            self.follow_undo(edit, before)
            before = edit.expect(before)
        self.in_flight = []
        self.state = after
        self.forget_returned()
        if rows_of(after, self.open_list) is None:
            # The list the window held is gone: it holds the first list's items instead.
            self.open_list = after[0][0]
        return len(edits)

    def follow_undo(self, edit, before):
        """Keeps the states an undo or a redo would lead to. Only a run of edits of one level
        with nothing else between is tracked, so an undo's expected state is exactly the state
        before the edit it undoes, and a redo's the state before that undo. After an edit whose
        undo steps the harness cannot count ("untracked"), both runs start again: the lists' too,
        since a state kept from before it would undo it as well (seed 664433: a note typed
        between a list's rename and Ctrl+Z on the lists, which undoes the rename only)."""
        if edit.level == "untracked":
            self.undo_items, self.redo_items = [], []
            self.undo_lists, self.redo_lists = [], []
        elif edit.level in ("items", "lists"):
            self.undo_items = self.undo_items + [before] if edit.level == "items" else []
            self.undo_lists = self.undo_lists + [before] if edit.level == "lists" else []
            self.redo_items, self.redo_lists = [], []
        elif edit.level == "undo-items":
            self.undo_items.pop()
            self.redo_items.append(before)
        elif edit.level == "undo-lists":
            self.undo_lists.pop()
            self.redo_lists.append(before)
        elif edit.level == "redo-items":
            self.redo_items.pop()
            self.undo_items.append(before)
        elif edit.level == "redo-lists":
            self.redo_lists.pop()
            self.undo_lists.append(before)

    def choose(self):
        """An applicable edit, at random by weight: (edits, action) or None."""
        options = []
        everything = rows_of(self.state, self.open_list)
        rows = top_level(everything)
        n = len(rows)
        parents = {row.parent for row in everything} - {None}
        if self.view == "list":
            if n < MAX_ITEMS:
                options += [(4, self.dbus_add), (1, self.cli_add), (2, self.key_new_item), (1, self.key_new_item_marked)]
            if n and len(everything) < 2 * MAX_ITEMS:
                options.append((2, self.key_add_subtask))
            if parents & {row.id for row in rows}:
                options += [(2, self.key_toggle_parent), (1, self.key_delete_parent)]
            if n and n < MAX_ITEMS:
                options.append((2, self.key_insert_between))
            if n:
                options += [(3, self.dbus_toggle), (3, self.dbus_delete), (2, self.key_toggle), (2, self.key_delete),
                            (2, self.key_rename), (1, self.key_notes), (1, self.dbus_postpone)]
            if n >= 2:
                options += [(1, self.key_move_down), (1, self.dbus_sort), (1, self.key_select_and_complete)]
            if n >= 2:
                options.append((1, self.key_select_and_delete))
            if self.upcoming_candidates():
                options.append((1, self.upcoming_day_later))
            if self.restorable():
                options += [(1, self.cli_restore), (1, self.empty_recently_deleted)]
            if n and self.move_targets():
                options.append((2, self.move_to_other_list))
            if any(row.id in parents for row in rows if row.id in levels(everything)):
                options.append((1, self.key_add_deeper_subtask))
            if any(row.done for row in rows):
                options.append((2 if any(row.done and row.id in parents for row in rows) else 1, self.clear_completed))
            if self.undo_items:
                options += [(3, self.dbus_undo), (3, self.key_undo)]
            if self.redo_items:
                options += [(2, self.dbus_redo), (2, self.key_redo)]
            options += [(1, self.go_to_overview), (1, self.open_other_list)]
        else:
            if self.undo_lists:
                options.append((4, self.key_undo))
            if self.redo_lists:
                options.append((3, self.key_redo))
            if n < MAX_ITEMS:
                options.append((1, self.dbus_add))
            options.append((2, self.open_other_list))
            if len(self.state) > 1:
                options.append((1, self.key_delete_list))
            options.append((1, self.rename_list))
        if len(self.state) < 6:
            options.append((1, self.key_new_list))
        if len(self.state) > 2:
            options.append((1, self.dbus_delete_list))
        if any(not row.done for _, _, items in self.state for row in items):
            options.append((1, self.dbus_complete_list))
        total = sum(weight for weight, _ in options)
        pick = self.random.uniform(0, total)
        for weight, option in options:
            pick -= weight
            if pick <= 0:
                return option()
        return options[-1][1]()

    def pick_shown_row(self, last_allowed=False, where=lambda row: True):
        """A row of the open list the window shows whole, for a click: (index in the list,
        row, point to click). Read through AT-SPI, because the list scrolls to the focused row
        and a row's place on the screen moves with it. None if no row (`where` allows) is shown."""
        rows = top_level(rows_of(self.state, self.open_list))
        places = self.settled_places(rows)
        candidates = [(index, row) for index, row in enumerate(rows)
                      if row.title in places and (last_allowed or index < len(rows) - 1) and where(row)]
        if not candidates:
            return None
        index, row = self.random.choice(candidates)
        return index, row, places[row[1]]

    def settled_places(self, rows):
        """Title -> point of the rows shown, once two readings 80 ms apart agree and show the
        rows in the database's order: right after a change the rows are laid out at the next
        frame, and a point read before that would hit the row that moves there."""
        order = {row.title: index for index, row in enumerate(rows)}
        previous = None
        for _ in range(20):
            places = shown_row_places(self.app.process.pid)
            indices = [order.get(title) for title, _, _ in sorted(places, key=lambda place: place[2][1])]
            in_order = None not in indices and indices == list(range(indices[0], indices[0] + len(indices))) \
                if indices else False
            if in_order and places == previous:
                return {title: point for title, _, point in places}
            previous = places
            time.sleep(0.08)
        return {}

    def pick_row(self):
        """Any row of the open list's top level (the window's), for the edits that name their
        item by id."""
        rows = top_level(rows_of(self.state, self.open_list))
        index = self.random.randrange(len(rows))
        return index, rows[index]

    # D-Bus and the command line.

    def activate(self, path, action, parameter=None):
        self.input_dbus(lambda: self.bus.activate(path, action, parameter))

    def input_dbus(self, call):
        """Makes a D-Bus call; it fails (no reply) when the app is killed before it replies."""
        if self.kill_mode == "in a call" and self.random.random() < 0.4:
            self.killer.arm(self.random.uniform(0, 0.03))
        try:
            call()
        except Exception:
            if self.app.process.poll() is not None:
                raise AppKilled()
            raise

    def dbus_add(self):
        count = self.random.choice([1, 1, 1, 2, 3])
        room = MAX_ITEMS - len(top_level(rows_of(self.state, self.open_list)))
        titles = [self.new_title(dated=self.dated_draw()) for _ in range(min(count, room))]
        edits = [edit for title in titles for edit in self.added("app.add-item", title)]

        def action():
            # Several calls pipelined on one connection: their replies come back in order.
            self.input_dbus(lambda: self.bus.activate_many(APP_PATH, [("add-item", ("s", t)) for t in titles]))
        return edits, action

    def cli_add(self):
        title = self.new_title(dated=self.dated_draw())

        def action():
            self.command_line("--add", title)
        return self.added("flick --add", title), action

    def empty_recently_deleted(self):
        """Empty in the Recently Deleted window (issue 57), with the keyboard: the window opened
        by its action, Alt+E, Alt+E again in the question. Every entry goes for good in one
        statement: a kill leaves them all or none. The lists do not change; the window's undo
        runs start again (the model does not follow what an undo does to an emptied entry)."""
        before = recently_deleted_count(self.database)
        edit = Edit("Empty Recently Deleted", lambda state: state, level="untracked", kind="emptied")

        def all_or_none(connection):
            left = connection.execute("SELECT count(*) FROM deleted_item").fetchone()[0]
            if left not in (0, before):
                raise TrialFailure(f"Empty in flight at the kill left {left} of the {before} entries of Recently Deleted")
        edit.check_after_kill = all_or_none

        def action():
            self.activate(WINDOW_PATH, "recently-deleted")
            self.wait_shown(lambda: "Recently Deleted" in self.app.window_names(), "the Recently Deleted window")
            self.keys("alt+e")
            self.wait_shown(lambda: "Empty Recently Deleted?" in self.app.window_names(), "the question")
            self.keys("alt+e")
            self.wait_shown(lambda: recently_deleted_count(self.database) == 0, edit)
            self.deleted.clear()
            self.keys("Escape")
            self.wait_shown(lambda: "Recently Deleted" not in self.app.window_names(), "the window closed")
            self.input(lambda: subprocess.run(["xdotool", "windowfocus", str(self.app.window)], check=True,
                                              capture_output=True))
            time.sleep(0.2)
        return [edit], action

    def remember_deleted(self, row):
        """Notes an item about to be deleted, for `cli_restore`, if it goes alone."""
        rows = rows_of(self.state, self.open_list) or ()
        if row.parent is None and not subtree_ids(rows, row.id):
            self.deleted[row.title] = (self.open_list, row)

    def forget_returned(self):
        """Forgets the deletions whose item is in a list again: an undo brings an item back and
        takes it out of Recently Deleted, and a delete in flight at a kill may not have happened.
        By id, not by title: the item may be renamed afterwards and its old title is then in no
        list, yet not in Recently Deleted (seed 186962: 'Item jzqrq' deleted, the delete undone,
        the item renamed 'Item gczvv', then `flick --restore 'Item jzqrq'` found nothing)."""
        present = {row.id for _, _, items in self.state for row in items}
        for title in [title for title, (_, row) in self.deleted.items() if row.id in present]:
            del self.deleted[title]

    def restorable(self):
        """Items deleted by this chain and in Recently Deleted now: remembered (`forget_returned`
        drops those back in a list), in no list by their title, their list still there with room
        for one more (MAX_ITEMS)."""
        present = {row.title for _, _, items in self.state for row in items}
        lists = {list_id for list_id, _, _ in self.state if self.has_room(list_id)}
        return [(title, list_id, row) for title, (list_id, row) in sorted(self.deleted.items())
                if title not in present and list_id in lists]

    def has_room(self, list_id):
        """Whether the list's top level holds fewer than MAX_ITEMS items: an edit that puts an
        item into a list other than the window's (a move, a restore) checks this as adding in
        the window does, so that no list outgrows the window (WINDOW_HEIGHT_PX)."""
        return len(top_level(rows_of(self.state, list_id) or ())) < MAX_ITEMS

    def move_targets(self):
        """The lists the open list's items may move to: every other one with room."""
        return [(list_id, name) for list_id, name, _ in self.state
                if list_id != self.open_list and self.has_room(list_id)]

    def cli_restore(self):
        """`flick --restore TITLE` from a second process while Flick runs (issue 57): the item
        comes back in its list, at its rank when no item holds it, else at the top; the harness
        cannot know which, so any place of the list's top level is possible until the database
        shows the one it took. Another program's edit: no undo of the window's takes it back."""
        title, list_id, row = self.random.choice(self.restorable())
        back = Row(None, title, row.done, row.details)

        def at(index):
            def expect(state):
                rows = rows_of(state, list_id)
                level = top_level(rows)
                level.insert(index, back)
                return replace_items(state, list_id, with_level(rows, None, level))
            return expect

        places = [at(index) for index in range(len(top_level(rows_of(self.state, list_id))) + 1)]
        edit = Edit(f"flick --restore {title!r}", places[0], level="untracked", kind="restored",
                    options=lambda state: [place(state) for place in places])

        def action():
            before = self.state
            # Forgotten before the call, applied or not: a restored item renamed later has its
            # title in no list, yet it is not in Recently Deleted (chain 590719 restored it twice).
            del self.deleted[title]
            self.command_line("--restore", title)
            found = read_live(self.database)
            edit.expect = next((place for place in places if matches(place(before), found)), places[0])
            edit.options = None
            if self.view == "list" and list_id == self.open_list:
                # `flick --restore` writes from a process of its own; the window takes the write
                # in from the file (ExternalWriteWatch) a moment later, and a key pressed before
                # then acts on the rows it showed (seed 186962: Ctrl+N right after the restore
                # put its item below the restored one, not at the top the model expects).
                pid = self.app.process.pid
                self.wait_shown(lambda: title in {shown for shown, _ in shown_rows(pid)}, "the restored item")
        return [edit], action

    def command_line(self, option, text):
        """`flick OPTION TEXT` from a second process, which hands it to the running Flick; exit
        status 0 is committed. A Flick killed during the call leaves the second one without a
        reply (GDBus's NoReply, exit status 1) before the kill is seen here: that is the kill."""
        helper = subprocess.Popen([str(built_binary()), "--data-dir", str(self.app.data_dir), option, text],
                                  env=dict(os.environ, **self.app.extra_env),
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.helpers.append(helper)
        _, said = helper.communicate(timeout=30)
        if self.app.process.poll() is not None or (helper.returncode != 0 and self.killer.fired.is_set()):
            raise AppKilled()
        if helper.returncode != 0:
            raise TrialFailure(f"flick {option} {text!r} exited with {helper.returncode} while Flick ran, saying: {said.strip()!r}")

    def added(self, how, title):
        """The edits of adding `title` at the top: the item stored as typed, then, for a title
        ending in a date, the date taken off as a step of its own (both before the reply)."""
        edits = [Edit(f"{how} {title!r}", insert_item(self.open_list, 0, title))]
        if title.endswith(QUICK_DATE):
            short = title[: -len(QUICK_DATE)]
            edits.append(Edit(f"quick date of {short!r}", split_quick_date(self.open_list, title, short),
                              kind="quick dates"))
        elif title.endswith(quick_start_phrase()):
            short = title[: -len(quick_start_phrase())]
            edits.append(Edit(f"quick start of {short!r}", split_quick_start(self.open_list, title, short),
                              kind="quick starts"))
        return edits

    def toggle_edits(self, how, row):
        """Complete or Reopen, then, when completed items sink and the item is not where its new
        state puts it, its move there, in the same undo step (so not an undo step of its own)."""
        repeats = not row.done and row.details.rrule and row.details.due_day is not None
        edits = [Edit(f"{how} {row.title!r}", toggle_with_subtree(row.id),
                      kind="repeating items completed" if repeats else None)]
        if self.sinking:
            after = edits[0].expect(self.state)
            moved = toggled(row)
            settled = settle(self.open_list, row.id)(after)
            if moved.done != row.done and \
                    top_level(rows_of(settled, self.open_list)) != top_level(rows_of(after, self.open_list)):
                edits.append(Edit(f"sinking of {row.title!r}", settle(self.open_list, row.id), level="settle",
                                  kind="sinkings"))
        return edits

    def dbus_toggle(self):
        _, row = self.pick_row()
        edits = self.toggle_edits("win.toggle-complete-item", row)

        def action():
            self.activate(WINDOW_PATH, "toggle-complete-item", ("x", row.id))
            if len(edits) > 1:
                # The reply comes with the completion; the move follows a moment later.
                self.wait_rows(edits, edits[-1])
        return edits, action

    def dbus_postpone(self):
        """The menu's Postpone, by its action (issue 59): one undoable step."""
        rows = [row for row in top_level(rows_of(self.state, self.open_list)) if not row.done]
        if not rows:
            return None
        row = self.random.choice(rows)
        edit = Edit(f"win.postpone-item {row.title!r}", postponed(row.id), kind="items postponed")
        return [edit], lambda: self.activate(WINDOW_PATH, "postpone-item", ("x", row.id))

    def upcoming_candidates(self):
        """Open items of the open list that Upcoming shows a day before its last (so that a
        day later is still in it), whose title no other item has (the row is found by it),
        without a start date (a day later, one could start to wait, and sink)."""
        today = datetime.date.today()
        titles = collections.Counter(row.title for _, _, items in self.state for row in items)
        last = today + datetime.timedelta(days=UPCOMING_DAYS - 2)
        return [row for row in top_level(rows_of(self.state, self.open_list))
                if not row.done and titles[row.title] == 1 and row.details.due_day is not None
                and row.details.start_day is None and today <= date_of(row.details.due_day) <= last]

    def upcoming_day_later(self):
        """Alt+Down on an item in Upcoming (issue 59): due a day later, as a drop under the next
        day's heading is (`moved_to`), one undoable step whose notice ("Moved to …") is the
        report. Upcoming is opened with Ctrl+U and the row reached with Down, read through
        AT-SPI; the list is opened again by its number after, and its undo history starts again."""
        row = self.random.choice(self.upcoming_candidates())
        day = date_of(row.details.due_day) + datetime.timedelta(days=1)
        edit = Edit(f"Alt+Down in Upcoming on {row.title!r}",
                    change_item(row.id, lambda old: old._replace(details=moved_to(old.details, day))),
                    level="untracked", kind="moved a day in Upcoming")
        number = [list_id for list_id, _, _ in self.state].index(self.open_list) + 1
        pid = self.app.process.pid

        def action():
            self.keys("ctrl+u")
            self.wait_shown(lambda: self.app.title() == "Upcoming", "Upcoming")
            for _ in range(UPCOMING_ROWS_LOOKED_AT):
                if self.app.process.poll() is not None:
                    raise AppKilled()
                if focused_row_name(pid).startswith(row.title + ", "):
                    break
                self.keys("Down")
            else:
                raise TrialFailure(f"Upcoming shows no row of {row.title!r}")
            self.keys("alt+Down")
            self.wait_shown(lambda: any(text.startswith("Moved to ") for text in accessible_strings(pid)), edit)
            self.undo_items, self.redo_items = [], []
            if number <= 9:
                self.keys(f"ctrl+{number}")
                self.wait_shown(lambda: self.app.title() != "Upcoming", "the list again")
            else:
                self.keys("alt+Left")
                self.wait_shown(lambda: self.app.title() == "Lists", "the lists")
                self.view = "overview"
        return [edit], action

    def dbus_sort(self):
        """The main menu's Sort (issue 59), by due date or priority, by its action: one undoable
        step that rewrites the ranks of every open item that moves."""
        order = self.random.choice(list(SORT_KEYS))
        expect = sorted_once(self.open_list, order)
        # A list already in that order is told so, and no undo step is made.
        level = "untracked" if matches(expect(self.state), self.state) else "items"
        edit = Edit(f"win.sort-by-{order}", expect, level=level, kind="sorts")
        return [edit], lambda: self.activate(WINDOW_PATH, f"sort-by-{order}")

    def dbus_delete(self):
        _, row = self.pick_row()
        item_id, title = row.id, row.title
        self.remember_deleted(row)
        edit = Edit(f"win.delete-item {title!r}", delete_with_subtree(item_id))
        return [edit], lambda: self.activate(WINDOW_PATH, "delete-item", ("x", item_id))

    def dbus_undo(self):
        target = self.undo_items[-1]
        return [Edit("win.undo", lambda state: target, level="undo-items")], lambda: self.activate(WINDOW_PATH, "undo")

    def dbus_redo(self):
        target = self.redo_items[-1]
        return [Edit("win.redo", lambda state: target, level="redo-items")], lambda: self.activate(WINDOW_PATH, "redo")

    def dbus_complete_list(self):
        """The lists' row menu's Complete (every open item of the list done, one step)."""
        list_id, name, _ = self.random.choice([entry for entry in self.state if any(not row.done for row in entry[2])])

        def expect(state):
            return tuple((lid, n, tuple(row._replace(done=1) for row in rows) if lid == list_id else rows)
                         for lid, n, rows in state)
        return [Edit(f"win.complete-list {name!r}", expect, level="lists")], \
            lambda: self.activate(WINDOW_PATH, "complete-list", ("x", list_id))

    def clear_completed(self):
        """win.clear-completed: the completed rows fold away first, then go in one step, so its
        reply comes before the write: it is reported when the rows are gone. A cleared item's
        subtasks at every depth go with it, done or not (issue 32)."""
        def expect(state):
            rows = rows_of(state, self.open_list)
            gone = {row.id for row in rows if row.done and row.parent is None}
            for item_id in list(gone):
                gone |= subtree_ids(rows, item_id)
            return replace_items(state, self.open_list, [row for row in rows if row.id not in gone])
        parents = {row.parent for row in rows_of(self.state, self.open_list)}
        takes_subtrees = any(row.done and row.parent is None and row.id in parents
                             for row in rows_of(self.state, self.open_list))
        edits = [Edit("win.clear-completed", expect, kind="clears with subtasks" if takes_subtrees else None)]

        def action():
            self.activate(WINDOW_PATH, "clear-completed")
            self.wait_rows(edits, edits[0])
        return edits, action

    def rename_list(self):
        """The lists' row menu's Rename (D-Bus, naming the list), then a new name typed."""
        list_id, old_name, _ = self.random.choice(self.state)
        name = self.new_list_name()

        def expect(state):
            return tuple((lid, name if lid == list_id else n, rows) for lid, n, rows in state)
        edits = [Edit(f"rename {old_name!r} to {name!r}", expect, level="lists")]
        want = [name if lid == list_id else n for lid, n, _ in self.state]

        def action():
            self.activate(WINDOW_PATH, "rename-list-id", ("x", list_id))
            # Typed before the row's editor is shown, the name would go to the list of lists.
            self.wait_shown(lambda: has_focus(self.app.process.pid, "List name"), "the list's name editor")
            self.keys("ctrl+a")
            self.type(name)
            self.keys("Return")
            self.wait_shown(lambda: shown_list_names(self.app.process.pid) == want, edits[0])
        return edits, action

    def dbus_delete_list(self):
        others = [(list_id, name) for list_id, name, _ in self.state if list_id != self.open_list]
        list_id, name = self.random.choice(others)

        def expect(state):
            return tuple(entry for entry in state if entry[0] != list_id)
        return [Edit(f"win.delete-list-id {name!r}", expect, level="lists")], \
            lambda: self.activate(WINDOW_PATH, "delete-list-id", ("x", list_id))

    # Real keyboard input.

    def input(self, send):
        """Sends real input; xdotool fails once the window is gone with the killed app."""
        try:
            send()
        except subprocess.CalledProcessError:
            if self.app.process.poll() is not None:
                raise AppKilled()
            raise

    def keys(self, *keys):
        self.input(lambda: xdotool("key", "--delay", 30, *keys))

    def type(self, text):
        self.input(lambda: xdotool("type", "--delay", 20, text))

    def click_row(self, point):
        """A click at a row's point, left or right a little each time: two clicks on one spot
        within the double-click time would start editing the row. So the offset is never the
        last click's (seed 63892: Space and Ctrl+Return on one row, both clicked at the same
        x; the second click began editing the title, Ctrl+Return only ended that edit, and the
        space in the title then typed into the list reopened the completed row)."""
        # Within the row's padding and the start of its title (ROW_CLICK_X), and farther from
        # the last click than GTK's double-click distance (5 px).
        offset = self.random.choice([dx for dx in range(-20, 21, 4)
                                     if self.last_click_offset is None or abs(dx - self.last_click_offset) > 6])
        self.last_click_offset = offset
        x = point[0] + offset
        self.input(lambda: xdotool("mousemove", "--window", self.app.window, x, point[1], "click", 1))

    def wait_shown(self, condition, what):
        """Waits until the window shows the edit (its report); an edit never shown stays in
        flight and ends the burst with a kill."""
        deadline = time.monotonic() + REPORT_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.app.process.poll() is not None:
                raise AppKilled()
            try:
                if condition():
                    if self.killer.fired.is_set():
                        # The kill may have come while the window was read, and a window gone
                        # shows no rows, which an edit that empties the list takes for its
                        # report (found by the stress run's kill trials: Clear Completed).
                        raise AppKilled()
                    return
            except AppKilled:
                raise
            except Exception:
                if self.app.process.poll() is not None:
                    raise AppKilled()
            time.sleep(0.03)
        self.stats["unreported"] += 1
        self.log(f"  (seed {self.seed}: the window never showed {what}; it stays in flight)")
        raise AppKilled()

    def wait_rows(self, edits, what):
        expected = self.state
        for edit in edits:
            expected = edit.expect(expected)
        want = [(row.title, row.done) for row in top_level(rows_of(expected, self.open_list))]
        self.wait_shown(lambda: shown_rows(self.app.process.pid) == want, what)

    def key_new_item(self):
        """Ctrl+N and a title typed, which may end in a date: Flick stores it as typed, then
        takes the date off as a step of its own, as for `--add` (ItemsPage.applyQuickEntry)."""
        title = self.new_title(dated=self.dated_draw())
        edits = self.added("Ctrl+N", title)

        def action():
            self.keys("ctrl+n")
            self.type(title)
            self.keys("Return")
            self.wait_rows(edits, edits[-1])
        return edits, action

    def key_new_item_marked(self):
        """Ctrl+N and a title ending in marks (issue 32): a priority ("!high", "!3", ...) and/or
        tags ("#abc"). Flick stores the title as typed, then takes the tags off as a step of
        its own (the priority word left in the title), then the priority: each an undo step."""
        base = self.new_title()
        priority_word, priority = self.random.choice(
            [(None, None), ("high", 1), ("medium", 5), ("low", 9), ("1", 1), ("4", 4), ("9", 9)])
        tags = [self.word(4) for _ in range(self.random.choice([0, 1, 1, 2]))] if priority_word else \
            [self.word(4) for _ in range(self.random.choice([1, 2]))]
        tags = list(dict.fromkeys(tags))
        with_priority = base + (f" !{priority_word}" if priority_word else "")
        typed = with_priority + "".join(f" #{tag}" for tag in tags)
        self.titles_seen.update({typed, with_priority})
        edits = [Edit(f"Ctrl+N {typed!r}", insert_item(self.open_list, 0, typed), kind="marked titles typed")]
        if tags:
            edits.append(Edit(f"tags of {base!r}", mark_step(self.open_list, typed, with_priority, tags="\n".join(tags))))
        if priority_word:
            edits.append(Edit(f"priority of {base!r}", mark_step(self.open_list, with_priority, base, priority=priority)))

        def action():
            self.keys("ctrl+n")
            self.type(typed)
            self.keys("Return")
            self.wait_rows(edits, edits[-1])
        return edits, action

    def add_subtask_below(self, point, path, title, edit):
        """Clicks the row at `point`, goes down through the items of `path` with Alt+Right (the
        window's title is then each one's), adds `title` at the last one's level with Ctrl+N, waits
        for that level to show the model's rows, and comes back up to the list with Alt+Left, which
        the next edit waits for."""
        list_name = next(name for list_id, name, _ in self.state if list_id == self.open_list)
        self.click_row(point)
        for item in path:
            self.keys("alt+Right")
            self.wait_shown(lambda item=item: self.app.title() == item.title, f"the subtasks of {item.title!r}")
        self.keys("ctrl+n")
        self.type(title)
        self.keys("Return")
        want = [(row.title, row.done) for row in levels(rows_of(edit.expect(self.state), self.open_list))[path[-1].id]]
        self.wait_shown(lambda: shown_rows(self.app.process.pid) == want, edit)
        for item in reversed(path[:-1]):
            self.keys("alt+Left")
            self.wait_shown(lambda item=item: self.app.title() == item.title, f"the subtasks of {item.title!r} again")
        self.keys("alt+Left")
        self.wait_shown(lambda: self.app.title() == list_name, "the list again after its item's subtasks")

    def key_add_subtask(self):
        """A shown row clicked, Alt+Right to its subtasks (the window's title is then the item's),
        Ctrl+N and a title there: a subtask, stored with the item's UID as its parent_uid and
        reported when the subtasks shown are the model's; then Alt+Left back to the list, which
        the next edit waits for. The subtask level has an undo history of its own: the undo runs
        followed start again."""
        picked = self.pick_shown_row(last_allowed=True)
        if picked is None:
            return None
        index, parent, point = picked
        title = self.new_title()
        edit = Edit(f"row {index} Alt+Right, Ctrl+N {title!r}", insert_item(self.open_list, 0, title, parent=parent.id),
                    level="untracked", kind="subtasks added")
        return [edit], lambda: self.add_subtask_below(point, [parent], title, edit)

    def key_add_deeper_subtask(self):
        """A subtask of a subtask: a shown row that has subtasks clicked, Alt+Right to them (the
        first is focused), Alt+Right again to the first one's, Ctrl+N and a title there; reported
        when that level shows the model's rows; then Alt+Left twice, back to the list. The first row
        is selected in the same step as the title changes (`openSubtasks`). Untracked
        for undo, as a subtask added one level down is."""
        levels_now = levels(rows_of(self.state, self.open_list))
        picked = self.pick_shown_row(last_allowed=True, where=lambda row: row.id in levels_now)
        if picked is None:
            return None
        index, parent, point = picked
        first = levels_now[parent.id][0]
        title = self.new_title()
        edit = Edit(f"row {index} Alt+Right, Alt+Right, Ctrl+N {title!r}",
                    insert_item(self.open_list, 0, title, parent=first.id), level="untracked",
                    kind="subtasks two levels down added")
        return [edit], lambda: self.add_subtask_below(point, [parent, first], title, edit)

    def has_subtasks(self, row):
        return any(other.parent == row.id for other in rows_of(self.state, self.open_list))

    def key_toggle_parent(self):
        return self.key_toggle(where=self.has_subtasks, kind="items with subtasks toggled")

    def key_delete_parent(self):
        return self.key_delete(where=self.has_subtasks, kind="items with subtasks deleted")

    def key_insert_between(self):
        picked = self.pick_shown_row(last_allowed=True)
        if picked is None:
            return None
        index, _, point = picked
        title = self.new_title()
        at = index + 1
        if self.sinking:
            # Not among the completed items, which stay below the open ones.
            at = min(at, below_last_open(top_level(rows_of(self.state, self.open_list))))
        edits = [Edit(f"row {index} Ctrl+Return {title!r}", insert_item(self.open_list, at, title))]

        def action():
            self.click_row(point)
            self.keys("ctrl+Return")
            self.type(title)
            self.keys("Return")
            self.wait_rows(edits, edits[0])
        return edits, action

    def key_rename(self):
        picked = self.pick_shown_row(last_allowed=True)
        if picked is None:
            return None
        index, row, point = picked
        item_id = row.id
        title = self.new_title()
        edits = [Edit(f"row {index} F2 {title!r}", change_item(item_id, lambda r: r._replace(title=title)))]

        def action():
            self.click_row(point)
            self.keys("F2", "ctrl+a")
            self.type(title)
            self.keys("Return")
            self.wait_rows(edits, edits[0])
        return edits, action

    def key_toggle(self, where=lambda row: True, kind=None):
        picked = self.pick_shown_row(last_allowed=True, where=where)
        if picked is None:
            return None
        index, row, point = picked
        edits = self.toggle_edits(f"row {index} Space", row)
        if kind:
            edits[0].kind = edits[0].kind or kind

        def action():
            self.click_row(point)
            self.keys("space")
            self.wait_rows(edits, edits[0])
        return edits, action

    def key_select_and_complete(self):
        """Shift+Down from a clicked row selects it and the next (issue 60), or Ctrl+A every
        open row; Space completes them all (or reopens the pair, when both were completed) in
        one step; Escape ends the selection."""
        picked = self.pick_shown_row()
        if picked is None:
            return None
        index, row, point = picked
        top = top_level(rows_of(self.state, self.open_list))
        every_open = self.random.random() < 0.3 and any(not other.done for other in top)
        if every_open:
            chosen, keys, name = [other for other in top if not other.done], ["ctrl+a"], "Ctrl+A"
        else:
            chosen, keys, name = top[index:index + 2], ["shift+Down"], f"rows {index}, {index + 1} Shift+Down"
        edits = [Edit(f"{name} Space", selection_completed(
            self.open_list, {other.id for other in chosen}, self.sinking), kind="selections completed")]

        def action():
            self.click_row(point)
            self.keys(*keys, "space", "Escape")
            self.wait_rows(edits, edits[0])
        return edits, action

    def key_select_and_delete(self):
        """Shift+Down once or twice from a clicked row selects two or three rows (issue 60);
        Delete deletes them all, with their subtasks, in one step, and the selection ends with
        them. A kill in the step must find all of them there or none."""
        picked = self.pick_shown_row()
        if picked is None:
            return None
        index, row, point = picked
        stretch = self.random.choice([1, 2])
        chosen = top_level(rows_of(self.state, self.open_list))[index:index + stretch + 1]
        edits = [Edit(f"rows {index} to {index + len(chosen) - 1} Shift+Down Delete",
                      selection_deleted([other.id for other in chosen]), kind="selections deleted")]

        def action():
            self.click_row(point)
            self.keys(*["shift+Down"] * stretch, "Delete")
            self.wait_rows(edits, edits[0])
        return edits, action

    def key_notes(self):
        """Ctrl+I on a row without notes, Alt+N to the details' notes, a note typed, then Alt+T
        back to the title, which saves the notes at once (they are saved when the focus leaves
        them, or after a pause in typing), and Escape. Reported when the details are closed and
        the row says it has notes. A pause in typing may have saved part of the note first, an
        undo step of its own: the undo history is not followed past this edit."""
        picked = self.pick_shown_row(last_allowed=True, where=lambda row: not row.details.notes)
        if picked is None:
            return None
        index, row, point = picked
        text = f"Note {self.word()}"

        def with_notes(notes):
            return change_item(row.id, lambda r: r._replace(details=r.details._replace(notes=notes)))
        edit = Edit(f"row {index} notes {text!r}", with_notes(text), level="untracked", kind="notes typed",
                    options=lambda state: [with_notes(text[:length])(state) for length in range(1, len(text) + 1)])
        pid = self.app.process.pid

        def action():
            self.click_row(point)
            self.keys("ctrl+i")
            self.wait_shown(lambda: has_focus(pid, "Title"), "the details' title field")
            self.keys("alt+n")
            self.wait_shown(lambda: has_focus(pid, "Notes"), "the details' notes")
            self.type(text)
            self.keys("alt+t")
            self.wait_shown(lambda: has_focus(pid, "Title"), "the focus back on the details' title")
            self.keys("Escape")
            self.wait_shown(lambda: "Details" not in self.app.window_names() and row_has_notes(pid, row.title), edit)
        return [edit], action

    def key_delete(self, where=lambda row: True, kind=None):
        picked = self.pick_shown_row(last_allowed=True, where=where)
        if picked is None:
            return None
        index, row, point = picked
        item_id = row.id
        self.remember_deleted(row)
        edits = [Edit(f"row {index} Delete", delete_with_subtree(item_id), kind=kind)]

        def action():
            self.click_row(point)
            self.keys("Delete")
            self.wait_rows(edits, edits[0])
        return edits, action

    def key_move_down(self):
        rows = top_level(rows_of(self.state, self.open_list))
        places = {row.id: index for index, row in enumerate(rows)}
        picked = self.pick_shown_row(last_allowed=False, where=lambda row: not self.sinking
                                     or swaps_with_the_next(rows, places[row.id]))
        if picked is None:
            return None
        index, _, point = picked
        edits = [Edit(f"row {index} Alt+Down", swap_rows(self.open_list, index))]

        def action():
            self.click_row(point)
            self.keys("alt+Down")
            self.wait_rows(edits, edits[0])
        return edits, action

    def key_undo(self):
        if self.view == "list":
            target = self.undo_items[-1]
            edits = [Edit("Ctrl+Z", lambda state: target, level="undo-items")]

            def action():
                self.keys("ctrl+z")
                self.wait_rows(edits, edits[0])
        else:
            target = self.undo_lists[-1]
            edits = [Edit("Ctrl+Z on the lists", lambda state: target, level="undo-lists")]
            want = [name for _, name, _ in target]

            def action():
                self.keys("ctrl+z")
                self.wait_shown(lambda: shown_list_names(self.app.process.pid) == want, edits[0])
        return edits, action

    def key_redo(self):
        level = "items" if self.view == "list" else "lists"
        target = (self.redo_items if level == "items" else self.redo_lists)[-1]
        edits = [Edit(f"Ctrl+Shift+Z on the {level}", lambda state: target, level="redo-" + level)]

        def action():
            self.keys("ctrl+shift+z")
            if level == "items":
                self.wait_rows(edits, edits[0])
            else:
                want = [name for _, name, _ in target]
                self.wait_shown(lambda: shown_list_names(self.app.process.pid) == want, edits[0])
        return edits, action

    def move_to_other_list(self):
        """The row's Move to… (D-Bus opens the popover for the item), then the list's name
        typed into its search field and Enter, as a user would."""
        _, row = self.pick_row()
        item_id, title = row.id, row.title
        target, name = self.random.choice(self.move_targets())
        edits = [Edit(f"move {title!r} to {name!r}", move_to_list(item_id, target))]

        source = self.open_list

        def action():
            self.activate(WINDOW_PATH, "move-item-to-list", ("x", item_id))
            self.wait_shown(lambda: has_focus(self.app.process.pid, "Move to list"), "the Move to popover's field")
            self.type(name)
            self.keys("Return")
            self.wait_rows(edits, edits[0])
            if {source, target} <= self.calendar_lists:
                self.stats["moves between calendars"] += 1
        return edits, action

    def key_new_list(self):
        name = self.new_list_name()

        def expect(state):
            return ((None, name, ()),) + state
        edits = [Edit(f"Ctrl+Shift+N {name!r}", expect, level="lists")]

        def action():
            self.keys("ctrl+shift+n")
            self.wait_shown(lambda: "New List" in self.app.window_names(), "the New List window")
            self.type(name)
            self.keys("Return")
            # The new list is stored, then opened: its name in the title is the report.
            self.wait_shown(lambda: self.app.title() == name, edits[0])
            self.view = "list"
            self.open_list = read_live(self.database)[0][0]
        return edits, action

    def key_delete_list(self):
        """Delete on the overview: the focused list goes, which may be the one last open, the
        one an undo brought back or the one after a list deleted; the rows shown tell which."""
        def without(list_id):
            return lambda state: tuple(entry for entry in state if entry[0] != list_id)
        edit = Edit("Delete on the lists", None, level="lists",
                    options=lambda state: [without(list_id)(state) for list_id, _, _ in state])

        def action():
            self.keys("Delete")
            deleted = []

            def one_list_gone():
                shown = shown_list_names(self.app.process.pid)
                for list_id, name, _ in self.state:
                    if shown == [other for other_id, other, _ in self.state if other_id != list_id]:
                        deleted[:] = [list_id, name]
                        return True
                return False
            self.wait_shown(one_list_gone, edit)
            edit.expect, edit.options = without(deleted[0]), None
            edit.name = f"Delete on the lists {deleted[1]!r}"
        return [edit], action

    # Navigation: no edit, but the undo histories tracked start again.

    def go_to_overview(self):
        def action():
            self.keys("alt+Left")
            self.wait_shown(lambda: self.app.title() == "Lists", "the lists")
            self.view = "overview"
            self.undo_items, self.redo_items = [], []
        return [], action

    def open_other_list(self):
        index = self.random.randrange(min(len(self.state), 9))
        list_id, name, _ = self.state[index]

        def action():
            self.keys(f"ctrl+{index + 1}")
            self.wait_shown(lambda: self.app.title() == name, f"the list {name!r}")
            self.view = "list"
            self.open_list = list_id
            self.undo_items, self.redo_items = [], []
        return [], action

    # --- Checks. ---

    def window_list(self):
        title = self.app.title()
        for list_id, name, _ in self.state:
            if name == title:
                return list_id
        raise TrialFailure(f"Flick started on {title!r}, which is no list of the database:\n{describe(self.state)}")

    def check_shown(self):
        """Flick, started on the database the kill left, shows its list as stored."""
        stored = read_live(self.database)
        title = self.app.title()
        rows = next((items for _, name, items in stored if name == title), None)
        if rows is None:
            raise TrialFailure(f"after the restart the window shows {title!r}, no list of the database")
        want = [(row.title, row.done) for row in top_level(rows)]
        deadline = time.monotonic() + REPORT_TIMEOUT_S
        shown = None
        while time.monotonic() < deadline:
            shown = shown_rows(self.app.process.pid)
            if shown == want:
                return
            time.sleep(0.1)
        raise TrialFailure(f"after the restart the window shows {shown} for {title!r}; the database holds {want}")

    def check_after_kill(self):
        """The files the kill left, checked on a copy; returns how many edits were checked."""
        copy_dir = Path(tempfile.mkdtemp(prefix="flick-kill-check-"))
        try:
            for suffix in ("", "-wal", "-shm"):
                source = Path(str(self.database) + suffix)
                if source.exists():
                    shutil.copy(source, copy_dir / source.name)
            connection = sqlite3.connect(copy_dir / "flick.sqlite")
            try:
                return self.check_database(connection)
            except sqlite3.DatabaseError as error:
                raise TrialFailure(f"after the kill the database cannot be read: {error}") from error
            finally:
                connection.close()
        finally:
            shutil.rmtree(copy_dir, ignore_errors=True)

    def check_database(self, connection):
        integrity = connection.execute("PRAGMA integrity_check").fetchall()
        if integrity != [("ok",)]:
            raise TrialFailure(f"integrity_check: {integrity}")
        broken_keys = connection.execute("PRAGMA foreign_key_check").fetchall()
        if broken_keys:
            raise TrialFailure(f"foreign_key_check: {broken_keys}")
        try:
            connection.execute("INSERT INTO item_search (item_search) VALUES ('integrity-check')")
        except sqlite3.DatabaseError as error:
            raise TrialFailure(f"the search index is damaged: {error}") from error
        self.check_search(connection)
        for edit in self.in_flight:
            if hasattr(edit, "check_after_kill"):
                edit.check_after_kill(connection)
        found = read_state(connection)
        # The states the edits in flight may have led to, by how many of them were applied.
        reachable = [[self.state]]
        for edit in self.in_flight:
            reachable.append([after for before in reachable[-1] for after in edit.possible(before)])
        applied = next((count for count, states in enumerate(reachable)
                        if any(matches(state, found) for state in states)), None)
        if applied is None:
            raise TrialFailure(f"after the kill the database is neither the last reported state nor that state with "
                               f"the edits in flight {self.in_flight} applied in order\n"
                               f"  last reported:\n{describe(self.state)}\n  found:\n{describe(found)}")
        for state in [state for states in reachable[:applied + 1] for state in states]:
            self.passed_through(state)
        self.stats["in_flight_applied"] += applied
        self.stats["in_flight_lost"] += len(self.in_flight) - applied
        self.check_ranks_and_uids(connection)
        self.check_outbox(connection)
        self.state = found
        self.forget_returned()
        self.in_flight = []
        return sum(len(items) for _, _, items in found) + len(found)

    def check_search(self, connection):
        """The search index holds what the items hold, no more, no less. FTS5's own
        integrity-check reads only the index for a table over external content (SQLite 3.40),
        so every word of every title the chain has seen is looked up: each row found must be an
        item with that word, and each item must be found by its words."""
        titles = {item_id: title for item_id, title in connection.execute("SELECT id, title FROM item")}
        words = {word for title in list(self.titles_seen) + list(titles.values()) for word in WORD.findall(title.lower())}
        for word in words:
            found = {rowid for (rowid,) in connection.execute(
                "SELECT rowid FROM item_search WHERE item_search MATCH ?", (f'title : "{word}"',))}
            having = {item_id for item_id, title in titles.items() if word in WORD.findall(title.lower())}
            if found != having:
                raise TrialFailure(f"searching for {word!r} finds items {sorted(found)}; the items with it are "
                                   f"{sorted(having)}")

    def check_ranks_and_uids(self, connection):
        # Within each level of a list (issue 32): the top level, and each item's subtasks, which
        # Flick ranks among themselves (a subtask may have a top-level item's rank).
        duplicated = connection.execute(
            "SELECT list_id, CASE WHEN EXISTS (SELECT 1 FROM item AS p WHERE p.list_id = i.list_id "
            "AND p.uid = i.parent_uid) THEN parent_uid END AS level, rank, count(*) FROM item AS i "
            "GROUP BY list_id, level, rank HAVING count(*) > 1").fetchall()
        if duplicated:
            raise TrialFailure(f"two items share a rank in a level of a list (list, parent UID, rank, count): "
                               f"{duplicated}")
        duplicated = connection.execute("SELECT rank FROM list GROUP BY rank HAVING count(*) > 1").fetchall()
        if duplicated:
            raise TrialFailure(f"two lists share a rank: {duplicated}")
        for table in ("item", "list"):
            rows = connection.execute(f"SELECT id, uid FROM {table}").fetchall()
            uids = [uid for _, uid in rows]
            if None in uids or len(set(uids)) != len(uids):
                raise TrialFailure(f"{table} UIDs are missing or repeated")
            for row_id, uid in rows:
                known = self.uids.setdefault((table, row_id), uid)
                if known != uid:
                    raise TrialFailure(f"{table} {row_id} had UID {known}, now {uid}")

    def remember_uids(self):
        connection = sqlite3.connect(f"file:{self.database}?mode=ro", uri=True, timeout=10)
        try:
            self.check_ranks_and_uids(connection)
        finally:
            connection.close()

    def check_outbox(self, connection):
        """The outbox, written by triggers in each change's own transaction (schemas v4, v5)."""
        synced_lists = {list_id for (list_id,) in connection.execute("SELECT list_id FROM list_sync")}
        items = connection.execute("SELECT id, list_id, uid, title, completed FROM item").fetchall()
        outbox = {row[0]: row[1:] for row in connection.execute(
            "SELECT item_id, list_id, uid, href, dirty, moved_from FROM item_sync")}
        tombstones = set(connection.execute("SELECT list_id, uid, href FROM sync_tombstone"))
        for item_id, item_list, uid, title, completed in items:
            entry = outbox.get(item_id)
            if item_list in synced_lists:
                if entry is None or entry[0] != item_list or entry[1] != uid:
                    raise TrialFailure(f"item {item_id} {title!r} of a calendar's list has outbox row {entry}")
                resource = self.synced.get(uid)
                if resource and (resource["title"], resource["completed"]) != (title, completed) and not entry[3]:
                    raise TrialFailure(f"item {item_id} {title!r} changed since it was synced but is not marked to send")
                moved_from = entry[4]
                if moved_from is not None and (moved_from == item_list or entry[2] is not None):
                    raise TrialFailure(f"item {item_id} {title!r} waits to reach its calendar with outbox row {entry}")
            elif entry is not None:
                raise TrialFailure(f"item {item_id} {title!r} of a list not synced has outbox row {entry}")
        in_lists = {(item_list, uid, outbox.get(item_id, (None, None, None))[2])
                    for item_id, item_list, uid, _, _ in items if item_list in synced_lists}
        for uid, resource in self.synced.items():
            if resource["list"] not in synced_lists:
                continue  # The calendar's list was deleted: its outbox went with it.
            place = (resource["list"], uid, resource["href"])
            if place not in in_lists and place not in tombstones:
                raise TrialFailure(f"the synced item {resource['title']!r} left its calendar's list without a tombstone")


def synced_resources(database):
    """The template's synced items of the calendars' lists: uid -> list, href, title, done."""
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        return {uid: {"list": list_id, "href": href, "title": title, "completed": completed}
                for uid, list_id, href, title, completed in connection.execute(
                    "SELECT item.uid, item.list_id, href, title, completed FROM item_sync JOIN item ON item.id = item_id")}
    finally:
        connection.close()


class Killer:
    """SIGKILL for the app at `delay` seconds from now (on a timer thread), or when asked;
    `on_kill` is called right after it is sent."""

    def __init__(self, process, delay, on_kill=lambda: None):
        self.process = process
        self.on_kill = on_kill
        self.fired = threading.Event()
        self.lock = threading.Lock()
        self.timer = threading.Timer(delay, self.kill_now) if delay is not None else None
        if self.timer:
            self.timer.daemon = True
            self.timer.start()

    def kill_now(self):
        with self.lock:
            if not self.fired.is_set():
                self.fired.set()
                try:
                    os.kill(self.process.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.on_kill()

    def arm(self, delay):
        """Kills `delay` seconds from now, if no timer is set yet."""
        if self.timer is None:
            self.timer = threading.Timer(delay, self.kill_now)
            self.timer.daemon = True
            self.timer.start()

    def cancel(self):
        if self.timer:
            self.timer.cancel()


class ActionBus:
    """org.gtk.Actions on the session bus, through one GDBus connection (so calls keep their
    order)."""

    def __init__(self):
        import gi  # Debian's python3-gi, there with python3-pyatspi.
        from gi.repository import Gio, GLib
        self.Gio, self.GLib = Gio, GLib
        self.connection = Gio.bus_get_sync(Gio.BusType.SESSION, None)

    def _arguments(self, action, parameter):
        values = [self.GLib.Variant(*parameter)] if parameter else []
        return self.GLib.Variant("(sava{sv})", (action, values, {}))

    def activate(self, path, action, parameter=None):
        """Activates the action and returns once Flick has replied (it has run)."""
        self.connection.call_sync(APP_ID, path, "org.gtk.Actions", "Activate", self._arguments(action, parameter),
                                  None, self.Gio.DBusCallFlags.NONE, 20000, None)

    def activate_many(self, path, calls):
        """Sends every call before waiting for any reply; returns when all have replied."""
        results = []
        for action, parameter in calls:
            self.connection.call(APP_ID, path, "org.gtk.Actions", "Activate", self._arguments(action, parameter),
                                 None, self.Gio.DBusCallFlags.NONE, 20000, None,
                                 lambda source, result, _: results.append(result), None)
        context = self.GLib.MainContext.default()
        while len(results) < len(calls):
            context.iteration(True)
        for result in results:
            self.connection.call_finish(result)


# --- The template and the runs. ---

def add_details(connection):
    """Gives items of the welcome lists due dates (a day; a time; a time in a zone), notes, a
    reminder before the due time and at a set time, and daily and weekly repeat rules, so that
    every edit carries them and every check compares them. The dates are weeks ahead: no
    reminder comes due during the trials."""
    def day(weeks):
        return day_number(datetime.date.today() + datetime.timedelta(weeks=weeks))
    details = [
        dict(due_day=day(3), notes="Bring the receipt.\nAnd the box.", rrule="FREQ=DAILY"),
        dict(due_day=day(4), due_minute=9 * 60, reminder="before:30"),
        dict(due_day=day(2), rrule="FREQ=DAILY"),
        dict(notes="Only notes, with a link: https://example.org/a?b=c"),
        dict(due_day=day(5), due_minute=18 * 60 + 15, due_zone="Europe/Berlin", rrule="FREQ=WEEKLY",
             reminder=f"at:{day(5)}:{17 * 60}:Europe/Berlin"),
    ]
    items = [item_id for (item_id,) in connection.execute(
        "SELECT item.id FROM item JOIN list ON list.id = item.list_id ORDER BY list.rank, item.rank")]
    # Every other item, so that items with details and without sit side by side.
    for item_id, fields in zip(items[1::2], details * 3):
        assignments = ", ".join(f"{name} = ?" for name in fields)
        connection.execute(f"UPDATE item SET {assignments} WHERE id = ?", (*fields.values(), item_id))


def add_tree(connection):
    """Makes subtasks of items of the list a trial opens on (issue 32): two subtasks under its
    second item, one of them with a subtask of its own, and a completed third item with a
    completed subtask, so that completing, deleting, moving and clearing an item with a tree,
    and adding a subtask two levels down, are there to choose from the first trial on."""
    rows = connection.execute("SELECT id, uid FROM item WHERE list_id = (SELECT id FROM list WHERE name = ?) "
                              "ORDER BY rank", (WELCOME_LIST,)).fetchall()
    (_, project), (_, finished) = rows[1], rows[2]
    tree = [(rows[4][0], project), (rows[5][0], project), (rows[6][0], rows[4][1]), (rows[7][0], finished)]
    for item_id, parent_uid in tree:
        connection.execute("UPDATE item SET parent_uid = ? WHERE id = ?", (parent_uid, item_id))
    connection.execute("UPDATE item SET completed = 1 WHERE id IN (?, ?)", (rows[2][0], rows[7][0]))


def make_template(directory):
    """A database as a first start leaves it (the welcome lists), in which SYNCED_LISTS are
    CalDAV calendars of one account whose items have all been synced (href, ETag, nothing to
    send), so the outbox triggers work in every trial. The account's server does not exist: a
    sync attempt fails without writing."""
    app = FlickApp(data_dir=directory)
    try:
        app.start()
        deadline = time.monotonic() + 20
        while not app.titles() and time.monotonic() < deadline:
            time.sleep(0.1)
        app.quit()
    finally:
        app.cleanup()
    connection = sqlite3.connect(directory / "flick.sqlite")
    try:
        with connection:
            add_details(connection)
            add_tree(connection)
            connection.execute("INSERT INTO account (url, user) VALUES ('http://127.0.0.1:9/', 'trials')")
            for number, name in enumerate(SYNCED_LISTS):
                list_id = connection.execute("SELECT id FROM list WHERE name = ?", (name,)).fetchone()[0]
                path = f"/calendars/trials/tasks{number}/"
                connection.execute("INSERT INTO list_sync (list_id, account_id, url) VALUES (?, 1, ?)",
                                   (list_id, "http://127.0.0.1:9" + path))
                connection.execute("INSERT INTO item_sync (item_id, list_id, uid, href, etag, dirty) "
                                   "SELECT id, list_id, uid, ? || uid || '.ics', '\"1\"', 0 "
                                   "FROM item WHERE list_id = ?", (path, list_id))
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        connection.close()


def run(trials, base_seed, log=print, verbose=False, progress=0):
    """Runs `trials` trials in chains from `base_seed`; returns (stats, failures), each failure
    (seed, trial in its chain, message). With `progress`, the figures are logged every that
    many trials."""
    os.environ.setdefault("FLICK_BINARY", str(built_binary()))  # Found once, not per start.
    stats = collections.Counter(trials=0, edits=0, checked=0, seconds=0.0, unreported=0,
                                in_flight_applied=0, in_flight_lost=0)
    failures = []
    template = Path(tempfile.mkdtemp(prefix="flick-kill-template-"))
    bus = ActionBus()
    try:
        make_template(template)
        seed = base_seed
        logged = 0
        while stats["trials"] < trials:
            chain = Chain(seed, template, bus, stats, log, verbose)
            stats["chains"] += 1
            stats["chains sinking"] += chain.sinking
            try:
                for number in range(min(CHAIN_LENGTH, trials - stats["trials"])):
                    try:
                        chain.run_trial(number)
                    except TrialFailure as failure:
                        failures.append((seed, number, str(failure)))
                        log(f"FAILED: seed {seed}, trial {number + 1} of its chain: {failure}\n"
                            f"  the database and Flick's output are kept in {chain.keep_files()}")
                        stats["trials"] += 1
                        break
            finally:
                chain.close()
            seed += 1
            if progress and stats["trials"] >= logged + progress:
                log(f"  {summary(stats, failures)}")
                logged = stats["trials"] - stats["trials"] % progress
    finally:
        shutil.rmtree(template, ignore_errors=True)
    return stats, failures


def summary(stats, failures):
    trials = max(stats["trials"], 1)
    return (f"{stats['trials']} trials, {stats['edits']} edits reported committed, {stats['checked']} rows checked "
            f"after the kills, {stats['in_flight_applied']} edits in flight found applied and "
            f"{stats['in_flight_lost']} not, {stats['unreported']} keyboard edits never shown; "
            f"{stats['seconds'] / trials:.2f} s a trial; kills: {stats['kills timer']} at a random moment, "
            f"{stats['kills in a call']} in a D-Bus call, {stats['kills after the burst']} after the burst; "
            f"among the edits: {stats['quick dates']} quick dates, {stats['sinkings']} sinkings, "
            f"{stats['repeating items completed']} repeating items completed, {stats['notes typed']} notes typed, "
            f"{stats['moves between calendars']} moves between calendars, {stats['marked titles typed']} titles typed "
            f"with a priority or tags, {stats['subtasks added']} subtasks added, "
            f"{stats['subtasks two levels down added']} two levels down, {stats['items with subtasks toggled']} "
            f"items with subtasks toggled, {stats['items with subtasks deleted']} deleted and "
            f"{stats['clears with subtasks']} cleared, {stats['restored']} restored from Recently Deleted and {stats['emptied']} times it was emptied, {stats['items postponed']} postponed, {stats['sorts']} sorts, {stats['quick starts']} starts typed, "
            f"{stats['moved a day in Upcoming']} moved a day in Upcoming, {stats['selections completed']} selections completed, "
            f"{stats['selections deleted']} selections deleted; "
            f"{stats['chains sinking']} of {stats['chains']} chains with sinking; second processes reading: "
            f"{stats['readers at a start']} started with Flick, {stats['readers in a burst']} in a burst "
            f"({stats['readers running at a kill']} of all still running at a kill), {stats['readers after a kill']} on "
            f"the files a kill left; {stats['exports compared']} exports compared, {stats['readers finding their list gone']} "
            f"lists named gone; {len(failures)} failures")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=None, help="the first chain's seed (default: random)")
    parser.add_argument("--verbose", action="store_true", help="print each edit")
    arguments = parser.parse_args()
    seed = arguments.seed if arguments.seed is not None else random.randrange(1_000_000)
    print(f"kill trials: {arguments.trials} from seed {seed} (replay one chain: --seed S --trials {CHAIN_LENGTH})",
          flush=True)
    stats, failures = run(arguments.trials, seed, verbose=arguments.verbose, progress=100)
    print(summary(stats, failures))
    for failed_seed, number, _ in failures:
        print(f"replay: tools/with-display /usr/bin/python3 tests/reliability/kill_trials.py "
              f"--seed {failed_seed} --trials {number + 1}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
