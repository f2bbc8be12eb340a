"""tools/with-display's Xvfb must let X clients come and go, and its session bus must not make
a window wait for the desktop's portal (SessionBusTests). By default Xvfb resets itself
whenever its last client disconnects, and a client connecting during the reset fails with
"cannot open display". That hit the first Flick of a session now and then: FlickApp polls
with short-lived xdotool calls while Flick starts ("flick exited with 1"). Later starts were
safe only because the accessibility bus launcher, started by the first GTK program, stays
connected; so this test runs in a display of its own, where nothing else is connected."""

import os
import shutil
import subprocess
import tempfile
import time
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


# Asks the desktop's portal, as GtkApplication does at start-up where no session manager runs;
# prints how the call ended.
ASK_PORTAL = """
gdbus call --session --timeout 10 --dest org.freedesktop.portal.Desktop --object-path /org/freedesktop/portal/desktop \\
  --method org.freedesktop.DBus.Peer.Ping 2>&1 || true
"""


class SessionBusTests(unittest.TestCase):
    def test_a_portal_whose_start_stalls_does_not_hold_up_whoever_asks_for_it(self):
        """On one CI machine xdg-desktop-portal took 25 s to start, and each module's first Flick
        window came that late: the tests' bus starts no portal (tools/session-bus/session.conf).
        Here the installed portal's start stalls for a minute, as there."""
        data = Path(tempfile.mkdtemp(prefix="flick-slow-portal-"))
        self.addCleanup(shutil.rmtree, data, True)
        services = data / "dbus-1" / "services"
        services.mkdir(parents=True)
        (services / "org.freedesktop.portal.Desktop.service").write_text(
            "[D-BUS Service]\nName=org.freedesktop.portal.Desktop\nExec=/bin/sleep 60\n")
        environment = {**os.environ, "XDG_DATA_DIRS": f"{data}:/usr/share"}
        began = time.monotonic()
        done = subprocess.run([str(WITH_DISPLAY), "bash", "-c", ASK_PORTAL], capture_output=True, text=True,
                              timeout=120, env=environment)
        self.assertLess(time.monotonic() - began, 8, done.stdout)
        self.assertIn("org.freedesktop.DBus.Error.Spawn.ChildExited", done.stdout)


if __name__ == "__main__":
    unittest.main()
