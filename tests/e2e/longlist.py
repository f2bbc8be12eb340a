"""A long list for end-to-end tests: a database of `count` items made the way Flick makes one
(the app creates it on its first run), then filled directly with sqlite3. The database is made
once per process and copied for every app that needs it."""

import atexit
import shutil
import sqlite3
import tempfile
import time
from pathlib import Path

from flickapp import FlickApp, wait_for

_templates = {}


def _long_list_template(count):
    """A data folder whose database holds one list of `count` items, "Item 1"…"Item N"
    (ranks 1024 apart), made on the first call for this count."""
    if count not in _templates:
        app = FlickApp(data_dir=tempfile.mkdtemp(prefix=f"flick-long-list-{count}-"))
        app.start()
        wait_for(app.titles, message="the welcome list")
        app.quit()
        connection = sqlite3.connect(app.database)
        with connection:
            connection.execute("DELETE FROM item")
            list_id = connection.execute("SELECT id FROM list ORDER BY rank LIMIT 1").fetchone()[0]
            connection.executemany("INSERT INTO item (list_id, title, completed, rank) VALUES (?, ?, 0, ?)",
                                   [(list_id, f"Item {n}", n * 1024) for n in range(1, count + 1)])
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        connection.close()
        app.cleanup()  # Closes and removes the log; the folder is not the app's to remove.
        _templates[count] = app.data_dir
        atexit.register(shutil.rmtree, app.data_dir, True)
    return _templates[count]


def app_with_long_list(count, env=None):
    """A started FlickApp, on its own copy of the data folder, whose only list holds `count`
    items titled "Item 1"…"Item N"."""
    app = FlickApp(env=env)
    copy_long_list(count, app.data_dir)
    app.start()
    return app


def copy_long_list(count, data_dir):
    """Fills the empty folder `data_dir` with a database whose only list holds `count` items
    titled "Item 1"…"Item N", for a Flick started on it (a WaylandFlickApp, say)."""
    for file in Path(_long_list_template(count)).iterdir():
        if not file.name.endswith("-shm"):  # Rebuilt by SQLite; never copied from another run.
            shutil.copy2(file, Path(data_dir) / file.name)


def process_stats(pid):
    """(resident memory in KiB, CPU time in clock ticks) of process `pid`."""
    with open(f"/proc/{pid}/status") as status:
        rss = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return rss, int(fields[11]) + int(fields[12])  # utime + stime


def settle_problem(app, seconds=1.5, max_cpu_share=0.1, max_growth_kib=8 * 1024):
    """What is wrong with Flick over the next `seconds`, or None if it is alive, idle (at most
    `max_cpu_share` of a core), its memory flat (less than `max_growth_kib` of growth) and it
    wrote no GTK CRITICAL. The failures of issue 13: a stack overflow (the process gone), a
    core kept busy with memory climbing 10-20 MiB a second, or a widget freed while GTK still
    pointed at it (CRITICALs, tens of MiB of them a second, and a busy core)."""
    if app.process.poll() is not None:
        return f"flick exited with {app.process.returncode}"
    rss_before, cpu_before = process_stats(app.process.pid)
    time.sleep(seconds)
    if app.process.poll() is not None:
        return f"flick exited with {app.process.returncode}"
    rss_after, cpu_after = process_stats(app.process.pid)
    criticals = app.gtk_criticals(limit=3)
    if criticals:
        return "GTK CRITICAL: " + " | ".join(criticals)
    ticks = cpu_after - cpu_before  # Clock ticks: 100 a second.
    if ticks > max_cpu_share * seconds * 100:
        return f"flick kept a core busy: {ticks / seconds:.0f}% of a core over {seconds} s"
    if rss_after - rss_before > max_growth_kib:
        return f"memory grew from {rss_before} to {rss_after} KiB in {seconds} s"
    return None


def assert_settles(test, app, seconds=1.5):
    """The app is alive and idle: it used at most a tenth of a core over `seconds`, its
    memory did not grow by more than 8 MiB meanwhile, and it wrote no GTK CRITICAL (the crash
    of issue 13 kept one core busy and grew 10-20 MiB a second until the stack overflowed)."""
    problem = settle_problem(app, seconds)
    if problem:
        test.fail(problem)
