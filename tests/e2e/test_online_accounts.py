"""End to end: a Nextcloud account configured in GNOME Online Accounts appears in Add Account
(issue 62, point 4), and using it syncs without typing the address, user or password. In make
check GOA is the stand-in online_accounts.py on the private session bus, with the interfaces and
GetPassword of GOA 3.46's "owncloud" provider; its Calendar Uri points at the tests' Radicale
(through the fault proxy). One Flick start: Add Account without GOA is the form as before; with
a GOA whose keyring refuses the password, the dialog says so and the typed password goes on; with
a working one, Use goes on to the server's lists, and an item typed in the window reaches
Radicale. In make stress, RealDaemonTests does the same through goa-daemon itself."""

import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
import time
import unittest
from pathlib import Path

from accessible import press_button
from flickapp import FlickApp, accessible_nodes, accessible_strings, built_binary, flick_environment, wait_for
from test_caldav import CalDAVTestCase

HEADING = "From GNOME Online Accounts:"
ACCOUNT_ID = "account_1700000000_0"  # As online_accounts.py names it.
GOA_DAEMON = Path("/usr/libexec/goa-daemon")


class OnlineAccountsStandIn:
    """tests/e2e/online_accounts.py as a child process: the GetPassword calls it answered."""

    def __init__(self, uri, user, password, *options):
        script = Path(__file__).with_name("online_accounts.py")
        self.process = subprocess.Popen([sys.executable, str(script), uri, user, password, *options],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        assert self.next().get("ready"), "the stand-in owns org.gnome.OnlineAccounts"

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(json.loads(line))

    def next(self, timeout=10):
        try:
            return self.lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"nothing from the GOA stand-in within {timeout} s")

    def close(self):
        if self.process.poll() is None:
            self.process.stdin.close()
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process.stdout.close()


class OnlineAccountsTests(CalDAVTestCase):
    def open_add_account(self, app):
        activated = subprocess.run(["gdbus", "call", "--session", "--dest", "io.github.flicktodo.Flick", "--object-path",
                                    "/io/github/flicktodo/Flick/window/1", "--method", "org.gtk.Actions.Activate",
                                    "add-account", "[]", "{}"], capture_output=True, text=True, timeout=10)
        self.assertEqual(activated.returncode, 0, activated.stderr)
        wait_for(lambda: "Add Account" in app.window_names(), message="the Add Account window")
        wait_for(lambda: "Server address" in accessible_strings(app.process.pid), message="the form")

    def close_add_account(self, app):
        app.keys("Escape")
        wait_for(lambda: "Add Account" not in app.window_names(), message="Add Account closed")

    def goa(self, *options):
        stand_in = OnlineAccountsStandIn(self.proxy.url, self.server.user, self.server.password, *options)
        self.addCleanup(stand_in.close)
        return stand_in

    def test_an_account_from_gnome_online_accounts_is_used_without_typing_and_syncs(self):
        self.put_todo("srv", "From the server")
        app = FlickApp(env=dict({"LANGUAGE": "en", "LANG": "C.UTF-8"}, **self.secret_env))
        self.addCleanup(app.cleanup)
        app.start()
        wait_for(app.titles, message="the welcome list")
        pid = app.process.pid
        use = f"Use {self.server.user}@127.0.0.1"

        # No GOA on the bus: the form as before, and nothing said about it.
        self.open_add_account(app)
        time.sleep(0.5)  # GOA's answer (here: nobody owns its name) comes from a thread.
        self.assertNotIn(HEADING, accessible_strings(pid))
        self.close_add_account(app)

        # GOA there, but its keyring does not give the password: a plain message, the form stays.
        failing = self.goa("--fail-password")
        self.open_add_account(app)
        wait_for(lambda: press_button(pid, use), message="GOA's account in Add Account")
        self.assertEqual(failing.next(), {"get_password": ACCOUNT_ID})
        wait_for(lambda: any(text.startswith("GNOME Online Accounts did not give the password")
                             for text in accessible_strings(pid)), message="the failure said")
        # The address and user are filled in and the password field has the focus: typing the
        # password there goes on.
        app.type(self.server.password)
        app.keys("Return")
        wait_for(lambda: "Choose Lists" in accessible_strings(pid), timeout=20, message="the calendars found")
        self.close_add_account(app)
        self.assertEqual(app.query("SELECT count(*) FROM account"), [(0,)], "Cancel keeps nothing")
        failing.close()

        # GOA with the password: Use goes on to the server's task lists as if typed.
        goa = self.goa()
        self.open_add_account(app)
        self.assertIn(HEADING, wait_for(lambda: [t for t in accessible_strings(pid) if t == HEADING],
                                        message="the GOA heading"))
        wait_for(lambda: press_button(pid, use), message="GOA's account in Add Account")
        self.assertEqual(goa.next(), {"get_password": ACCOUNT_ID})
        self.add_and_sync(app)

    def add_and_sync(self, app):
        """From the found calendars to an item typed in the window on the server."""
        pid = app.process.pid
        wait_for(lambda: "Choose Lists" in accessible_strings(pid), timeout=20, message="the calendars found")
        self.assertIn("Tasks", {n["name"] for n in accessible_nodes(pid) if n["role"] == "check box"})
        app.keys("Return")  # Add, with the calendar checked.
        wait_for(lambda: "Add Account" not in app.window_names(), message="the window closed")
        # GOA's address without the user in it (which goa-daemon puts there).
        self.assertEqual(app.query("SELECT url, user FROM account"),
                         [(self.proxy.url + "remote.php/caldav/", self.server.user)])
        wait_for(lambda: "Tasks" in app.list_names(), message="the calendar's list")
        subprocess.run([str(built_binary()), "--data-dir", str(app.data_dir)],
                       env=flick_environment(dict(os.environ, **app.extra_env)))
        app.keys("alt+Left")
        time.sleep(0.3)
        app.keys(f"ctrl+{app.list_names().index('Tasks') + 1}")
        wait_for(lambda: app.title() == "Tasks", message="the Tasks list open")
        app.keys("ctrl+n")
        app.type("Typed after GOA")
        app.keys("Return", "Escape", "F5")  # Synced now rather than a few seconds after the edit.
        wait_for(lambda: self.server_titles() == ["From the server", "Typed after GOA"], timeout=30,
                 message="the typed item on the server")
        self.assertEqual(app.gtk_criticals(), [])


class RealDaemon:
    """goa-daemon itself on the test's session bus: one Nextcloud account in an accounts.conf of
    its own, its password in a keyring file through libsecret's file backend (as Flick's tests
    keep theirs: no gnome-keyring), under the name GOA 3.46 looks it up by."""

    def __init__(self, folder, server_url, user, password):
        config = folder / "config" / "goa-1.0"
        config.mkdir(parents=True)
        (config / "accounts.conf").write_text(
            f"[Account {ACCOUNT_ID}]\nProvider=owncloud\nIdentity={user}\nPresentationIdentity={user}@127.0.0.1\n"
            f"Uri={server_url}\nAcceptSslErrors=false\nCalendarEnabled=true\nContactsEnabled=false\nFilesEnabled=false\n")
        env = dict(os.environ, HOME=str(folder), XDG_CONFIG_HOME=str(folder / "config"), SECRET_BACKEND="file",
                   SECRET_FILE_TEST_PATH=str(folder / "keyring"), SECRET_FILE_TEST_PASSWORD="test")
        from gi.repository import GLib
        secret = GLib.Variant("a{sv}", {"password": GLib.Variant("s", password)}).print_(True)
        subprocess.run(["secret-tool", "store", "--label=GOA test", "xdg:schema", "org.gnome.OnlineAccounts",
                        "goa-identity", f"owncloud:gen0:{ACCOUNT_ID}"], input=secret, text=True, env=env, check=True)
        self.process = subprocess.Popen([str(GOA_DAEMON), "--replace"], env=env, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        waited = subprocess.run(["gdbus", "wait", "--session", "--timeout", "10", "org.gnome.OnlineAccounts"])
        assert waited.returncode == 0, "goa-daemon owns org.gnome.OnlineAccounts"

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=10)


@unittest.skipUnless(os.environ.get("FLICK_STRESS"), "goa-daemon itself: runs in make stress")
@unittest.skipUnless(GOA_DAEMON.exists(), "goa-daemon is not installed (Debian's gnome-online-accounts)")
class RealDaemonTests(OnlineAccountsTests):
    """The same account through goa-daemon 3.46 rather than the stand-in."""

    def test_an_account_from_gnome_online_accounts_is_used_without_typing_and_syncs(self):
        self.put_todo("srv", "From the server")
        folder = Path(tempfile.mkdtemp(prefix="flick-goa-"))
        self.addCleanup(lambda: subprocess.run(["rm", "-rf", str(folder)]))
        daemon = RealDaemon(folder, self.proxy.url, self.server.user, self.server.password)
        self.addCleanup(daemon.close)
        app = FlickApp(env=dict({"LANGUAGE": "en", "LANG": "C.UTF-8"}, **self.secret_env))
        self.addCleanup(app.cleanup)
        app.start()
        wait_for(app.titles, message="the welcome list")
        self.open_add_account(app)
        wait_for(lambda: press_button(app.process.pid, f"Use {self.server.user}@127.0.0.1"),
                 message="goa-daemon's account in Add Account")
        self.add_and_sync(app)
