#!/usr/bin/python3
"""The peak memory rows of `make bench` alone, quick enough to iterate on (issue 55): Flick's
peak RSS against the floor's (and the floor's with Flick's window chrome), from outside (ru_maxrss of the whole process, exec to exit: the
target) and as each program saw it at its first frame (VmHWM), runs interleaved A B A B, on the
databases `make bench` makes, with each renderer. `--smaps` then stops each program once at its
first frame (FLICK_BENCH_STOP=1) and prints where their resident memory differs, by mapping
(/proc/PID/smaps); `--smaps-at-rest SECONDS` does the same for Flick at rest (issue 76), read
that long after the first frame, against the floor with Flick's window chrome run beside it.

    tools/with-display /usr/bin/python3 bench/startup_memory.py FLICK_BENCH FLOOR [--runs N]
        [--sizes 9,1000,100000] [--renderers cairo,gl] [--smaps] [--smaps-at-rest SECONDS]

FLICK_BENCH is the release build's `flick-bench` (.build-release/release/flick-bench): Flick's
application linked as `flick` is, which prints its first frame (`flick` itself has no benchmark).
"""

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import run  # noqa: E402


def rows_for(flick, floor, folders, runs, renderer):
    rows = []
    for count, folder in folders.items():
        rss = {"flick": ([], []), "floor": ([], []), "chrome": ([], [])}
        for _ in range(runs):  # A B C A B C: Flick, the floor, the floor with Flick's chrome.
            for name, program, arguments, data_dir in [("flick", flick, [], folder), ("floor", floor, [str(count)], None),
                                                       ("chrome", floor, [str(count), "--chrome"], None)]:
                _, peak, maxrss, _ = run.run_startup(program, arguments, data_dir, {"GSK_RENDERER": renderer})
                run.add_rss(rss[name], maxrss, peak)
        rows += run.memory_rows(count, renderer, rss["flick"], rss["floor"], rss["chrome"])
    return rows


def stopped_smaps(command, renderer):
    """Runs a program to its first frame, where it stops itself, reads its smaps there, lets it
    go on and quit; returns (resident KiB by mapping, ru_maxrss KiB)."""
    environment = dict(os.environ, FLICK_BENCH_STARTUP="1", FLICK_BENCH_STOP="1", GSK_RENDERER=renderer)
    process = subprocess.Popen(command, env=environment, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    process.stdout.readline()
    _, status = os.waitpid(process.pid, os.WUNTRACED)
    if not os.WIFSTOPPED(status):
        raise RuntimeError(f"{command} did not stop at its first frame")
    mappings = read_smaps(process.pid)
    os.kill(process.pid, signal.SIGCONT)
    process.stdout.read()
    _, _, usage = os.wait4(process.pid, 0)
    return mappings, usage.ru_maxrss


def read_smaps(pid):
    """Resident KiB by mapping: a file's by its name and permissions, anonymous ones together."""
    totals = defaultdict(int)
    name = None
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        fields = line.split()
        if not fields[0].endswith(":"):  # A mapping's first line: range, permissions, …, path.
            name = f"{os.path.basename(fields[5])} {fields[1]}" if len(fields) > 5 else "[anon]"
        elif fields[0] == "Rss:":
            totals[name] += int(fields[1])
    return totals


def smaps_at_rest(flick_command, floor_command, renderer, seconds):
    """Runs Flick and the floor side by side to their first frames and on (FLICK_BENCH_STAY=1),
    reads each one's mappings `seconds` after its own first frame, then ends both with SIGTERM;
    returns ((Flick's KiB by mapping, ru_maxrss KiB), (the floor's, ru_maxrss KiB))."""
    environment = dict(os.environ, FLICK_BENCH_STARTUP="1", FLICK_BENCH_STAY="1", GSK_RENDERER=renderer)
    started = [run.started_staying(command, environment) for command in (flick_command, floor_command)]
    mappings = []
    for process, first_frame in started:
        time.sleep(max(0, first_frame + seconds - time.monotonic()))
        mappings.append(read_smaps(process.pid))
    return [(found, run.ended(process)) for found, (process, _) in zip(mappings, started)]


def print_smaps(flick, floor, folders, renderer, seconds=None):
    """Where Flick's resident memory differs from the floor's, by mapping: at the first frame, or
    `seconds` after it against the floor with Flick's window chrome."""
    for count, folder in folders.items():
        flick_command = [str(flick), "--data-dir", str(folder)]
        if seconds is None:
            (flick_maps, flick_max), (floor_maps, floor_max) = (
                stopped_smaps(flick_command, renderer), stopped_smaps([str(floor), str(count)], renderer))
            moment, baseline = "at the first frame", "floor"
        else:
            (flick_maps, flick_max), (floor_maps, floor_max) = smaps_at_rest(
                flick_command, [str(floor), str(count), "--chrome"], renderer, seconds)
            moment, baseline = f"{seconds} s after the first frame", "floor with chrome"
        print(f"\n{count:,} items ({renderer}): resident {moment}, KiB: Flick "
              f"{sum(flick_maps.values()):,}, {baseline} {sum(floor_maps.values()):,} (ru_maxrss: Flick {flick_max:,}, "
              f"{baseline} {floor_max:,}). Mappings that differ by 128 KiB or more:")
        print(f"  {'Flick':>8} {'floor':>8} {'Flick − floor':>14}")
        for name in sorted(set(flick_maps) | set(floor_maps), key=lambda n: floor_maps[n] - flick_maps[n]):
            if abs(flick_maps[name] - floor_maps[name]) >= 128:
                print(f"  {flick_maps[name]:>8,} {floor_maps[name]:>8,} {flick_maps[name] - floor_maps[name]:>+14,}  {name}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("flick", metavar="flick_bench")
    parser.add_argument("floor")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sizes", default=",".join(str(size) for size in run.SIZES))
    parser.add_argument("--renderers", default="cairo,gl")
    parser.add_argument("--smaps", action="store_true")
    parser.add_argument("--smaps-at-rest", type=int, metavar="SECONDS")
    options = parser.parse_args()
    renderers = options.renderers.split(",")
    work = Path(tempfile.mkdtemp(prefix="flick-memory-"))
    try:
        folders = {count: run.make_database(options.flick, work / f"items-{count}", count)
                   for count in (int(size) for size in options.sizes.split(","))}
        rows = [row for renderer in renderers for row in rows_for(options.flick, options.floor, folders, options.runs,
                                                                  renderer)]
        print(run.markdown(rows, [f"`{' '.join(sys.argv)}`, {options.runs} runs each"]))
        if options.smaps:
            for renderer in renderers:
                print_smaps(options.flick, options.floor, folders, renderer)
        if options.smaps_at_rest:
            for renderer in renderers:
                print_smaps(options.flick, options.floor, folders, renderer, options.smaps_at_rest)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
