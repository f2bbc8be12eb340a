#!/usr/bin/python3
"""`make bench`: Flick's figures side by side with baselines measured in the same run,
interleaved A B A B, under the Xvfb display that tools/with-display starts. Prints one table
and writes it, with the command, the machine and the commit, to BENCHMARKS.md. Benchmarks
never fail a build on a timing: the exit status says only whether the benchmark could run.

    tools/with-display /usr/bin/python3 bench/run.py FLICK FLOOR FLICK_BENCH [--runs N] [--only search-provider]

FLICK is the `flick` that ships, which has no benchmark in it: the Shell's search provider and
the comparison with Endeavour time it from outside, and a kill -9 is left by it. FLICK_BENCH is
`flick-bench`, Flick's own application linked as `flick` is (the same code, the same symbol
order) with the benchmarks that drive its window from inside and print what they time
(Sources/flick-bench, FLICK_BENCH_* variables); with --core, the controller's and the store's
costs, without a display.

`--only search-provider` runs that one section (bench/search_provider.py), `--only upcoming`
the Upcoming view's, `--only select` a selection's (issue 60), `--only edits` the single edits
and `--only clear` Clear Completed (issue 76), and prints its rows without
writing BENCHMARKS.md, whose table is the whole run's.
"""

import argparse
import datetime
import json
import os
import platform
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

import endeavour  # noqa: E402
import search_provider  # noqa: E402

SIZES = [9, 1000, 100_000]
FRAME_ITEMS = 10_000
FRAMES = 600
CLEAR_ROUNDS = 5
EDIT_SIZES = [10_000, 100_000]
EDIT_ROUNDS = 30
# Every edit, Clear Completed included, within this many times the floor doing the same model
# change (issue 76).
EDIT_RATIO_TARGET = 1.5
UPCOMING_ROUNDS = 20
# Each edit's key, then the names of its row and its undo's (Flick: Sources/flick-bench/EditBenchmark.swift;
# the floor: bench/floor.c --edits).
EDITS = [("complete", "Complete an item from the middle (Ctrl+D)",
          "Undo of that completion, after the item sank to the end"),
         ("delete", "Delete an item from the middle", "Undo of that deletion"),
         ("move", "Move an item from the middle to the end (Alt+End)", "Undo of that move"),
         ("insert", "Insert a typed item in the middle (Enter in a new row)", "Undo of that insertion")]


def make_database(flick, directory, count):
    """A data folder with Flick's welcome list (9 items), or one list of `count` items."""
    directory.mkdir(parents=True, exist_ok=True)
    run_startup(flick, [], directory, {})  # The first run creates the database and the welcome list.
    if count != 9:
        connection = sqlite3.connect(directory / "flick.sqlite")
        with connection:
            connection.execute("DELETE FROM item")
            list_id = connection.execute("SELECT id FROM list ORDER BY rank LIMIT 1").fetchone()[0]
            connection.executemany(
                "INSERT INTO item (list_id, title, completed, rank) VALUES (?, ?, ?, ?)",
                [(list_id, title(n), int(n % 7 == 0), n * 1024) for n in range(1, count + 1)])
        connection.close()
    return directory


def title(n):
    # bench/floor.c's item_title gives its rows the same titles.
    words = ["Buy oat milk", "Call the plumber about the kitchen tap", "Send the report", "Book tickets",
             "Water the plants", "Renew the passport before the summer holidays", "Pay rent"]
    return f"{words[n % len(words)]} {n}"


def run_startup(program, arguments, data_dir, env):
    """Runs a program that prints `flick-bench first-frame-us=… peak-rss-kib=…` and quits; returns
    (exec to first frame in ms, peak RSS in MiB as the program saw it, ru_maxrss in MiB, exec to
    exit in ms)."""
    command = [str(program), *arguments] + (["--data-dir", str(data_dir)] if data_dir else [])
    environment = dict(os.environ, FLICK_BENCH_STARTUP="1", **env)
    start_us = time.monotonic_ns() // 1000
    process = subprocess.Popen(command, env=environment, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    end_us = time.monotonic_ns() // 1000
    process.returncode = os.waitstatus_to_exitcode(status)
    fields = dict(part.split("=") for line in output.splitlines() if line.startswith("flick-bench first-frame")
                  for part in line.split()[1:])
    if not fields:
        raise RuntimeError(f"{command} printed no first frame (exit {process.returncode})")
    return ((int(fields["first-frame-us"]) - start_us) / 1000, int(fields["peak-rss-kib"]) / 1024,
            usage.ru_maxrss / 1024, (end_us - start_us) / 1000)


def run_frames(program, arguments, env):
    return run_measured(program, arguments, env, "flick-bench frames ")


def run_measured(program, arguments, env, prefix):
    """Runs a program that prints one line `prefix{json}` and quits; returns the JSON."""
    environment = dict(os.environ, **env)
    result = subprocess.run([str(program), *arguments], env=environment, capture_output=True, text=True,
                            timeout=120)
    for line in result.stdout.splitlines():
        if line.startswith(prefix):
            return json.loads(line.removeprefix(prefix))
    raise RuntimeError(f"{program} printed no '{prefix.strip()}' line (exit {result.returncode}): {result.stderr[-500:]}")


def summary(values):
    """median (min–max)."""
    return statistics.median(values), min(values), max(values)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def fmt(values, unit, digits=0):
    median, low, high = summary(values)
    return f"{median:.{digits}f} {unit} ({low:.{digits}f}–{high:.{digits}f})"


def startup_rows(flick, floor, folders, runs, renderer):
    rows = []
    env = {"GSK_RENDERER": renderer}
    for count in folders:
        flick_times, floor_times, outside, chrome_times = [], [], [], []
        # Each program's peak RSS (from outside, at the first frame).
        rss = {"flick": ([], []), "floor": ([], []), "chrome": ([], [])}
        for _ in range(runs):  # A B C A B C: Flick, the floor, then the floor with Flick's chrome.
            first, peak, maxrss, exit_ms = run_startup(flick, [], folders[count], env)
            flick_times.append(first)
            add_rss(rss["flick"], maxrss, peak)
            outside.append(exit_ms)
            first, peak, maxrss, _ = run_startup(floor, [str(count)], None, env)
            floor_times.append(first)
            add_rss(rss["floor"], maxrss, peak)
            first, peak, maxrss, _ = run_startup(floor, [str(count), "--chrome"], None, env)
            chrome_times.append(first)
            add_rss(rss["chrome"], maxrss, peak)
        ratio = statistics.median(flick_times) / statistics.median(floor_times)
        rows.append((f"Start-up after a clean end to first frame with rows, {count:,} items ({renderer})",
                     fmt(flick_times, "ms"), fmt(floor_times, "ms"), f"{ratio:.2f}×",
                     "≤ 1.15×" if count >= 100_000 else "≤ 1.10×", ratio <= (1.15 if count >= 100_000 else 1.10)))
        # Information, not a target: how much of the difference is GTK drawing Flick's header
        # and rows (bench/floor.c --chrome), and how much is Flick's own.
        chrome_ratio = statistics.median(flick_times) / statistics.median(chrome_times)
        rows.append((f"Start-up, {count:,} items ({renderer}), against the floor with Flick's window chrome "
                     f"(header bar and buttons, bold rows; the floor with chrome: "
                     f"{statistics.median(chrome_times) / statistics.median(floor_times):.2f}× the plain floor)",
                     fmt(flick_times, "ms"), fmt(chrome_times, "ms"), f"{chrome_ratio:.2f}×", "information", None))
        rows += memory_rows(count, renderer, rss["flick"], rss["floor"], rss["chrome"])
        if renderer == "cairo":
            rows.append((f"Exec to exit after the first frame (from outside), {count:,} items",
                         fmt(outside, "ms"), "", "", "cross-check", None))
    return rows


def leave_killed(flick, data_dir, env):
    """Leaves `data_dir` as a kill -9 (a crash, the OOM killer) leaves it: Flick started on it,
    its database opened for writing (which removes the clean-close note, so the next start
    checks the whole file), its window up, then SIGKILL."""
    note = data_dir / "flick.sqlite-closed"
    process = subprocess.Popen([str(flick), "--data-dir", str(data_dir)], env=dict(os.environ, **env),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while note.exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    time.sleep(0.5)  # The window up, as a user's is when Flick is killed.
    process.kill()
    process.wait()
    if note.exists():
        raise RuntimeError(f"{flick} did not open {data_dir} for writing within 30 s")


def kill_startup_rows(flick, flick_bench, floor, folders, runs):
    """Start-up when the previous Flick was killed: the full integrity check is due (issue 55),
    and runs beside the first frame. `flick`, the shipped one, is killed; `flick_bench` times
    the start after it. Interleaved with the floor as the clean starts are."""
    rows = []
    env = {"GSK_RENDERER": "cairo"}
    for count in folders:
        flick_times, floor_times = [], []
        for _ in range(runs):
            leave_killed(flick, folders[count], env)
            flick_times.append(run_startup(flick_bench, [], folders[count], env)[0])
            floor_times.append(run_startup(floor, [str(count)], None, env)[0])
        ratio = statistics.median(flick_times) / statistics.median(floor_times)
        target = count >= 100_000
        rows.append((f"Start-up after a kill -9 to first frame with rows, {count:,} items (cairo)",
                     fmt(flick_times, "ms"), fmt(floor_times, "ms"), f"{ratio:.2f}×",
                     "≤ 1.30×" if target else "information", ratio <= 1.30 if target else None))
    return rows


def add_rss(into, maxrss, peak):
    into[0].append(maxrss)
    into[1].append(peak)


def memory_rows(count, renderer, flick, floor, chrome):
    """The peak RSS rows of one size: `flick`, `floor` and `chrome` (the floor with Flick's window
    chrome) are each (ru_maxrss from outside, VmHWM at the first frame) lists in MiB. The target
    is on the figure from outside (issue 55): the whole life of the process, quitting included,
    as `/usr/bin/time` or a task manager sees it. Against the floor with chrome, information: how
    much of the difference is GTK drawing Flick's header bar, its icons and bold rows (with GL on
    llvmpipe, about 10 MiB), and how much is Flick's own."""
    rows = []
    for index, name, target in [(0, "Peak RSS from outside (ru_maxrss, exec to exit)", "≤ floor + 20 MiB"),
                                (1, "Peak RSS at the first frame (VmHWM, as the program saw it)", "information")]:
        growth = statistics.median(flick[index]) - statistics.median(floor[index])
        rows.append((f"{name}, {count:,} items ({renderer})", fmt(flick[index], "MiB"), fmt(floor[index], "MiB"),
                     f"{growth:+.0f} MiB", target, growth <= 20 if index == 0 else None))
    growth = statistics.median(flick[0]) - statistics.median(chrome[0])
    rows.append((f"Peak RSS from outside, {count:,} items ({renderer}), against the floor with Flick's window chrome",
                 fmt(flick[0], "MiB"), fmt(chrome[0], "MiB"), f"{growth:+.0f} MiB", "information", None))
    return rows


REST_SECONDS = (3, 30)


def run_side_by_side_at_rest(runs, env):
    """Runs programs to their first frames and on, side by side under one display, as a user's
    runs (FLICK_BENCH_STAY=1); `runs` is a list of (program, arguments, data folder or None).
    For each, in MiB: its resident memory (VmRSS) `REST_SECONDS` after its own first frame, then
    its peak (ru_maxrss) through the end SIGTERM makes (Flick saves and quits cleanly on it).
    Side by side, not one after another: a process's resident memory is its own, and the 30 s
    wait is paid once for all three programs instead of once each."""
    environment = dict(os.environ, FLICK_BENCH_STARTUP="1", FLICK_BENCH_STAY="1", **env)
    started = [started_staying([str(program), *arguments] + (["--data-dir", str(data_dir)] if data_dir else []),
                               environment) for program, arguments, data_dir in runs]
    readings = [[] for _ in started]
    moments = sorted((first_frame + seconds, index) for index, (_, first_frame) in enumerate(started)
                     for seconds in REST_SECONDS)
    for moment, index in moments:
        time.sleep(max(0, moment - time.monotonic()))
        status = Path(f"/proc/{started[index][0].pid}/status").read_text()
        readings[index].append(int(next(line for line in status.splitlines() if line.startswith("VmRSS:")).split()[1]) / 1024)
    for index, (process, _) in enumerate(started):
        readings[index].append(ended(process) / 1024)
    return readings


def started_staying(command, environment):
    """Starts a program that prints its first frame and stays (FLICK_BENCH_STAY=1 in
    `environment`); returns (the process, the monotonic time its first frame was read)."""
    process = subprocess.Popen(command, env=environment, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    if not process.stdout.readline().startswith("flick-bench first-frame"):
        process.kill()
        raise RuntimeError(f"{command} printed no first frame")
    return process, time.monotonic()


def ended(process):
    """Ends a staying program with SIGTERM (Flick saves and quits cleanly on it); returns its
    peak RSS through that end (ru_maxrss, KiB)."""
    process.send_signal(signal.SIGTERM)
    process.stdout.read()
    _, _, usage = os.wait4(process.pid, 0)
    return usage.ru_maxrss


def rest_memory_rows(flick, floor, folders, runs, renderer):
    """Resident memory of a running Flick at rest (issue 76): 3 s and 30 s after its first frame,
    and its peak through a clean quit, against the floor run the same way beside it; and, for
    information, against the floor with Flick's window chrome (GTK's own header bar, icons and
    bold title: what of the difference is GTK's)."""
    rows = []
    names = [f"Resident memory {seconds} s after the first frame (VmRSS)" for seconds in REST_SECONDS]
    names.append("Peak RSS through a clean quit (SIGTERM, ru_maxrss)")
    for count, folder in folders.items():
        readings = {"flick": [], "floor": [], "chrome": []}
        for _ in range(runs):
            ours, floors, chromes = run_side_by_side_at_rest(
                [(flick, [], folder), (floor, [str(count)], None), (floor, [str(count), "--chrome"], None)],
                {"GSK_RENDERER": renderer})
            readings["flick"].append(ours)
            readings["floor"].append(floors)
            readings["chrome"].append(chromes)
        for index, name in enumerate(names):
            ours, floors, chromes = ([r[index] for r in readings[who]] for who in ("flick", "floor", "chrome"))
            growth = statistics.median(ours) - statistics.median(floors)
            rows.append((f"{name}, {count:,} items ({renderer})", fmt(ours, "MiB"), fmt(floors, "MiB"),
                         f"{growth:+.0f} MiB", "≤ floor + 20 MiB", growth <= 20))
            growth = statistics.median(ours) - statistics.median(chromes)
            rows.append((f"{name}, {count:,} items ({renderer}), against the floor with Flick's window chrome",
                         fmt(ours, "MiB"), fmt(chromes, "MiB"), f"{growth:+.0f} MiB", "information", None))
    return rows


def frame_rows(flick, floor, folder, runs):
    flick_work, flick_late, floor_work, floor_late = [], 0, [], 0
    for _ in range(runs):
        result = run_frames(flick, ["--data-dir", str(folder)], {"FLICK_BENCH_FRAMES": str(FRAMES)})
        flick_work += result["work_us"]
        flick_late += sum(1 for interval in result["interval_us"] if interval > 25_000)
        result = run_frames(floor, [str(FRAME_ITEMS), "--frames", str(FRAMES), "--size", "800x600"], {})
        floor_work += result["work_us"]
        floor_late += sum(1 for interval in result["interval_us"] if interval > 25_000)
    rows = []
    for name, fraction in [("p50", 0.5), ("p95", 0.95), ("p99", 0.99)]:
        flick_value, floor_value = percentile(flick_work, fraction) / 1000, percentile(floor_work, fraction) / 1000
        target = "≤ 12 ms" if name == "p99" else ""
        rows.append((f"Frame work {name}, {FRAME_ITEMS:,} items at 800×600, {runs}×{FRAMES} frames",
                     f"{flick_value:.2f} ms", f"{floor_value:.2f} ms", f"{flick_value / floor_value:.2f}×",
                     target, flick_value <= 12 if name == "p99" else None))
    rows.append(("Frames whose interval exceeded 25 ms", f"{flick_late} of {runs * FRAMES}",
                 f"{floor_late} of {runs * FRAMES}", "", "0", flick_late == 0))
    return rows


def no_animations(work):
    """The environment of a GTK configuration with animations off, so that a change lands in the
    frame that made it (rows do not collapse or slide first)."""
    settings = work / "no-animations" / "gtk-4.0"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "settings.ini").write_text("[Settings]\ngtk-enable-animations=false\n")
    return {"XDG_CONFIG_HOME": str(settings.parent)}


def clear_rows(flick, floor, folder, runs, work):
    """Clear Completed and its undo on the frame benchmark's list (every seventh item completed),
    with animations off so that the rows go at once; the floor removes and puts back the same
    rows of its plain list, one splice each."""
    env = no_animations(work)
    flick_times, floor_times = {"clear_us": [], "undo_us": []}, {"clear_us": [], "undo_us": []}
    items = 0
    for _ in range(runs):
        result = run_measured(flick, ["--data-dir", str(folder)], dict(env, FLICK_BENCH_CLEAR=str(CLEAR_ROUNDS)),
                              "flick-bench clear ")
        items = result["items"]
        for key in flick_times:
            flick_times[key] += result[key]
        result = run_measured(floor, [str(FRAME_ITEMS), "--clear", str(CLEAR_ROUNDS), "--size", "800x600"], env,
                              "flick-bench clear ")
        for key in floor_times:
            floor_times[key] += result[key]
    completed = FRAME_ITEMS // 7
    rows = []
    for key, name in [("clear_us", "Clear Completed"), ("undo_us", "Undo of Clear Completed")]:
        flick_ms = [value / 1000 for value in flick_times[key]]
        floor_ms = [value / 1000 for value in floor_times[key]]
        ratio = statistics.median(flick_ms) / statistics.median(floor_ms)
        rows.append((f"{name}, {completed:,} of {items:,} items, to its frame painted ({runs}×{CLEAR_ROUNDS})",
                     fmt(flick_ms, "ms"), fmt(floor_ms, "ms"), f"{ratio:.2f}×", f"≤ {EDIT_RATIO_TARGET}×",
                     ratio <= EDIT_RATIO_TARGET))
    return rows


def plan_dates(folder):
    """Gives the items of `folder` due dates as a planned list has them: one in ten dated, from
    a month ago to eleven months on (a month of overdue items, two weeks in Upcoming), one in
    a hundred of those repeating weekly."""
    today = datetime.date.today()
    connection = sqlite3.connect(folder / "flick.sqlite")
    with connection:
        rows = connection.execute("SELECT id FROM item WHERE id % 10 = 0").fetchall()
        dates = []
        for (item_id,) in rows:
            day = today + datetime.timedelta(days=item_id // 10 % 365 - 30)
            dates.append((day.year * 10000 + day.month * 100 + day.day, "FREQ=WEEKLY" if item_id % 1000 == 0 else None,
                          item_id))
        connection.executemany("UPDATE item SET due_day = ?, rrule = ? WHERE id = ?", dates)
    connection.close()
    return len(dates)


def upcoming_rows(flick, folder, runs, work):
    """Upcoming (issue 59) opened from the lists overview, UPCOMING_ROUNDS times a run, on
    100,000 items of which one in ten is dated (`plan_dates`), with animations off: as a user
    goes back and forth (the file unchanged, so the read Upcoming keeps serves again), and with
    an item written before each opening (`FLICK_BENCH_UPCOMING_CHANGE`: every opening reads
    again). Target: each p99 within one frame at 60 Hz. There is no floor for it: the floor
    has no smart lists."""
    dated = plan_dates(folder)
    budget = 1000 / 60
    rows = []
    for change, how in (("0", "nothing changed between openings"), ("1", "an item written before each")):
        env = dict(no_animations(work), FLICK_BENCH_UPCOMING=str(UPCOMING_ROUNDS), FLICK_BENCH_UPCOMING_CHANGE=change)
        times, shown = [], 0
        for _ in range(runs):
            result = run_measured(flick, ["--data-dir", str(folder)], env, "flick-bench upcoming ")
            times += [value / 1000 for value in result["open_us"]]
            shown = result["rows"]
        p99 = percentile(times, 0.99)
        rows.append((f"Open Upcoming from the lists (Ctrl+U), 100,000 items, {dated:,} dated: {shown:,} rows, "
                     f"to its frame painted, {how} ({runs}×{UPCOMING_ROUNDS})",
                     f"{statistics.median(times):.1f} ms, p99 {p99:.1f} ms", "", "", f"p99 ≤ {budget:.1f} ms", p99 <= budget))
    return rows


SELECT_ROUNDS = 5


def selection_rows(flick, floor, folder, runs, work):
    """Issue 60: every open item of the frame benchmark's list selected (every seventh is
    completed, so 8,572 of 10,000), then all of them completed in one step (sinking: as none is
    left open, they go above the ones completed before), then its undo, SELECT_ROUNDS times a
    run, with animations off. The floor makes the same change to its plain list: every open
    row's label restyled and the rows done before sunk below them, one splice of the whole
    list, and back (bench/floor.c --select). The issue's target: within two frames at 60 Hz of
    the floor, at the median."""
    env = no_animations(work)
    times = {"flick": {"complete_us": [], "undo_us": []}, "floor": {"complete_us": [], "undo_us": []}}
    items = 0
    for _ in range(runs):  # Interleaved, as the other sections are: Flick, then the floor.
        result = run_measured(flick, ["--data-dir", str(folder)], dict(env, FLICK_BENCH_SELECT=str(SELECT_ROUNDS)),
                              "flick-bench select ")
        items = result["items"]
        for key in times["flick"]:
            times["flick"][key] += [value / 1000 for value in result[key]]
        result = run_measured(floor, [str(FRAME_ITEMS), "--select", str(SELECT_ROUNDS), "--size", "800x600"], env,
                              "flick-bench select ")
        for key in times["floor"]:
            times["floor"][key] += [value / 1000 for value in result[key]]
    budget = 2 * 1000 / 60
    rows = []
    for key, name in [("complete_us", "Complete every selected item"), ("undo_us", "Undo of completing the selection")]:
        flick_ms, floor_ms = times["flick"][key], times["floor"][key]
        over = statistics.median(flick_ms) - statistics.median(floor_ms)
        rows.append((f"{name}, {items:,} selected of {FRAME_ITEMS:,} items, to its frame painted ({runs}×{SELECT_ROUNDS})",
                     fmt(flick_ms, "ms"), fmt(floor_ms, "ms"),
                     f"{statistics.median(flick_ms) / statistics.median(floor_ms):.2f}×",
                     f"≤ floor + {budget:.1f} ms", over <= budget))
    return rows


def edit_rows(flick, floor, folders, runs, work):
    """Complete, delete, move and insert on an open item from the middle of the list, each with
    its undo, EDIT_ROUNDS times a run, with animations off; the floor makes the same changes to
    its plain list, one splice per row removed or put in. Targets: each one's p99 within one frame
    at 60 Hz at 10,000 items, within two at 100,000 (issue 30), and its median within
    `EDIT_RATIO_TARGET` times the floor's (issue 76)."""
    env = no_animations(work)
    rows = []
    for count, folder in folders.items():
        flick_times, floor_times = edit_times(flick, floor, count, folder, runs, env)
        frames = 1 if count < 100_000 else 2
        for key, edit_name, undo_name in EDITS:
            for slot, name in [("edit_us", edit_name), ("undo_us", undo_name)]:
                rows.append(edit_row(f"{name}, {count:,} items, to its frame painted ({runs}×{EDIT_ROUNDS})",
                                     flick_times[key][slot], floor_times[key][slot], frames))
    return rows


def edit_times(flick, floor, count, folder, runs, env):
    """Each program's times by edit and by edit or undo, in µs, from `runs` interleaved runs."""
    times = [{key: {"edit_us": [], "undo_us": []} for key, _, _ in EDITS} for _ in range(2)]
    for _ in range(runs):  # A B A B: Flick, then the floor, each run.
        results = [run_measured(flick, ["--data-dir", str(folder)], dict(env, FLICK_BENCH_EDITS=str(EDIT_ROUNDS)),
                                "flick-bench edits "),
                   run_measured(floor, [str(count), "--edits", str(EDIT_ROUNDS), "--size", "800x600"], env,
                                "flick-bench edits ")]
        for into, result in zip(times, results):
            for key, slots in into.items():
                for slot in slots:
                    slots[slot] += result[key][slot]
    return times


def edit_row(name, flick_us, floor_us, frames):
    """One table row: median and p99 of each, the ratio of the medians, and the targets: the
    ratio within `EDIT_RATIO_TARGET`, Flick's p99 within `frames` frames at 60 Hz."""
    flick_ms, floor_ms = [value / 1000 for value in flick_us], [value / 1000 for value in floor_us]
    flick_p99, budget = percentile(flick_ms, 0.99), frames * 1000 / 60
    ratio = statistics.median(flick_ms) / statistics.median(floor_ms)
    return (name, f"{statistics.median(flick_ms):.1f} ms, p99 {flick_p99:.1f} ms",
            f"{statistics.median(floor_ms):.1f} ms, p99 {percentile(floor_ms, 0.99):.1f} ms", f"{ratio:.2f}×",
            f"≤ {EDIT_RATIO_TARGET}×, p99 ≤ {budget:.1f} ms", ratio <= EDIT_RATIO_TARGET and flick_p99 <= budget)


def core_rows(flick_bench, items):
    report = json.loads(subprocess.run([str(flick_bench), "--core", str(items)], check=True, capture_output=True,
                                       text=True).stdout)
    rows = []
    for stream in ["drag", "swipe", "pinch"]:
        values = report[f"controller_{stream}_ns"]
        p99 = percentile(values, 0.99)
        rows.append((f"Controller, {stream} stream, per event (median, p99 of 2,000 streams)",
                     f"{statistics.median(values):.0f} ns, p99 {p99:.0f} ns", "", "", "p99 ≤ 1 µs", p99 <= 1000))
    opens = report["storage_open_ms"]
    rows.append((f"Storage: open and load {items:,} items", fmt(opens, "ms", 1), "", "", "", None))
    for edit in ["insert", "complete", "move", "delete"]:
        values = report[f"storage_{edit}_ms"]
        median = statistics.median(values)
        rows.append((f"Storage: one durable {edit} among {items:,} items (200 edits)",
                     f"{median:.2f} ms, p99 {percentile(values, 0.99):.2f} ms", "", "", "median ≤ 2 ms", median <= 2))
    # Each search must fit in one frame at 60 Hz, the broadest (one letter, every item) included.
    searches = report["storage_search_ms"]
    rows.append((f"Storage: one search as you type among {items:,} items ({len(searches)} searches, 6 typed prefixes)",
                 f"{statistics.median(searches):.2f} ms, max {max(searches):.2f} ms", "", "", "≤ 16 ms",
                 max(searches) <= 16))
    return rows


def markdown(rows, header):
    lines = ["| figure | Flick | baseline | ratio | target | met |", "|---|---|---|---|---|---|"]
    for name, flick, baseline, ratio, target, met, *note in rows:
        mark = "" if met is None else ("yes" if met else "**no**")
        if note:
            flick = note[0]
        lines.append(f"| {name} | {flick} | {baseline} | {ratio} | {target} | {mark} |")
    return "\n".join(header + [""] + lines) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("flick")
    parser.add_argument("floor")
    parser.add_argument("flick_bench")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--output", default=str(ROOT / "BENCHMARKS.md"))
    parser.add_argument("--only", choices=["search-provider", "upcoming", "select", "rest", "edits", "clear", "endeavour"], help="run this section alone; BENCHMARKS.md is left as it is")
    options = parser.parse_args()
    if options.only:
        return run_only(options)
    work = Path(tempfile.mkdtemp(prefix="flick-bench-"))
    try:
        # Flick driven and timed from inside: `flick-bench` (the module docstring says why).
        bench = options.flick_bench
        print("bench: preparing databases", flush=True)
        folders = {count: make_database(bench, work / f"items-{count}", count) for count in SIZES}
        frame_folder = make_database(bench, work / f"items-{FRAME_ITEMS}", FRAME_ITEMS)
        rows = []
        print("bench: start-up, cairo", flush=True)
        rows += startup_rows(bench, options.floor, folders, options.runs, "cairo")
        print("bench: start-up after a kill", flush=True)
        rows += kill_startup_rows(options.flick, bench, options.floor, folders, options.runs)
        print("bench: start-up, GL", flush=True)
        rows += startup_rows(bench, options.floor, folders, max(5, options.runs // 2), "gl")
        for renderer in ("cairo", "gl"):
            print(f"bench: memory at rest, {renderer}", flush=True)
            rows += rest_memory_rows(bench, options.floor, folders, max(3, options.runs // 2), renderer)
        print("bench: frames", flush=True)
        rows += frame_rows(bench, options.floor, frame_folder, 3)
        print("bench: Clear Completed and its undo", flush=True)
        rows += clear_rows(bench, options.floor, frame_folder, 3, work)
        print("bench: complete, delete, move, insert and their undo", flush=True)
        edit_folders = {count: frame_folder if count == FRAME_ITEMS else folders[count] for count in EDIT_SIZES}
        rows += edit_rows(bench, options.floor, edit_folders, 3, work)
        print("bench: a selection completed and its undo", flush=True)
        rows += selection_rows(bench, options.floor, frame_folder, 3, work)
        print("bench: Upcoming", flush=True)
        rows += upcoming_rows(bench, make_database(bench, work / "upcoming", 100_000), 3, work)
        print("bench: controller and storage", flush=True)
        rows += core_rows(bench, 100_000)
        print("bench: the Shell search provider", flush=True)
        rows += search_provider.rows(options.flick, folders[100_000], options.runs)
        print("bench: Endeavour", flush=True)
        rows += endeavour.rows(options.flick, folders[1000], work / "endeavour", runs=options.runs)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    header = [
        "# Benchmarks",
        "",
        f"Written by `make bench` (`{' '.join(sys.argv)}` under `tools/with-display`), "
        f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, commit {commit}.",
        f"Machine: {os.cpu_count()} cores, {platform.machine()}, {platform.platform()}; Xvfb "
        f"{os.environ.get('XVFB_SCREEN', '1280x1024x24')}, no GPU (GL is llvmpipe); GTK renderer cairo "
        "unless a row says GL.",
        "Flick is the release build (`flick-bench`, Flick's application linked as `flick` is, with the "
        "benchmarks that drive it from inside; the search provider and Endeavour rows time `flick` itself); the baseline is `bench/floor.c`, a GtkListView of plain label rows "
        "over a GtkStringList (same item count, same window size), run interleaved with Flick "
        f"({options.runs} runs each; GL rows {max(5, options.runs // 2)}). Figures: median (min–max). "
        "`floor --chrome` adds what Flick's window shows around and in its rows (a header bar with four "
        "icon buttons, bold rows of Flick's height on a colour): its rows say how much of Flick's start-up "
        "over the floor is GTK drawing those.",
        "Start-up is exec → the first frame painted with rows mapped, read by each program from the "
        "monotonic clock against the runner's; the row below each is exec → exit, timed from outside. "
        "After a clean end Flick skips the full integrity check (its clean-close note vouches for the "
        "file); after a kill -9 (Flick started, its window up, SIGKILL) the check runs after the first frame. "
        "Peak RSS from outside is the ru_maxrss of the process's whole life (exec to exit, quitting "
        "included) that `wait4` returns; at the first frame, the VmHWM the program read then "
        "(`bench/startup_memory.py` runs these rows alone, and with `--smaps` shows where they differ). "
        "Frame work is frame clock `update` → `after-paint`, monotonic clock. Edits (Clear Completed, "
        "complete, delete, move, insert, their undo) run with animations off and are timed from the "
        "action to its frame's `after-paint`; p99 is the 99th percentile of all the runs' values.",
    ]
    text = markdown(rows, header)
    print(text)
    Path(options.output).write_text(text + sections_of_other_runs(Path(options.output)))


def sections_of_other_runs(output):
    """The `## ` sections that other commands wrote at the end of the file (`make bench-peers`,
    bench/peers.py, which runs on Debian 13 only), kept as they were: this run measured none of them."""
    old = output.read_text() if output.exists() else ""
    start = old.find("\n## ")
    return "\n" + old[start + 1:] if start >= 0 else ""


def run_only(options):
    """One section alone, printed: a figure looked at on its own, without the whole run's 8 minutes."""
    work = Path(tempfile.mkdtemp(prefix="flick-bench-"))
    try:
        print("bench: preparing the database", flush=True)
        bench = options.flick_bench
        if options.only == "rest":
            folders = {count: make_database(bench, work / f"items-{count}", count) for count in SIZES}
            rows = [row for renderer in ("cairo", "gl") for row in rest_memory_rows(bench, options.floor, folders, options.runs, renderer)]
            print(markdown(rows, [f"`{' '.join(sys.argv)}` (one section; BENCHMARKS.md not written)"]))
            return
        if options.only in ("edits", "clear"):
            rows = edit_or_clear_rows(options, work)
            print(markdown(rows, [f"`{' '.join(sys.argv)}` (one section; BENCHMARKS.md not written)"]))
            return
        if options.only == "select":
            rows = selection_rows(bench, options.floor, make_database(bench, work / "items", FRAME_ITEMS), 3, work)
            print(markdown(rows, [f"`{' '.join(sys.argv)}` (one section; BENCHMARKS.md not written)"]))
            return
        if options.only == "endeavour":
            rows = endeavour.rows(options.flick, make_database(bench, work / "items-1000", 1000), work / "endeavour",
                                  runs=options.runs)
            print(markdown(rows, [f"`{' '.join(sys.argv)}` (one section; BENCHMARKS.md not written)"]))
            return
        folder = make_database(bench, work / "items-100000", 100_000)
        if options.only == "upcoming":
            rows = upcoming_rows(bench, folder, 3, work)
        else:
            rows = search_provider.rows(options.flick, folder, options.runs)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(markdown(rows, [f"`{' '.join(sys.argv)}` (one section; BENCHMARKS.md not written)"]))


def edit_or_clear_rows(options, work):
    """`--only edits`: the single edits at 10,000 and 100,000 items; `--only clear`: Clear
    Completed at 10,000; each against the floor, `--runs` interleaved runs. Both are flick-bench's
    (`flick` itself prints no first frame and stays open: the databases were never made)."""
    frame_folder = make_database(options.flick_bench, work / f"items-{FRAME_ITEMS}", FRAME_ITEMS)
    if options.only == "clear":
        return clear_rows(options.flick_bench, options.floor, frame_folder, options.runs, work)
    folders = {count: frame_folder if count == FRAME_ITEMS else make_database(options.flick_bench, work / f"items-{count}", count)
               for count in EDIT_SIZES}
    return edit_rows(options.flick_bench, options.floor, folders, options.runs, work)


if __name__ == "__main__":
    main()
