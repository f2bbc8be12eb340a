"""A stand-in for GNOME Online Accounts for the tests: owns org.gnome.OnlineAccounts on the
session bus (the private one tools/with-display starts), with the ObjectManager at
/org/gnome/OnlineAccounts and one account object with the interfaces Flick reads:
org.gnome.OnlineAccounts.Account, .Calendar and .PasswordBased, as GOA 3.46's Nextcloud
("owncloud") provider exports them. goa-daemon itself runs on a private bus too (with an
accounts.conf and its password through libsecret's file backend: test_online_accounts.py's
RealDaemonTests, in make stress), but it is a package more for every machine, takes a second to
start, and cannot be told to fail; the stand-in has its names, paths, properties and
GetPassword, and fails when asked to.

    online_accounts.py SERVER USER PASSWORD [--fail-password]

The Calendar Uri is made from SERVER as goa-daemon 3.46 makes it: the user in it, and
/remote.php/caldav/ after it.

Prints {"ready": true} once it owns the name, and a JSON line for each call of GetPassword:
{"get_password": ID}. With --fail-password, GetPassword answers an error. Closing stdin ends it.
"""

import json
import sys
import threading

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

NAME = "org.gnome.OnlineAccounts"
MANAGER = "/org/gnome/OnlineAccounts"
ACCOUNT = "/org/gnome/OnlineAccounts/Accounts/account_1700000000_0"
ACCOUNT_ID = "account_1700000000_0"
XML = """
<node>
  <interface name="org.freedesktop.DBus.ObjectManager">
    <method name="GetManagedObjects"><arg type="a{oa{sa{sv}}}" direction="out"/></method>
  </interface>
  <interface name="org.gnome.OnlineAccounts.Account">
    <property name="Id" type="s" access="read"/>
    <property name="ProviderType" type="s" access="read"/>
    <property name="ProviderName" type="s" access="read"/>
    <property name="Identity" type="s" access="read"/>
    <property name="PresentationIdentity" type="s" access="read"/>
    <property name="AttentionNeeded" type="b" access="read"/>
    <property name="CalendarDisabled" type="b" access="readwrite"/>
    <property name="FilesDisabled" type="b" access="readwrite"/>
  </interface>
  <interface name="org.gnome.OnlineAccounts.Calendar">
    <property name="Uri" type="s" access="read"/>
    <property name="AcceptSslErrors" type="b" access="read"/>
  </interface>
  <interface name="org.gnome.OnlineAccounts.PasswordBased">
    <method name="GetPassword">
      <arg name="id" type="s" direction="in"/><arg name="password" type="s" direction="out"/>
    </method>
  </interface>
</node>
"""


def say(**fields):
    print(json.dumps(fields), flush=True)


class Daemon:
    def __init__(self, server, user, password, fail_password):
        host = GLib.Uri.parse(server, GLib.UriFlags.NONE).get_host()
        # As goa-daemon 3.46's Nextcloud provider makes it from the server's address: the user
        # in it, and the old CalDAV endpoint's path.
        uri = server.replace("://", f"://{user}@", 1).rstrip("/") + "/remote.php/caldav/"
        self.password = password
        self.fail_password = fail_password
        self.properties = {
            "org.gnome.OnlineAccounts.Account": {
                "Id": GLib.Variant("s", ACCOUNT_ID),
                "ProviderType": GLib.Variant("s", "owncloud"),
                "ProviderName": GLib.Variant("s", "Nextcloud"),
                "Identity": GLib.Variant("s", user),
                "PresentationIdentity": GLib.Variant("s", f"{user}@{host}"),
                "AttentionNeeded": GLib.Variant("b", False),
                "CalendarDisabled": GLib.Variant("b", False),
                "FilesDisabled": GLib.Variant("b", False),
            },
            "org.gnome.OnlineAccounts.Calendar": {
                "Uri": GLib.Variant("s", uri),
                "AcceptSslErrors": GLib.Variant("b", False),
            },
            "org.gnome.OnlineAccounts.PasswordBased": {},
        }

    def call(self, connection, sender, path, interface, method, parameters, invocation):
        if method == "GetManagedObjects":
            invocation.return_value(GLib.Variant("(a{oa{sa{sv}}})", ({ACCOUNT: self.properties},)))
        elif method == "GetPassword":
            (account_id,) = parameters.unpack()
            say(get_password=account_id)
            if self.fail_password:
                invocation.return_dbus_error("org.gnome.OnlineAccounts.Error.Failed",
                                             "No password in the keyring for this account")
            else:
                invocation.return_value(GLib.Variant("(s)", (self.password,)))

    def get_property(self, connection, sender, path, interface, name):
        return self.properties[interface][name]

    def bus_acquired(self, connection, name):
        node = Gio.DBusNodeInfo.new_for_xml(XML)
        manager, *account = node.interfaces
        connection.register_object(MANAGER, manager, self.call, None, None)
        for info in account:
            connection.register_object(ACCOUNT, info, self.call, self.get_property, None)

    def name_acquired(self, connection, name):
        say(ready=True)


def main():
    uri, user, password = sys.argv[1:4]
    daemon = Daemon(uri, user, password, "--fail-password" in sys.argv[4:])
    loop = GLib.MainLoop()
    Gio.bus_own_name(Gio.BusType.SESSION, NAME, Gio.BusNameOwnerFlags.NONE,
                     daemon.bus_acquired, daemon.name_acquired, lambda *args: loop.quit())
    threading.Thread(target=lambda: (sys.stdin.read(), GLib.idle_add(loop.quit)), daemon=True).start()
    loop.run()


if __name__ == "__main__":
    main()
