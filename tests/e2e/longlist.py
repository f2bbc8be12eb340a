"""A long list for end-to-end tests: a database of `count` items made the way Flick makes one
(the app creates it on its first run), then filled directly with sqlite3."""

import sqlite3
import time

from flickapp import FlickApp, wait_for


def app_with_long_list(count, env=None):
    """A started FlickApp whose only list holds `count` items titled "Item 1"…"Item N"."""
    app = FlickApp(env=env)
    app.start()
    wait_for(app.titles, message="the welcome list")
    app.quit()
    connection = sqlite3.connect(app.database)
    with connection:
        connection.execute("DELETE FROM item")
        list_id = connection.execute("SELECT id FROM list ORDER BY rank LIMIT 1").fetchone()[0]
        connection.executemany("INSERT INTO item (list_id, title, completed, rank) VALUES (?, ?, 0, ?)",
                               [(list_id, f"Item {n}", n * 1024) for n in range(1, count + 1)])
    connection.close()
    app.start()
    return app


def process_stats(pid):
    """(resident memory in KiB, CPU time in clock ticks) of process `pid`."""
    with open(f"/proc/{pid}/status") as status:
        rss = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return rss, int(fields[11]) + int(fields[12])  # utime + stime


def assert_settles(test, app, seconds=1.5):
    """The app is alive and idle: it used at most a tenth of a core over `seconds`, and its
    memory did not grow by more than 8 MiB meanwhile (the crash of issue 13 kept one core busy
    and grew 10-20 MiB a second until the stack overflowed)."""
    test.assertIsNone(app.process.poll(), "flick exited")
    rss_before, cpu_before = process_stats(app.process.pid)
    time.sleep(seconds)
    test.assertIsNone(app.process.poll(), "flick exited")
    rss_after, cpu_after = process_stats(app.process.pid)
    ticks = cpu_after - cpu_before
    test.assertLess(ticks, 0.1 * seconds * 100, f"flick kept a core busy: {ticks} ticks in {seconds} s")
    test.assertLess(rss_after - rss_before, 8 * 1024, f"memory grew from {rss_before} to {rss_after} KiB")
