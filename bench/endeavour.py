"""Flick against Endeavour (GNOME's to-do app, Debian `endeavour`) for `make bench`: exec → the
first window grab that shows the loaded list of 1,000 tasks, and memory after settling,
including the Evolution Data Server processes Endeavour needs. Both apps are timed the same way,
from outside, by their pixels (bench/watched.py says how).

Endeavour always opens on its Today panel, so every task is due today there (Flick has no due
dates). `make bench-peers` (bench/peers.py) runs this Endeavour beside Errands and Flick on
Debian 13."""

import datetime
import shutil
import sqlite3
import statistics
import subprocess

from watched import MIN_RUNS, QUIET_SECONDS, WINDOW_SIZE, App, environment, flick_app, measure, summary, xwatch_path


# MARK: Data


def read_items(flick_folder):
    """(id, title, completed) of every item, in Flick's order."""
    connection = sqlite3.connect(f"file:{flick_folder / 'flick.sqlite'}?mode=ro", uri=True)
    items = connection.execute("SELECT id, title, completed FROM item ORDER BY list_id, rank, id").fetchall()
    connection.close()
    return items


def ics_text(value):
    """RFC 5545 TEXT escaping."""
    return value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def ics_line(line):
    """Folds a long content line (continuation lines start with a space), as RFC 5545 asks."""
    parts = [line[i:i + 60] for i in range(0, len(line), 60)] or [""]
    return "\r\n ".join(parts) + "\r\n"


def task_list(items):
    """The items as an iCalendar task list, each due today (Endeavour opens on Today) and
    completed where Flick's is."""
    today = datetime.date.today().strftime("%Y%m%d")
    stamp = "20260101T090000Z"
    text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Flick//bench//EN\r\n"
    for item_id, title, completed in items:
        text += f"BEGIN:VTODO\r\nUID:flick-bench-{item_id}\r\nDTSTAMP:{stamp}\r\nCREATED:{stamp}\r\n"
        text += ics_line(f"SUMMARY:{ics_text(title)}") + f"DUE;VALUE=DATE:{today}\r\n"
        if completed:
            text += f"STATUS:COMPLETED\r\nPERCENT-COMPLETE:100\r\nCOMPLETED:{stamp}\r\n"
        else:
            text += "STATUS:NEEDS-ACTION\r\n"
        text += "END:VTODO\r\n"
    return text + "END:VCALENDAR\r\n"


def endeavour_home(home):
    """A HOME whose local task list (Endeavour's Inbox) is about to be filled, and whose
    settings skip the first-run setup and give Endeavour Flick's window size. Returns the
    task list's path."""
    tasks = home / ".local/share/evolution/tasks/system/tasks.ics"
    tasks.parent.mkdir(parents=True, exist_ok=True)
    settings = home / ".config/glib-2.0/settings"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "keyfile").write_text("[org/gnome/todo]\nfirst-run=false\nwindow-maximized=false\n"
                                      f"window-size=({WINDOW_SIZE[0]}, {WINDOW_SIZE[1]})\n")
    return tasks


def endeavour_app(items, work):
    """Endeavour in its own HOME, its local task list written again before each run."""
    ics = task_list(items).encode()
    home = work / "endeavour-home"
    tasks = endeavour_home(home)
    return App("endeavour", ["endeavour"], environment(home, GSETTINGS_BACKEND="keyfile"), home,
               lambda: tasks.write_bytes(ics))


# MARK: The rows


def rows(flick, flick_folder, work, runs):
    """Table rows; if Endeavour cannot be run here, one row that says why."""
    xwatch = xwatch_path(flick)
    if shutil.which("endeavour") is None:
        return [("Against Endeavour", "", "", "", "", None, "not run: the endeavour package is not installed")]
    if not xwatch.exists():
        return [("Against Endeavour", "", "", "", "", None, f"not run: {xwatch} is not built (make bench builds it)")]
    work.mkdir(parents=True, exist_ok=True)
    try:
        items = read_items(flick_folder)
        count = len(items)
        apps = [flick_app(flick, flick_folder, work), endeavour_app(items, work)]
        results = measure(apps, work, max(runs, MIN_RUNS), xwatch)
    except (RuntimeError, OSError, ValueError, subprocess.SubprocessError) as problem:
        return [("Against Endeavour", "", "", "", "", None, f"not run: {problem}")]
    flick_ms, flick_mib, *_ = zip(*results["flick"])
    endeavour_ms, endeavour_mib, names, _ = zip(*results["endeavour"])
    speed = statistics.median(endeavour_ms) / statistics.median(flick_ms)
    memory = statistics.median(flick_mib) / statistics.median(endeavour_mib)
    counted = ", ".join(sorted(set().union(*names) - {"endeavour"}))
    return [
        (f"Exec to the first window grab that shows the loaded {count:,}-task list (xwatch, every 20 ms; "
         f"{len(flick_ms)} runs each, interleaved), vs Endeavour",
         summary(flick_ms, "ms"), summary(endeavour_ms, "ms"), f"{speed:.1f}× faster", "≥ 10× faster", speed >= 10),
        (f"RSS once the window has not changed for {QUIET_SECONDS} s, vs Endeavour + {counted}",
         summary(flick_mib, "MiB"), summary(endeavour_mib, "MiB"), f"{memory:.2f}", "≤ 0.33", memory <= 1 / 3),
    ]
