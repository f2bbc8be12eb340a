"""A short soak in `make check` (the 10-minute one is `make stress`): random ordinary actions
on a 2,000-item list with the accessible tree read after each; Flick stays alive, its memory
flat, its database intact."""

import random
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "soak"))

import soak  # noqa: E402


class ShortSoakTests(unittest.TestCase):
    def test_forty_seconds_of_mixed_actions_on_a_long_list(self):
        seed = random.randrange(1 << 31)
        first_rss, last_rss = soak.run(40, seed, log=lambda line: print(line, file=sys.stderr))
        self.assertLess(last_rss - first_rss, soak.ALLOWED_GROWTH_KIB)


if __name__ == "__main__":
    unittest.main()
