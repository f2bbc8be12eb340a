"""A short soak in `make check` (the 10-minute one is `make stress`): random ordinary actions
on a 2,000-item list with the accessible tree read after each; Flick stays alive, idle between
steps, free of GTK CRITICALs, its rows bound once, its memory flat, its database intact.
The seed is random and printed (FLICK_SOAK_SEED=S replays one)."""

import os
import random
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "soak"))

import soak  # noqa: E402


class ShortSoakTests(unittest.TestCase):
    def test_forty_five_seconds_of_mixed_actions_on_a_long_list(self):
        seed = int(os.environ.get("FLICK_SOAK_SEED") or random.randrange(1 << 31))
        warm_rss, last_rss = soak.run(45, seed, log=lambda line: print(line, file=sys.stderr))
        self.assertLess(last_rss - warm_rss, soak.ALLOWED_GROWTH_KIB)


if __name__ == "__main__":
    unittest.main()
