"""End to end: the shortened kill trials of `make stress` (tests/reliability/kill_trials.py):
Flick killed with SIGKILL at random moments of random bursts of edits, 50 times, loses no
edit it reported committed and leaves none half applied. The seed is random each run and
printed; FLICK_KILL_SEED picks it (a failure prints the command that replays it)."""

import os
import random
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "reliability"))

import kill_trials  # noqa: E402

TRIALS = 50


class KillTrialsTests(unittest.TestCase):
    def test_fifty_kills_lose_no_reported_edit(self):
        seed = int(os.environ.get("FLICK_KILL_SEED") or random.randrange(1_000_000))
        print(f"\nkill trials from seed {seed}", file=sys.stderr, flush=True)
        stats, failures = kill_trials.run(TRIALS, seed, log=lambda line: print(line, file=sys.stderr, flush=True))
        print(kill_trials.summary(stats, failures), file=sys.stderr, flush=True)
        replays = [f"tools/with-display /usr/bin/python3 tests/reliability/kill_trials.py --seed {failed} "
                   f"--trials {number + 1}\n{message}" for failed, number, message in failures]
        self.assertEqual(replays, [])
        self.assertEqual(stats["trials"], TRIALS)
        # The bursts must have reached Flick: most trials report edits before the kill.
        self.assertGreater(stats["edits"], TRIALS)
        # And they took the paths beyond titles: dates typed with the title, chains with sinking
        # and without.
        self.assertGreater(stats["quick dates"], 0)
        self.assertGreater(stats["chains sinking"], 0)
        self.assertLess(stats["chains sinking"], stats["chains"])


if __name__ == "__main__":
    unittest.main()
