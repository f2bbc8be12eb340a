#!/usr/bin/env python3
"""The instructions of start-up's main thread by phase, counted by callgrind: load-insensitive
where the wall-clock phases (flick-bench's `phases=` marks) vary with whatever else the machine
runs. Issue 76: which of Flick's milliseconds over the floor are its own.

    tools/with-display python3 bench/startup_phase_instructions.py FLICK_BENCH [FLOOR]

FLICK_BENCH is a release flick-bench with its share folder beside it (`make bench-prepare`);
it starts on a 9-item database (the welcome list) with FLICK_BENCH_STARTUP=1 and GSK_RENDERER=cairo,
and callgrind dumps the counts before each `StartupPhase` flick-bench is told
(`BenchmarkRunner.reached`) and after the first frame is reported. FLOOR, bench/floor.c built
as `make bench` builds it, is counted the same way, `9 --chrome --unique`, dumping before
`main`, `activate` and `gtk_window_present`, after `gtk_window_present`, and before the first
frame's report (`peak_rss_kib`): its `main` to `activate` is Flick's `main` to `registered`
and the `startup` handler's work together. Other threads are counted to the end of the
process (callgrind dumps the thread that reaches a mark), and printed as one total.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run  # noqa: E402

FLICK_PHASES = ["exec → main", "main → options-read", "options-read → registered", "registered → store-open",
                "store-open → window-built", "window-built → presented", "presented → first frame"]
FLOOR_PHASES = ["exec → main", "main → activate", "activate → window built", "window built → presented",
                "presented → first frame"]


def symbol(binary, pattern):
    names = [line.split()[-1] for line in subprocess.run(["nm", str(binary)], capture_output=True, text=True,
                                                         check=True).stdout.splitlines() if re.search(pattern, line)]
    if len(names) != 1:
        sys.exit(f"startup_phase_instructions: {len(names)} symbols of {binary} match {pattern}, not 1")
    return names[0]


def counted(command, triggers, work):
    """Runs `command` under callgrind, one thread per file; returns ({part: main thread's
    instructions}, the other threads' instructions)."""
    environment = dict(os.environ, FLICK_BENCH_STARTUP="1", GSK_RENDERER="cairo")
    output = work / "callgrind.out"
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={output}", "--separate-threads=yes",
                    "--dump-instr=no", *triggers, *command],
                   env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    main, others = {}, 0
    for path in work.glob("callgrind.out*"):
        text = path.read_text(errors="replace")
        thread, part, total = (re.search(rf"^{key}: (\d+)", text, re.M) for key in ("thread", "part", "totals"))
        if not (thread and part and total):
            continue
        if thread.group(1) == "1":
            main[int(part.group(1))] = int(total.group(1))
        else:
            others += int(total.group(1))
        path.unlink()
    return main, others


def report(name, phases, main, others):
    print(f"{name}: main thread by phase, M instructions")
    for number, phase in enumerate(phases, start=1):
        print(f"  {phase:28} {main.get(number, 0) / 1e6:8.2f}")
    print(f"  {'to the first frame':28} {sum(main.get(n, 0) for n in range(1, len(phases) + 1)) / 1e6:8.2f}")
    print(f"  {'other threads, to the exit':28} {others / 1e6:8.2f}")


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    bench = Path(sys.argv[1]).resolve()
    with tempfile.TemporaryDirectory(prefix="flick-phase-instructions-") as work:
        work = Path(work)
        # valgrind cannot read the debug information the toolchain writes (DWARF 5 forms): a copy without it.
        copy = work / "flick-bench"
        subprocess.run(["objcopy", "--strip-debug", str(bench), str(copy)], check=True)
        shutil.copytree(bench.parent / "share", work / "share")
        folder = run.make_database(str(copy), work / "data", 9)
        reached = symbol(copy, r"BenchmarkRunnerC7FlickUI19ApplicationObserver.*reached.*FTW$")
        first_frame = symbol(copy, r"StartupBenchmarkC16reportFirstFrameyyF$")
        report("flick-bench", FLICK_PHASES,
               *counted([str(copy), "--data-dir", str(folder)], [f"--dump-before={reached}", f"--dump-after={first_frame}"], work))
        if len(sys.argv) == 3:
            triggers = ["--dump-before=main", "--dump-before=activate", "--dump-before=gtk_window_present",
                        "--dump-after=gtk_window_present", "--dump-before=peak_rss_kib"]
            report("floor --chrome --unique", FLOOR_PHASES,
                   *counted([str(Path(sys.argv[2]).resolve()), "9", "--chrome", "--unique"], triggers, work))


if __name__ == "__main__":
    main()
