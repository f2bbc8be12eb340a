"""Flick against Endeavour (GNOME's to-do app, Debian `endeavour`) for `make bench`: exec → a
window whose accessible tree shows the loaded list of 1,000 tasks, and memory after settling
including Evolution Data Server's processes, which Endeavour needs. Both apps are timed the same
way, from outside, by polling the accessibility tree; both get the same 1,000 items (Flick in its
database, Endeavour in its local task list, an iCalendar file)."""

import os
import shutil
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests/e2e"))

from flickapp import accessibility_bus_address, accessible_nodes  # noqa: E402

TASKS = 1000
SETTLE_SECONDS = 3
EDS_NAMES = ("evolution-source-registry", "evolution-calendar-factory", "evolution-addressbook-factory",
             "evolution-alarm-notify")


def write_task_list(home, titles):
    folder = home / ".local/share/evolution/tasks/system"
    folder.mkdir(parents=True, exist_ok=True)
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Flick//bench//EN"]
    for number, title in enumerate(titles, 1):
        lines += ["BEGIN:VTODO", f"UID:flick-bench-{number}@localhost", "DTSTAMP:20261122T120000Z",
                  "CREATED:20261122T120000Z", f"SUMMARY:{title}", "STATUS:NEEDS-ACTION", "END:VTODO"]
    lines.append("END:VCALENDAR")
    (folder / "tasks.ics").write_text("\r\n".join(lines) + "\r\n")


def rss_mib(pids):
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/status") as status:
                total += next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
        except (OSError, StopIteration):
            pass
    return total / 1024


def descendants(pid):
    """Process ids under `pid` (children, grandchildren, …)."""
    children = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                children.setdefault(parent, []).append(int(entry.name))
            except (OSError, IndexError, ValueError):
                pass
    found, queue = [], [pid]
    while queue:
        for child in children.get(queue.pop(), []):
            found.append(child)
            queue.append(child)
    return found


def process_name(pid):
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


def time_until_shown(process, app_pid, shows, timeout=60):
    """Seconds from `start` until `shows(nodes)` is true for the accessible tree of `app_pid()`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pid = app_pid()
        if pid is not None and shows(accessible_nodes(pid)):
            return True
        if process.poll() is not None:
            return False
        time.sleep(0.02)
    return False


def run_endeavour(home, env):
    """One Endeavour start in its own session bus (so Evolution Data Server starts fresh, with
    this home): (ms to the loaded list, MiB after settling, Endeavour + EDS)."""
    environment = dict(env, HOME=str(home), XDG_DATA_HOME=str(home / ".local/share"),
                       XDG_CONFIG_HOME=str(home / ".config"), XDG_CACHE_HOME=str(home / ".cache"))
    environment.pop("DBUS_SESSION_BUS_ADDRESS", None)
    start = time.monotonic()
    process = subprocess.Popen(["dbus-run-session", "--", "endeavour"], env=environment,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        def app_pid():
            return next((pid for pid in descendants(process.pid) if process_name(pid) == "endeavour"), None)

        # The sidebar's Inbox row carries the number of tasks once the list is loaded.
        loaded = time_until_shown(process, app_pid, lambda nodes: any(n["text"] == str(TASKS) for n in nodes))
        elapsed = (time.monotonic() - start) * 1000
        if not loaded:
            raise RuntimeError("Endeavour never showed the 1,000 tasks")
        time.sleep(SETTLE_SECONDS)
        pids = [pid for pid in descendants(process.pid) if process_name(pid) == "endeavour"
                or process_name(pid).startswith("evolution-")]
        return elapsed, rss_mib(pids)
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=20)


def run_flick(flick, data_dir, first_title, env):
    start = time.monotonic()
    process = subprocess.Popen([str(flick), "--data-dir", str(data_dir)], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        shown = time_until_shown(process, lambda: process.pid,
                                 lambda nodes: any(n["text"] == first_title for n in nodes))
        elapsed = (time.monotonic() - start) * 1000
        if not shown:
            raise RuntimeError("Flick never showed its list")
        time.sleep(SETTLE_SECONDS)
        return elapsed, rss_mib([process.pid])
    finally:
        process.terminate()
        process.wait(timeout=20)


def rows(flick, flick_folder, work, runs):
    """Table rows; if Endeavour cannot be run here, one row that says why."""
    if shutil.which("endeavour") is None:
        return [("Against Endeavour", "", "", "", "", None, "not run: the endeavour package is not installed")]
    import sqlite3
    connection = sqlite3.connect(f"file:{flick_folder / 'flick.sqlite'}?mode=ro", uri=True)
    titles = [title for (title,) in connection.execute("SELECT title FROM item ORDER BY rank")]
    connection.close()
    env = dict(os.environ, AT_SPI_BUS_ADDRESS=accessibility_bus_address())
    flick_times, flick_rss, endeavour_times, endeavour_rss = [], [], [], []
    try:
        for run in range(runs):  # A B A B, each Endeavour run with a fresh home and data server.
            elapsed, rss = run_flick(flick, flick_folder, titles[0], env)
            flick_times.append(elapsed)
            flick_rss.append(rss)
            home = work / f"home-{run}"
            write_task_list(home, titles)
            elapsed, rss = run_endeavour(home, env)
            endeavour_times.append(elapsed)
            endeavour_rss.append(rss)
    except RuntimeError as problem:
        return [("Against Endeavour", "", "", "", "", None, f"not run: {problem}")]
    speed = statistics.median(endeavour_times) / statistics.median(flick_times)
    memory = statistics.median(flick_rss) / statistics.median(endeavour_rss)

    def fmt(values, unit):
        return f"{statistics.median(values):.0f} {unit} ({min(values):.0f}–{max(values):.0f})"

    return [
        (f"Exec to the loaded {TASKS:,}-task list, from outside (AT-SPI), vs Endeavour",
         fmt(flick_times, "ms"), fmt(endeavour_times, "ms"), f"{speed:.1f}× faster", "≥ 10× faster", speed >= 10),
        (f"RSS after {SETTLE_SECONDS} s, vs Endeavour + Evolution Data Server",
         fmt(flick_rss, "MiB"), fmt(endeavour_rss, "MiB"), f"{memory:.2f}", "≤ 0.33", memory <= 1 / 3),
    ]
