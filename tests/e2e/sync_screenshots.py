"""Takes the README's screenshots of sync (issue 10) in the real app under Xvfb, against a
Radicale on 127.0.0.1: the Add Account window choosing lists, and a synced list with the sync
status at the bottom of the window. Part of `make screenshot`."""

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from caldav_client import vtodo
from caldav_server import RadicaleServer
from flickapp import FlickApp, accessible_strings, built_binary, wait_for


def grab(window, path):
    subprocess.run(["import", "-window", window, str(path)], check=True)


def main(folder):
    folder = Path(folder)
    keyring = Path(tempfile.mkdtemp(prefix="flick-keyring-"))
    secrets = {"SECRET_BACKEND": "file", "SECRET_FILE_TEST_PATH": str(keyring / "keyring"), "SECRET_FILE_TEST_PASSWORD": "x"}
    with RadicaleServer() as server:
        tasks = server.make_calendar("alice", "groceries", "Groceries")
        server.make_calendar("alice", "work", "Work")
        client = server.client()
        for order, title in enumerate(["Oat milk", "Bread", "Apples", "Coffee beans", "Basil"]):
            client.put(f"{tasks}g{order}.ics", vtodo(f"g{order}", title, x_apple_sort_order=str(order * 10)),
                       if_none_match=True)
        app = FlickApp(env=dict({"LANGUAGE": "en", "LANG": "C.UTF-8", "TZ": "Europe/Berlin"}, **secrets))
        try:
            app.start()
            wait_for(app.titles, message="the welcome list")
            subprocess.run(["gdbus", "call", "--session", "--dest", "io.github.flicktodo.Flick", "--object-path",
                            "/io/github/flicktodo/Flick/window/1", "--method", "org.gtk.Actions.Activate", "add-account",
                            "[]", "{}"], check=True, capture_output=True)
            wait_for(lambda: "Add Account" in app.window_names(), message="the Add Account window")
            time.sleep(0.5)
            app.type(server.url)
            app.keys("Tab")
            app.type("alice")
            app.keys("Tab")
            app.type("secret")
            app.keys("Return")
            wait_for(lambda: "Choose Lists" in accessible_strings(app.process.pid), timeout=20, message="the lists found")
            time.sleep(0.5)
            dialog = subprocess.run(["xdotool", "search", "--name", "Add Account"], capture_output=True, text=True).stdout.split()[0]
            grab(dialog, folder / "add-account.png")
            app.keys("Return")
            wait_for(lambda: "Groceries" in app.list_names(), message="the Groceries list")
            wait_for(lambda: any(t.startswith("Up to date") for t in accessible_strings(app.process.pid)), timeout=20,
                     message="up to date")
            subprocess.run(["xdotool", "windowfocus", app.window])
            index = app.list_names().index("Groceries")
            app.keys(f"ctrl+{index + 1}")
            wait_for(lambda: app.title() == "Groceries", message="Groceries open")
            time.sleep(1.0)
            grab(app.window, folder / "sync-status.png")
        finally:
            app.cleanup()
            subprocess.run(["rm", "-rf", str(keyring)])


if __name__ == "__main__":
    main(sys.argv[1])
