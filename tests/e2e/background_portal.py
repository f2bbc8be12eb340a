"""A Background portal for the tests: owns org.freedesktop.portal.Desktop on the session bus
(the private one tools/with-display starts) with org.freedesktop.portal.Background's
RequestBackground. Each request is printed as a JSON line,

    {"request": {"parent_window": "", "options": {"autostart": true, "reason": "...", ...}}}

and answered at once as the portal does: the Request's path returned (the handle_token option
as its last element), then the org.freedesktop.portal.Request Response signal on that path.

It prints {"ready": true} once it owns the name. The answer is the first argument, and can be
changed on stdin with `answer ANSWER`:

    allow               response 0, background and autostart as asked (the default)
    allow-no-autostart  response 0, background true, autostart false
    refuse              response 1 (the user said no), background and autostart false

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
INTERFACE = """
<node>
  <interface name="org.freedesktop.portal.Background">
    <method name="RequestBackground">
      <arg type="s" direction="in"/><arg type="a{sv}" direction="in"/><arg type="o" direction="out"/>
    </method>
    <property name="version" type="u" access="read"/>
  </interface>
</node>
"""
ANSWERS = ("allow", "allow-no-autostart", "refuse")


def say(**fields):
    print(json.dumps(fields), flush=True)


class Portal:
    def __init__(self, answer):
        self.answer = answer
        self.requests = 0

    def call(self, connection, sender, path, interface, method, parameters, invocation):
        parent_window, options = parameters.unpack()
        say(request={"parent_window": parent_window, "options": options})
        self.requests += 1
        token = options.get("handle_token", f"t{self.requests}")
        handle = f"{PATH}/request/{sender.lstrip(':').replace('.', '_')}/{token}"
        invocation.return_value(GLib.Variant("(o)", (handle,)))
        asked = bool(options.get("autostart", False))
        if self.answer == "refuse":
            response, results = 1, {"background": False, "autostart": False}
        else:
            response, results = 0, {"background": True, "autostart": asked and self.answer == "allow"}
        results = {key: GLib.Variant("b", value) for key, value in results.items()}
        connection.emit_signal(sender, handle, "org.freedesktop.portal.Request", "Response",
                               GLib.Variant("(ua{sv})", (response, results)))

    def get_property(self, connection, sender, path, interface, name):
        return GLib.Variant("u", 2)

    def bus_acquired(self, connection, name):
        info = Gio.DBusNodeInfo.new_for_xml(INTERFACE).interfaces[0]
        connection.register_object(PATH, info, self.call, self.get_property, None)

    def name_acquired(self, connection, name):
        say(ready=True)


def read_commands(portal, loop):
    for line in sys.stdin:
        parts = line.split()
        if len(parts) == 2 and parts[0] == "answer" and parts[1] in ANSWERS:
            GLib.idle_add(lambda answer=parts[1]: setattr(portal, "answer", answer) or say(answer=answer))
    GLib.idle_add(loop.quit)


def main():
    portal = Portal(sys.argv[1] if len(sys.argv) > 1 else "allow")
    loop = GLib.MainLoop()
    Gio.bus_own_name(Gio.BusType.SESSION, NAME, Gio.BusNameOwnerFlags.NONE,
                     portal.bus_acquired, portal.name_acquired, lambda *args: loop.quit())
    threading.Thread(target=read_commands, args=(portal, loop), daemon=True).start()
    loop.run()


if __name__ == "__main__":
    main()
