"""A Settings portal for the tests: owns org.freedesktop.portal.Desktop on the session bus
(the private one tools/with-display starts) with the part of org.freedesktop.portal.Settings
that applications read their appearance from: Read (the value wrapped in a variant of its
own, as the portal's first version does), ReadOne, and the SettingChanged signal.

It prints {"ready": true} once it owns the name. stdin commands, one per line:

    set NAMESPACE KEY TYPE VALUE    e.g. `set org.freedesktop.appearance color-scheme u 1`
                                    (TYPE u or b); the change is signalled

Closing stdin ends it.
"""

import json
import sys
import threading

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

NAME = "org.freedesktop.portal.Desktop"
PATH = "/org/freedesktop/portal/desktop"
INTERFACE_NAME = "org.freedesktop.portal.Settings"
INTERFACE = """
<node>
  <interface name="org.freedesktop.portal.Settings">
    <method name="Read">
      <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="out"/>
    </method>
    <method name="ReadOne">
      <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="out"/>
    </method>
    <signal name="SettingChanged"><arg type="s"/><arg type="s"/><arg type="v"/></signal>
    <property name="version" type="u" access="read"/>
  </interface>
</node>
"""


def say(**fields):
    print(json.dumps(fields), flush=True)


def parse(kind, text):
    return GLib.Variant("u", int(text)) if kind == "u" else GLib.Variant("b", text.lower() in ("1", "true"))


class Portal:
    def __init__(self):
        self.connection = None
        self.values = {("org.freedesktop.appearance", "color-scheme"): GLib.Variant("u", 0)}

    def call(self, connection, sender, path, interface, method, parameters, invocation):
        key = tuple(parameters.unpack())
        value = self.values.get(key)
        if value is None:
            invocation.return_dbus_error("org.freedesktop.portal.Error.NotFound", f"Requested setting {key} not found")
        elif method == "Read":
            invocation.return_value(GLib.Variant("(v)", (GLib.Variant("v", value),)))
        else:
            invocation.return_value(GLib.Variant("(v)", (value,)))

    def get_property(self, connection, sender, path, interface, name):
        return GLib.Variant("u", 1)

    def set_value(self, namespace, key, value):
        self.values[(namespace, key)] = value
        self.connection.emit_signal(None, PATH, INTERFACE_NAME, "SettingChanged", GLib.Variant("(ssv)", (namespace, key, value)))
        say(changed=[namespace, key])
        return False

    def bus_acquired(self, connection, name):
        self.connection = connection
        info = Gio.DBusNodeInfo.new_for_xml(INTERFACE).interfaces[0]
        connection.register_object(PATH, info, self.call, self.get_property, None)

    def name_acquired(self, connection, name):
        say(ready=True)


def read_commands(portal, loop):
    for line in sys.stdin:
        parts = line.split()
        if len(parts) == 5 and parts[0] == "set":
            _, namespace, key, kind, text = parts
            GLib.idle_add(portal.set_value, namespace, key, parse(kind, text))
    GLib.idle_add(loop.quit)


def main():
    portal = Portal()
    for argument in sys.argv[1:]:  # NAMESPACE:KEY:TYPE:VALUE, the values at start.
        namespace, key, kind, text = argument.split(":")
        portal.values[(namespace, key)] = parse(kind, text)
    loop = GLib.MainLoop()
    Gio.bus_own_name(Gio.BusType.SESSION, NAME, Gio.BusNameOwnerFlags.NONE,
                     portal.bus_acquired, portal.name_acquired, lambda *args: loop.quit())
    threading.Thread(target=read_commands, args=(portal, loop), daemon=True).start()
    loop.run()


if __name__ == "__main__":
    main()
