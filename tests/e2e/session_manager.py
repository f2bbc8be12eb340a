"""A session manager for the tests: owns org.gnome.SessionManager on the session bus (the
private one tools/with-display starts) with the part of gnome-session's interface that GTK's
session registration uses (GtkApplication's `register-session`), and ends the session when
told on stdin, as gnome-session does at logout. It prints what the clients do as JSON lines:

    {"ready": true}
    {"registered": "io.github.flicktodo.Flick", "path": "/org/gnome/SessionManager/Client1"}
    {"end-session-response": [true, ""], "path": "..."}
    {"unregistered": "/org/gnome/SessionManager/Client1"}

stdin commands:  query-end   (QueryEndSession to every client: "may the session end?")
                 end         (EndSession to every client: "the session ends now")
"""

import json
import sys
import threading

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

NAME = "org.gnome.SessionManager"
PATH = "/org/gnome/SessionManager"
MANAGER_INTERFACE = """
<node>
  <interface name="org.gnome.SessionManager">
    <method name="RegisterClient">
      <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="o" direction="out"/>
    </method>
    <method name="UnregisterClient"><arg type="o" direction="in"/></method>
    <method name="Inhibit">
      <arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
      <arg type="u" direction="in"/><arg type="u" direction="out"/>
    </method>
    <method name="Uninhibit"><arg type="u" direction="in"/></method>
    <method name="IsInhibited"><arg type="u" direction="in"/><arg type="b" direction="out"/></method>
  </interface>
</node>
"""
CLIENT_INTERFACE_NAME = "org.gnome.SessionManager.ClientPrivate"
CLIENT_INTERFACE = """
<node>
  <interface name="org.gnome.SessionManager.ClientPrivate">
    <method name="EndSessionResponse"><arg type="b" direction="in"/><arg type="s" direction="in"/></method>
    <signal name="Stop"/>
    <signal name="QueryEndSession"><arg type="u"/></signal>
    <signal name="EndSession"><arg type="u"/></signal>
    <signal name="CancelEndSession"/>
  </interface>
</node>
"""


def say(**fields):
    print(json.dumps(fields), flush=True)


class SessionManager:
    def __init__(self):
        self.connection = None
        self.clients = {}  # path -> registration id of the exported object

    def manager_call(self, connection, sender, path, interface, method, parameters, invocation):
        if method == "RegisterClient":
            app_id, _startup_id = parameters.unpack()
            client_path = f"{PATH}/Client{len(self.clients) + 1}"
            info = Gio.DBusNodeInfo.new_for_xml(CLIENT_INTERFACE).interfaces[0]
            self.clients[client_path] = connection.register_object(client_path, info, self.client_call, None, None)
            say(registered=app_id, path=client_path)
            invocation.return_value(GLib.Variant("(o)", (client_path,)))
        elif method == "UnregisterClient":
            (client_path,) = parameters.unpack()
            registration = self.clients.pop(client_path, None)
            if registration is not None:
                connection.unregister_object(registration)
            say(unregistered=client_path)
            invocation.return_value(None)
        elif method == "Inhibit":
            invocation.return_value(GLib.Variant("(u)", (1,)))
        elif method == "IsInhibited":
            invocation.return_value(GLib.Variant("(b)", (False,)))
        else:
            invocation.return_value(None)

    def client_call(self, connection, sender, path, interface, method, parameters, invocation):
        if method == "EndSessionResponse":
            say(**{"end-session-response": list(parameters.unpack()), "path": path})
        invocation.return_value(None)

    def tell_clients(self, signal_name):
        for client_path in list(self.clients):
            self.connection.emit_signal(None, client_path, CLIENT_INTERFACE_NAME, signal_name, GLib.Variant("(u)", (0,)))

    def bus_acquired(self, connection, name):
        self.connection = connection
        info = Gio.DBusNodeInfo.new_for_xml(MANAGER_INTERFACE).interfaces[0]
        connection.register_object(PATH, info, self.manager_call, None, None)

    def name_acquired(self, connection, name):
        say(ready=True)


def read_commands(manager, loop):
    signals = {"query-end": "QueryEndSession", "end": "EndSession"}
    for line in sys.stdin:
        signal_name = signals.get(line.strip())
        if signal_name:
            GLib.idle_add(lambda name=signal_name: manager.tell_clients(name) and False)
    GLib.idle_add(loop.quit)


def main():
    manager = SessionManager()
    loop = GLib.MainLoop()
    Gio.bus_own_name(Gio.BusType.SESSION, NAME, Gio.BusNameOwnerFlags.NONE,
                     manager.bus_acquired, manager.name_acquired, lambda *args: loop.quit())
    threading.Thread(target=read_commands, args=(manager, loop), daemon=True).start()
    loop.run()


if __name__ == "__main__":
    main()
