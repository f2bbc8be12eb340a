"""tools/with-display's Xvfb must let X clients come and go. By default Xvfb resets itself
whenever its last client disconnects, and a client connecting during the reset fails with
"cannot open display". That hit the first Flick of a session now and then: FlickApp polls
with short-lived xdotool calls while Flick starts ("flick exited with 1"). Later starts were
safe only because the accessibility bus launcher, started by the first GTK program, stays
connected; so this test runs in a display of its own, where nothing else is connected."""

import subprocess
import unittest
from pathlib import Path

WITH_DISPLAY = Path(__file__).resolve().parents[2] / "tools" / "with-display"

# Two streams of X clients that each connect and leave at once, so that one connects while
# the other's is the last to leave; prints how many could not open the display. Without
# -noreset about one in twelve fails.
CLIENTS = """
short_clients() { for _ in $(seq 60); do xdotool getmouselocation >/dev/null 2>&1 || echo failed; done; }
{ short_clients & short_clients; wait; } | wc -l
"""


class DisplayTests(unittest.TestCase):
    def test_clients_coming_and_going_always_reach_a_new_display(self):
        done = subprocess.run([str(WITH_DISPLAY), "bash", "-c", CLIENTS], capture_output=True, text=True, timeout=120)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stdout.split()[-1], "0", "X clients that could not open the display")


if __name__ == "__main__":
    unittest.main()
