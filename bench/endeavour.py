"""Flick against Endeavour (GNOME's to-do app, Debian `endeavour`) for `make bench`: exec → the
first window grab that shows the loaded list of 1,000 tasks, and memory after settling,
including the Evolution Data Server processes Endeavour needs.

Both apps are timed the same way, from outside, by their pixels: `bench/xwatch.c` (built by
`make bench` beside the floor, in the release scratch folder) grabs the window every 20 ms and
reports the first grab that matches the picture of the loaded list. That picture comes from one
unmeasured warm-up run of each app, watched until its window has not changed for 10 s: Endeavour
shows an empty window first and fills it from its data server seconds later. Walking the
accessibility tree instead (as this file once did) costs time in proportion to the app's tree,
and Endeavour's is far bigger than Flick's, so it inflated Endeavour's time many times over.

Each app runs in its own D-Bus session with its own HOME; both show the same items. Endeavour
always opens on its Today panel, so every task is due today there (Flick has no due dates).
The final pictures of the last measured runs are kept beside xwatch, as bench-flick-final.ppm
and bench-endeavour-final.ppm, so a person can check what each window showed."""

import datetime
import os
import shutil
import signal
import sqlite3
import statistics
import subprocess
import time
from pathlib import Path

MIN_RUNS = 5  # fewer give no meaningful median and range
QUIET_SECONDS = 3  # after the matching grab: the memory is read once the window stays unchanged this long
WARM_UP_QUIET_SECONDS = 10  # long enough for Endeavour's data server to fill its list
WINDOW_SIZE = (480, 640)  # Flick's default size; Endeavour's is set to match
# The session's own processes, alike for both apps: not counted as either app's memory.
PLUMBING = ("dbus-daemon", "dbus-run-session", "at-spi-bus-launcher", "at-spi2-registryd")


def monotonic_us():
    # CLOCK_MONOTONIC, the clock xwatch prints.
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000


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


def environment(home, **extra):
    """Our display's environment with a private HOME and no session bus: dbus-run-session
    starts a new one, so the data server starts fresh and sees this HOME."""
    env = dict(os.environ, HOME=str(home), XDG_DATA_HOME=str(home / ".local/share"),
               XDG_CONFIG_HOME=str(home / ".config"), XDG_CACHE_HOME=str(home / ".cache"), **extra)
    env.pop("DBUS_SESSION_BUS_ADDRESS", None)
    env.pop("AT_SPI_BUS_ADDRESS", None)
    return env


# MARK: Watching a run


def processes_with_home(home):
    """(pid, program name, VmRSS in KiB) of every process whose HOME is `home`: the app and what
    its private session started for it. The data server is reparented to init, so following
    the process tree would miss it."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if f"HOME={home}".encode() not in (entry / "environ").read_bytes().split(b"\0"):
                continue
            name = Path((entry / "cmdline").read_bytes().split(b"\0")[0].decode(errors="replace")).name
            rss = next((int(line.split()[1]) for line in (entry / "status").read_text().splitlines()
                        if line.startswith("VmRSS:")), 0)
            found.append((int(entry.name), name, rss))
        except (OSError, ValueError):
            continue  # it ended while we looked, or is a kernel thread
    return found


def kill_home(home):
    """Ends whatever is left of a run: every process with its private HOME is its own. Waits
    (a little) until they have gone, so that no run overlaps the end of the one before."""
    deadline = time.monotonic() + 5
    while (left := processes_with_home(home)) and time.monotonic() < deadline:
        for pid, _, _ in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        time.sleep(0.05)


def start_in_session(command, env, pid_file):
    """Starts `command` in its own D-Bus session; returns (session process, the app's pid).
    The app's pid comes from a shell that writes its own and then execs the app, since the
    app is the session's grandchild and xwatch needs its pid to find its window."""
    pid_file.unlink(missing_ok=True)
    session = subprocess.Popen(["dbus-run-session", "--", "sh", "-c", 'echo $$ > "$0"; exec "$@"', str(pid_file),
                                *map(str, command)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while not (pid_file.exists() and pid_file.read_text().strip()):
        if time.monotonic() > deadline or session.poll() is not None:
            raise RuntimeError(f"{command[0]} did not start")
        time.sleep(0.002)
    return session, int(pid_file.read_text())


def xwatch_values(output):
    """xwatch's `xwatch KEY VALUE` lines as a dict of ints."""
    return {key: int(value) for _, key, value in (line.split() for line in output.splitlines())}


def watched_run(xwatch, name, command, env, home, work, reference=None, quiet_seconds=QUIET_SECONDS):
    """One start of an app, watched by xwatch until it has shown `reference` (if given) and then
    not changed for `quiet_seconds`. Returns (ms from exec to the first grab that matched, MiB of
    every process of the run, their names); the last grab is left in `work`/NAME-final.ppm."""
    final = work / f"{name}-final.ppm"
    started = monotonic_us()
    session, pid = start_in_session(command, env, work / f"{name}.pid")
    try:
        watch = subprocess.run([str(part) for part in (xwatch, pid, 60, quiet_seconds, final)]
                               + ([str(reference)] if reference else []), capture_output=True, text=True, timeout=90)
        counted = [(n, rss) for _, n, rss in processes_with_home(home) if n not in PLUMBING]
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass  # it ended by itself: xwatch's output below says what it saw
        session.wait(timeout=20)
    finally:
        kill_home(home)  # the data server may outlive its bus for a moment, or the run failed
        if session.poll() is None:
            session.kill()
            session.wait()
    values = xwatch_values(watch.stdout)
    if "matched" not in values:
        raise RuntimeError(f"xwatch saw no window of {name}: {watch.stderr.strip()}")
    if reference and values["matched"] < 0:
        raise RuntimeError(f"{name} never showed the picture of its warm-up run within 60 s")
    return (values["matched"] - started) / 1000, sum(rss for _, rss in counted) / 1024, {n for n, _ in counted}


# MARK: The rows


def measure(flick, flick_folder, work, runs, xwatch):
    """Warm-up of each app (its final picture becomes the reference), then `runs` measured runs
    of each, interleaved A B A B. Returns {app: [(ms, MiB, names), …]}."""
    items = read_items(flick_folder)
    ics = task_list(items).encode()
    home = work / "endeavour-home"
    tasks = endeavour_home(home)
    flick_home = work / "flick-home"
    flick_home.mkdir(parents=True, exist_ok=True)
    apps = (("flick", [flick, "--data-dir", flick_folder], environment(flick_home), flick_home),
            ("endeavour", ["endeavour"], environment(home, GSETTINGS_BACKEND="keyfile"), home))
    results = {"flick": [], "endeavour": []}
    for run in range(runs + 1):
        for name, command, env, app_home in apps:
            tasks.write_bytes(ics)  # every run reads the same file, whatever the data server did to it
            reference = work / f"{name}-reference.ppm"
            if run == 0:
                watched_run(xwatch, name, command, env, app_home, work, quiet_seconds=WARM_UP_QUIET_SECONDS)
                shutil.copyfile(work / f"{name}-final.ppm", reference)
            else:
                results[name].append(watched_run(xwatch, name, command, env, app_home, work, reference))
        if run:  # a sign of life: the whole comparison takes a minute or two
            print(f"bench: Endeavour run {run}/{runs}: Flick {results['flick'][-1][0]:.0f} ms, "
                  f"Endeavour {results['endeavour'][-1][0]:.0f} ms", flush=True)
    for name, _, _, _ in apps:
        shutil.copyfile(work / f"{name}-final.ppm", xwatch.parent / f"bench-{name}-final.ppm")
    return results, len(items)


def summary(values, unit):
    return f"{statistics.median(values):,.0f} {unit} ({min(values):,.0f}–{max(values):,.0f})"


def rows(flick, flick_folder, work, runs):
    """Table rows; if Endeavour cannot be run here, one row that says why."""
    # make bench builds xwatch beside the floor: in the release scratch folder, FLICK's grandparent
    # (not resolved: release/ is a link into a platform folder).
    xwatch = Path(os.path.abspath(flick)).parents[1] / "xwatch"
    if shutil.which("endeavour") is None:
        return [("Against Endeavour", "", "", "", "", None, "not run: the endeavour package is not installed")]
    if not xwatch.exists():
        return [("Against Endeavour", "", "", "", "", None, f"not run: {xwatch} is not built (make bench builds it)")]
    work.mkdir(parents=True, exist_ok=True)
    try:
        results, count = measure(flick, flick_folder, work, max(runs, MIN_RUNS), xwatch)
    except (RuntimeError, OSError, ValueError, subprocess.SubprocessError) as problem:
        return [("Against Endeavour", "", "", "", "", None, f"not run: {problem}")]
    flick_ms, flick_mib, _ = zip(*results["flick"])
    endeavour_ms, endeavour_mib, names = zip(*results["endeavour"])
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
