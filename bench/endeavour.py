"""Flick against Endeavour (GNOME's to-do app, Debian `endeavour`) for `make bench`: exec → a
window that shows the loaded list of 1,000 tasks, and memory after settling including
Evolution Data Server's processes, which Endeavour needs. Both apps get the same 1,000 items
(Flick in its database, Endeavour in its local task list, an iCalendar file) and are timed the
same way, from outside, by `bench/xwatch.c`: it grabs the app's window every 20 ms and reports
the first grab that shows the picture of the loaded list (taken by an unmeasured warm-up run
that waited until nothing changed for 10 s). Each app runs in its own D-Bus session and HOME,
so Endeavour's data server starts fresh every run.

Endeavour 43 opens on its Today panel, so every task is given today's due date (Flick has no
due dates yet); completed items are completed in both."""

import datetime
import os
import shutil
import signal
import sqlite3
import statistics
import subprocess
import time
from pathlib import Path

TASKS = 1000
SETTLE_SECONDS = 3
WINDOW_SIZE = (480, 640)  # Flick's default window size, given to Endeavour too.
# The session's plumbing, the same for both apps: not counted as either app's memory.
PLUMBING = ("dbus-daemon", "dbus-run-sessio", "at-spi-bus-laun", "at-spi2-registr", "sh", "xwatch")


def ics_text(value):
    """RFC 5545 TEXT escaping."""
    return value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def ics_line(line):
    """Folds a content line at 60 characters (continuation lines start with a space)."""
    parts = [line[i:i + 60] for i in range(0, len(line), 60)] or [""]
    return "\r\n ".join(parts) + "\r\n"


def task_list(items):
    """An iCalendar task list of `items` (title, completed), all due today."""
    today = datetime.date.today().strftime("%Y%m%d")
    stamp = "20260101T090000Z"
    text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Flick benchmark//EN\r\n"
    for number, (title, completed) in enumerate(items, 1):
        text += f"BEGIN:VTODO\r\nUID:flick-bench-{number}\r\nDTSTAMP:{stamp}\r\nCREATED:{stamp}\r\n"
        text += ics_line(f"SUMMARY:{ics_text(title)}") + f"DUE;VALUE=DATE:{today}\r\n"
        text += f"STATUS:COMPLETED\r\nCOMPLETED:{stamp}\r\n" if completed else "STATUS:NEEDS-ACTION\r\n"
        text += "END:VTODO\r\n"
    return text + "END:VCALENDAR\r\n"


def endeavour_home(base, items):
    """A private HOME whose local task list holds `items`, with Endeavour's first-run tour off."""
    home = base / "endeavour-home"
    tasks = home / ".local/share/evolution/tasks/system"
    tasks.mkdir(parents=True)
    (base / "tasks.ics").write_text(task_list(items))
    settings = home / ".config/glib-2.0/settings"
    settings.mkdir(parents=True)
    (settings / "keyfile").write_text("[org/gnome/todo]\nwindow-maximized=false\n"
                                      f"window-size=({WINDOW_SIZE[0]}, {WINDOW_SIZE[1]})\nfirst-run=false\n")
    return home


def private_environment(home, keyfile_settings):
    env = {key: value for key, value in os.environ.items() if not key.startswith("DBUS_")}
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / ".local/share"), XDG_CONFIG_HOME=str(home / ".config"),
               XDG_CACHE_HOME=str(home / ".cache"))
    if keyfile_settings:
        env["GSETTINGS_BACKEND"] = "keyfile"
    return env


def processes_with_home(home):
    """(pid, name, VmRSS KiB) of every process whose HOME is `home`: the app and whatever its
    private session bus started for it (the data server is reparented to init, so the process
    tree does not find it)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if f"HOME={home}".encode() not in (entry / "environ").read_bytes().split(b"\0"):
                continue
            name = (entry / "comm").read_text().strip()
            rss = next((int(line.split()[1]) for line in (entry / "status").read_text().splitlines()
                        if line.startswith("VmRSS:")), 0)
            found.append((int(entry.name), name, rss))
        except (OSError, ValueError):
            continue
    return found


def watched_run(xwatch, command, env, home, base, name, reference=None, quiet_seconds=SETTLE_SECONDS):
    """Starts `command` in its own D-Bus session and watches its window until it has shown
    `reference` (if given) and then not changed for `quiet_seconds`; then reads the memory of
    the app and of everything its session started for it, and ends them all. Returns
    (ms from exec to the reference picture, MiB)."""
    pid_file = base / f"{name}.pid"
    pid_file.unlink(missing_ok=True)
    final = base / f"{name}-final.ppm"
    started_us = time.monotonic_ns() // 1000  # CLOCK_MONOTONIC, as xwatch reads it.
    with open(base / f"{name}.log", "a") as log:
        session = subprocess.Popen(["dbus-run-session", "--", "sh", "-c", 'echo $$ > "$0"; exec "$@"', str(pid_file),
                                    *map(str, command)], env=env, stdout=subprocess.DEVNULL, stderr=log)
    try:
        deadline = time.monotonic() + 20
        while not (pid_file.exists() and pid_file.read_text().strip()):
            if time.monotonic() > deadline:
                raise RuntimeError(f"{name} did not start")
            time.sleep(0.002)
        pid = int(pid_file.read_text())
        watch = subprocess.run([str(xwatch), str(pid), "60", str(quiet_seconds), str(final)]
                               + ([str(reference)] if reference else []), capture_output=True, text=True)
        counted = [rss for _, process, rss in processes_with_home(home) if process not in PLUMBING]
        os.kill(pid, signal.SIGTERM)
        session.wait(timeout=20)
    finally:
        # Whatever is left of this run (the data server may outlive its bus for a moment).
        for leftover, _, _ in processes_with_home(home):
            try:
                os.kill(leftover, signal.SIGKILL)
            except OSError:
                pass
        if session.poll() is None:
            session.kill()
            session.wait()
    values = dict(line.split()[1:] for line in watch.stdout.splitlines() if line.startswith("xwatch "))
    if "settled" not in values:
        raise RuntimeError(f"xwatch saw no window of {name}: {watch.stderr.strip()}")
    if int(values["settled"]) < 0:
        raise RuntimeError(f"{name} never showed the picture of its warm-up run within 60 s")
    return (int(values["settled"]) - started_us) / 1000, sum(counted) / 1024


def rows(flick, flick_folder, work, runs):
    """Table rows; if Endeavour cannot be run here, one row that says why."""
    if shutil.which("endeavour") is None:
        return [("Against Endeavour", "", "", "", "", None, "not run: the endeavour package is not installed")]
    xwatch = Path(flick).parents[1] / "xwatch"  # .build-release/xwatch, beside the floor (`make bench`).
    work.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(f"file:{flick_folder / 'flick.sqlite'}?mode=ro", uri=True)
    items = connection.execute("SELECT title, completed FROM item WHERE list_id = "
                               "(SELECT id FROM list ORDER BY rank LIMIT 1) ORDER BY rank").fetchall()
    connection.close()
    endeavour_dir = endeavour_home(work, items)
    tasks = endeavour_dir / ".local/share/evolution/tasks/system/tasks.ics"
    flick_home = work / "flick-home"
    flick_home.mkdir()
    apps = (("flick", [flick, "--data-dir", flick_folder], private_environment(flick_home, False), flick_home),
            ("endeavour", ["endeavour"], private_environment(endeavour_dir, True), endeavour_dir))
    times = {"flick": [], "endeavour": []}
    memory = {"flick": [], "endeavour": []}
    try:
        for name, command, env, home in apps:  # The warm-up runs make the reference pictures.
            shutil.copyfile(work / "tasks.ics", tasks)
            watched_run(xwatch, command, env, home, work, name, quiet_seconds=10)
            shutil.copyfile(work / f"{name}-final.ppm", work / f"{name}-reference.ppm")
        for _ in range(runs):  # A B A B.
            for name, command, env, home in apps:
                shutil.copyfile(work / "tasks.ics", tasks)  # Every run reads the same file.
                elapsed, mib = watched_run(xwatch, command, env, home, work, name, reference=work / f"{name}-reference.ppm")
                times[name].append(elapsed)
                memory[name].append(mib)
    except (RuntimeError, OSError, ValueError, subprocess.TimeoutExpired) as problem:
        return [("Against Endeavour", "", "", "", "", None, f"not run: {problem}")]
    speed = statistics.median(times["endeavour"]) / statistics.median(times["flick"])
    share = statistics.median(memory["flick"]) / statistics.median(memory["endeavour"])

    def fmt(values, unit):
        return f"{statistics.median(values):.0f} {unit} ({min(values):.0f}–{max(values):.0f})"

    return [
        (f"Exec to the first window grab showing the loaded {TASKS:,}-task list, vs Endeavour",
         fmt(times["flick"], "ms"), fmt(times["endeavour"], "ms"), f"{speed:.1f}× faster", "≥ 10× faster", speed >= 10),
        (f"RSS after the list settled ({SETTLE_SECONDS} s), vs Endeavour + Evolution Data Server",
         fmt(memory["flick"], "MiB"), fmt(memory["endeavour"], "MiB"), f"{share:.2f}", "≤ 0.33", share <= 1 / 3),
    ]
