"""A short soak in `make check` (the 10-minute one is `make stress`): a minute of random
keyboard actions and real pointer gestures on a 10,000-item list, Flick running with
G_DEBUG=fatal-criticals, the accessible tree read after each step and the rows it shows
matched against the database; Flick stays alive, idle between steps, its rows bound once, its
memory flat, its database intact. The seed is random and printed (FLICK_SOAK_SEED=S replays
one)."""

import os
import random
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "soak"))

import soak  # noqa: E402


class SoakCheckTests(unittest.TestCase):
    """The soak's judges, on made-up readings: each catches what it is there to catch."""

    STORED = [(f"Item {n}", n % 7 == 0) for n in range(1, 301)]

    def shown(self, indices, stored=None):
        stored = stored or self.STORED
        return [(stored[i][0], soak.spoken(*stored[i])) for i in indices]

    def test_a_window_of_the_stored_rows_with_a_tracked_row_apart_matches(self):
        rows = self.shown([0] + list(range(100, 300)))  # The focused first row stays bound.
        self.assertEqual(soak.list_problems(rows, self.STORED), [])

    def test_a_stored_item_missing_from_the_rows_is_found(self):
        rows = self.shown(list(range(100, 150)) + list(range(151, 300)))
        self.assertIn("“Item 151”", " ".join(soak.list_problems(rows, self.STORED)))

    def test_a_row_shown_as_completed_that_is_stored_open_is_found(self):
        rows = self.shown(range(100, 300))
        rows[5] = (rows[5][0], soak.spoken(rows[5][0], True))
        self.assertIn("Item 106", " ".join(soak.list_problems(rows, self.STORED)))

    def test_a_row_that_is_not_stored_is_found(self):
        rows = self.shown(range(100, 300))
        rows.insert(50, ("Ghost", "Ghost, not completed"))
        self.assertIn("Ghost", " ".join(soak.list_problems(rows, self.STORED)))

    def test_rows_out_of_order_or_twice_are_found(self):
        for indices in ([100, 102, 101] + list(range(103, 300)), [100, 101, 101] + list(range(102, 300))):
            self.assertTrue(soak.list_problems(self.shown(indices), self.STORED), indices)

    def test_no_rows_is_a_problem(self):
        self.assertTrue(soak.list_problems([], self.STORED))

    def test_the_slope_is_fitted_in_kib_a_minute(self):
        self.assertAlmostEqual(soak.slope_kib_per_minute([(t, 1000 + 2 * t) for t in range(30)]), 120)
        self.assertEqual(soak.slope_kib_per_minute([(t, 5000) for t in range(30)]), 0)


class ShortSoakTests(unittest.TestCase):
    def test_twelve_seconds_of_actions_and_gestures_on_a_long_list(self):
        # Twelve seconds (a few steps, from a new seed each run) in make check, whose 20 minutes
        # are nearly spent; ten minutes in make stress.
        seed = int(os.environ.get("FLICK_SOAK_SEED") or random.randrange(1 << 31))
        result = soak.run(12, seed, log=lambda line: print(line, file=sys.stderr))
        self.assertGreater(result.steps, 0)
        self.assertLessEqual(result.slope, result.max_slope)


if __name__ == "__main__":
    unittest.main()
