"""End to end (issue 74, point 6): sync and the network. NetworkManager and logind are played by
python3-dbusmock on a stand-in system bus (GIO's network monitor then asks the stand-in), the
server is a real Radicale behind the tests' proxy, which logs every request. Fifty flaps of the
network are one sync; after a wake the sync waits for the network, and follows it once it is
there; a sync the network failed is tried again, less and less often."""

import random
import subprocess
import time
import unittest

from flickapp import FlickApp, wait_for
from system_bus import SystemBusStandIn
from test_caldav import CalDAVTestCase

NETWORK_MANAGER = "org.freedesktop.NetworkManager"
LOGIND = "org.freedesktop.login1"
# NMState: GIO's monitor calls the network available from CONNECTED_SITE on.
DISCONNECTED, CONNECTED = 20, 70


class NetworkTestCase(CalDAVTestCase):
    def setUp(self):
        super().setUp()
        self.bus = SystemBusStandIn()
        self.addCleanup(self.bus.close)
        self.bus.start_mock("networkmanager", NETWORK_MANAGER)
        self.bus.start_mock("logind", LOGIND)
        self.laptop = self.machine()
        self.app = FlickApp(data_dir=self.laptop.folder, env={"LANGUAGE": "en", "LANG": "C.UTF-8", **self.secret_env,
                                                              **self.bus.environment})
        self.addCleanup(self.app.cleanup)
        self.app.start()
        # The sync at start, and a moment for anything after it.
        self.assertTrue(self.proxy.wait_for(lambda log: len(log) > 0, timeout=10), "the sync at start")
        self.quiet()

    def quiet(self, seconds=2.5):
        """Waits until no request has come for `seconds`, then forgets the log."""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            log = self.proxy.log
            if not log or time.monotonic() - log[-1].time > seconds:
                break
            time.sleep(0.2)
        self.proxy.clear_log()

    def network(self, state):
        done = self.bus_call(NETWORK_MANAGER, "/org/freedesktop", "org.freedesktop.DBus.Mock",
                             "SetGlobalConnectionState", str(state))
        self.assertEqual(done.returncode, 0, done.stderr)

    def bus_call(self, name, path, interface, method, *arguments):
        return subprocess.run(["gdbus", "call", "--address", self.bus.address, "--dest", name, "--object-path", path,
                               "--method", f"{interface}.{method}", *arguments], capture_output=True, text=True,
                              timeout=10)

    def wake(self):
        self.bus.emit(LOGIND, "/org/freedesktop/login1", "org.freedesktop.login1.Manager", "PrepareForSleep", "b", "false")


class NetworkSyncTests(NetworkTestCase):
    def test_fifty_flaps_of_the_network_are_one_sync(self):
        self.network(DISCONNECTED)
        self.network(CONNECTED)
        time.sleep(5)
        one_sync = len(self.proxy.log)
        self.assertGreater(one_sync, 0, "the network back: a sync")
        self.quiet()
        hand = random.Random(74)
        for _ in range(50):
            self.network(DISCONNECTED)
            time.sleep(hand.uniform(0.03, 0.12))
            self.network(CONNECTED)
            time.sleep(hand.uniform(0.03, 0.12))
        time.sleep(5)
        self.assertEqual(len(self.proxy.log), one_sync, "one sync's requests, no more")
        self.assertEqual(self.laptop.outbox(), 0)

    def test_after_a_wake_the_sync_waits_for_the_network(self):
        self.network(DISCONNECTED)
        self.quiet(3)
        self.wake()
        time.sleep(4)
        self.assertEqual(self.proxy.log, [], "no sync while the network is away")
        self.network(CONNECTED)
        self.assertTrue(self.proxy.wait_for(lambda log: len(log) > 0, timeout=6), "a sync once it is back")
        self.quiet()
        self.wake()
        self.assertTrue(self.proxy.wait_for(lambda log: len(log) > 0, timeout=6), "a sync after a wake on the same network")

    def test_a_sync_the_network_failed_is_tried_again_less_and_less_often(self):
        self.proxy.drop_request(reset=True)
        self.network(DISCONNECTED)
        self.network(CONNECTED)
        time.sleep(20)
        starts = [entry.time for index, entry in enumerate(self.proxy.log)
                  if index == 0 or entry.time - self.proxy.log[index - 1].time > 1.0]
        gaps = [round(later - earlier, 1) for earlier, later in zip(starts, starts[1:])]
        self.assertEqual(len(starts), 3, f"tries 2 s after the change, then 5 s and 10 s later: gaps {gaps}")
        self.assertAlmostEqual(gaps[0], 5, delta=1.5)
        self.assertAlmostEqual(gaps[1], 10, delta=1.5)


if __name__ == "__main__":
    unittest.main()
