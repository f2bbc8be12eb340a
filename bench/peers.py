#!/usr/bin/python3
"""`make bench-peers`: Flick beside its peers in one run, on Debian 13 (tools/debian13, in a root
of its own that holds the peers): Endeavour (GNOME To Do's successor, C and GTK 4, with the
Evolution Data Server) and Errands (Python and libadwaita; packaged in Debian 13, not in 12), each
shown the same 1,000 tasks, interleaved A B C A B C and timed from outside by their pixels
(bench/watched.py): exec → the first window grab that shows the loaded list, and the memory of
every process of the app's private session once the window has not changed for 3 s.

Planify is not here: no Debian release packages it (`apt-cache policy planify` finds nothing on
Debian 12 or 13), and `planify` on PyPI is another project (an LLM agent framework).

    tools/with-display /usr/bin/python3 bench/peers.py FLICK [--runs N] [--output BENCHMARKS.md]

Prints a markdown table; with --output, also writes it as that file's peers section (from its
heading to the end of the file), which bench/run.py keeps when it writes the rest.
"""

import argparse
import datetime
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from endeavour import endeavour_app, read_items  # noqa: E402
from errands import errands_app  # noqa: E402
from run import make_database  # noqa: E402
from watched import MIN_RUNS, QUIET_SECONDS, flick_app, measure, summary, xwatch_path  # noqa: E402

ITEMS = 1000
SECTION = "## Flick beside its peers (make bench-peers, Debian 13)"
# Each peer: its name in the table, its command and its Debian package.
PEERS = [("endeavour", "Endeavour", "endeavour"), ("errands", "Errands", "errands")]


def package_version(package):
    result = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", package], capture_output=True, text=True)
    return result.stdout.strip() if result.returncode == 0 else "not installed"


def table(results, labels):
    """One row an app: the medians and ranges, and each peer's ratios to Flick's medians."""
    flick_ms = statistics.median(ms for ms, *_ in results["flick"])
    flick_mib = statistics.median(mib for _, mib, *_ in results["flick"])
    lines = [f"| app | exec → the loaded {ITEMS:,}-task window | RSS settled ({QUIET_SECONDS} s unchanged), every "
             "process counted | time ÷ Flick's | memory ÷ Flick's | of which the app's own process | processes counted |",
             "|---|---|---|---|---|---|---|"]
    for name, runs in results.items():
        ms, mib, names, own = zip(*runs)
        counted = ", ".join(sorted(set().union(*names)))
        lines.append(f"| {labels[name]} | {summary(ms, 'ms')} | {summary(mib, 'MiB')} | "
                     f"{statistics.median(ms) / flick_ms:.1f}× | {statistics.median(mib) / flick_mib:.1f}× | "
                     f"{summary(own, 'MiB')} | {counted} |")
    return lines


def header(runs, load_before):
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    release = next((line.split("=", 1)[1].strip('"') for line in Path("/etc/os-release").read_text().splitlines()
                    if line.startswith("PRETTY_NAME=")), "?")
    load = "/".join(f"{value:.1f}" for value in load_before[:1] + os.getloadavg()[:1])
    return [
        SECTION,
        "",
        f"Written by `make bench-peers` (`{' '.join(sys.argv)}` under `tools/with-display`, in tools/debian13's "
        f"root), {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, commit {commit}: {release}, "
        f"GTK {package_version('libgtk-4-1')}, libadwaita {package_version('libadwaita-1-0')}; "
        f"Endeavour {package_version('endeavour')}, Evolution Data Server {package_version('evolution-data-server')}, "
        f"Errands {package_version('errands')}; Flick is its Debian 13 release build. "
        f"Machine: {os.cpu_count()} cores, {platform.machine()}; Xvfb {os.environ.get('XVFB_SCREEN', '1280x1024x24')}, "
        f"cairo; 1-minute load average before/after {load}.",
        f"Each app in its own D-Bus session and HOME, shown the same {ITEMS:,} tasks (Flick's database; Endeavour's "
        "local task list, every task due today since it opens on Today; Errands' data.json), at Flick's window size; "
        f"one warm-up run of each gives the picture of its loaded window, then {runs} runs of each, interleaved. "
        "Time: exec → the first grab (xwatch, every 20 ms) that shows that picture. Memory: the VmRSS of every "
        "process with the app's HOME but the session's own bus and accessibility bus, read once the window has not "
        f"changed for {QUIET_SECONDS} s. A session may start helpers that a desktop already runs and shares among "
        "its apps (the desktop portal: xdg-desktop-portal, its GTK back end, the document portal and the permission "
        "store): the column of the app's own process leaves every helper out. Figures: median (min–max); ratios of "
        "medians. Planify is not run: no Debian release packages it, and `planify` on PyPI is an unrelated project.",
    ]


def write_section(output, text):
    """Replaces the file's peers section (its heading to the end) with `text`, or appends it."""
    old = output.read_text() if output.exists() else ""
    kept = old.split(SECTION)[0].rstrip("\n")
    output.write_text((kept + "\n\n" if kept else "") + text)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("flick")
    parser.add_argument("--runs", type=int, default=MIN_RUNS)
    parser.add_argument("--output", help="write the table as this file's peers section too")
    options = parser.parse_args()
    xwatch = xwatch_path(options.flick)
    if not xwatch.exists():
        sys.exit(f"bench-peers: {xwatch} is not built (make bench-peers builds it)")
    missing = [command for _, _, command in PEERS if shutil.which(command) is None]
    if missing:
        sys.exit(f"bench-peers: not installed here: {', '.join(missing)} (make bench-peers runs in a root that has them)")
    runs = max(options.runs, MIN_RUNS)
    load_before = os.getloadavg()
    work = Path(tempfile.mkdtemp(prefix="flick-bench-peers-"))
    try:
        print(f"bench: preparing {ITEMS:,} items", flush=True)
        folder = make_database(options.flick, work / f"items-{ITEMS}", ITEMS)
        items = read_items(folder)
        apps = [flick_app(options.flick, folder, work), endeavour_app(items, work), errands_app(items, work)]
        results = measure(apps, work, runs, xwatch)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    labels = {"flick": "Flick", **{name: label for name, label, _ in PEERS}}
    text = "\n".join(header(runs, load_before) + [""] + table(results, labels)) + "\n"
    print(text)
    if options.output:
        write_section(Path(options.output), text)


if __name__ == "__main__":
    main()
