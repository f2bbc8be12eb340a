"""A desktop notification server for the tests: owns org.freedesktop.Notifications on the
session bus (the private one tools/with-display starts), prints every notification it is sent
as a JSON line on stdout, and presses a notification's button when told on stdin.

    {"id": 1, "summary": "...", "body": "...", "actions": ["default", "", "app.x(int64 3)", "Label"], "hints": [...],
     "urgency": 1}

(`hints` are the hints' names, `urgency` the urgency hint's value: 0 low, 1 normal, 2 critical.)

stdin commands:  invoke ID ACTION_KEY   (emits ActionInvoked, then NotificationClosed)

With --gtk it owns org.gtk.Notifications instead, GNOME Shell's own interface, which GLib
prefers where it runs: it is sent GNotification's fields as they are, the priority among them
(GLib's freedesktop backend says "high" as urgency 1, as "normal"). It prints

    {"id": "reminder-3", "summary": "...", "body": "...", "priority": "high"}

and takes no commands (the Shell activates the application's actions itself).

With --body-markup it also lists the body-markup capability: a server that then reads bodies
as markup (as GNOME Shell's and most others do).
"""

import json
import sys
import threading

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

INTERFACE = """
<node>
  <interface name="org.gtk.Notifications">
    <method name="AddNotification">
      <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="a{sv}" direction="in"/>
    </method>
    <method name="RemoveNotification"><arg type="s" direction="in"/><arg type="s" direction="in"/></method>
  </interface>
  <interface name="org.freedesktop.Notifications">
    <method name="Notify">
      <arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
      <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="as" direction="in"/>
      <arg type="a{sv}" direction="in"/><arg type="i" direction="in"/><arg type="u" direction="out"/>
    </method>
    <method name="CloseNotification"><arg type="u" direction="in"/></method>
    <method name="GetCapabilities"><arg type="as" direction="out"/></method>
    <method name="GetServerInformation">
      <arg type="s" direction="out"/><arg type="s" direction="out"/><arg type="s" direction="out"/><arg type="s" direction="out"/>
    </method>
    <signal name="ActionInvoked"><arg type="u"/><arg type="s"/></signal>
    <signal name="NotificationClosed"><arg type="u"/><arg type="u"/></signal>
  </interface>
</node>
"""
PATH = "/org/freedesktop/Notifications"
NAME = "org.freedesktop.Notifications"
GTK = "--gtk" in sys.argv
GTK_PATH = "/org/gtk/Notifications"
GTK_NAME = "org.gtk.Notifications"


class Server:
    def __init__(self):
        self.next_id = 1
        self.connection = None

    def method_call(self, connection, sender, path, interface, method, parameters, invocation):
        if method == "AddNotification":
            _app_id, notification_id, fields = parameters.unpack()
            print(json.dumps({"id": notification_id, "summary": fields.get("title"), "body": fields.get("body"),
                              "priority": fields.get("priority")}), flush=True)
            invocation.return_value(None)
        elif method == "RemoveNotification":
            invocation.return_value(None)
        elif method == "Notify":
            app_name, replaces, icon, summary, body, actions, hints, timeout = parameters.unpack()
            notification_id = replaces or self.next_id
            self.next_id = max(self.next_id, notification_id) + 1
            print(json.dumps({"id": notification_id, "summary": summary, "body": body, "actions": actions,
                              "hints": sorted(hints), "urgency": hints.get("urgency")}), flush=True)
            invocation.return_value(GLib.Variant("(u)", (notification_id,)))
        elif method == "CloseNotification":
            invocation.return_value(None)
        elif method == "GetCapabilities":
            capabilities = ["actions", "body"] + (["body-markup"] if "--body-markup" in sys.argv else [])
            invocation.return_value(GLib.Variant("(as)", (capabilities,)))
        else:
            invocation.return_value(GLib.Variant("(ssss)", ("flick-test", "flick", "1", "1.2")))

    def invoke(self, notification_id, action):
        self.connection.emit_signal(None, PATH, NAME, "ActionInvoked", GLib.Variant("(us)", (notification_id, action)))
        self.connection.emit_signal(None, PATH, NAME, "NotificationClosed", GLib.Variant("(uu)", (notification_id, 2)))

    def bus_acquired(self, connection, name):
        self.connection = connection
        info = Gio.DBusNodeInfo.new_for_xml(INTERFACE).interfaces[0 if GTK else 1]
        connection.register_object(GTK_PATH if GTK else PATH, info, self.method_call, None, None)

    def name_acquired(self, connection, name):
        print(json.dumps({"ready": True}), flush=True)


def read_commands(server, loop):
    for line in sys.stdin:
        parts = line.split(maxsplit=2)
        if len(parts) == 3 and parts[0] == "invoke":
            notification_id, action = int(parts[1]), parts[2].strip()
            GLib.idle_add(lambda: server.invoke(notification_id, action) and False)
    GLib.idle_add(loop.quit)


def main():
    server = Server()
    loop = GLib.MainLoop()
    Gio.bus_own_name(Gio.BusType.SESSION, GTK_NAME if GTK else NAME, Gio.BusNameOwnerFlags.NONE,
                     server.bus_acquired, server.name_acquired, lambda *args: loop.quit())
    threading.Thread(target=read_commands, args=(server, loop), daemon=True).start()
    loop.run()


if __name__ == "__main__":
    main()
