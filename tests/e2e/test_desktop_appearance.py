"""Issue 58, point 1: Flick follows the desktop's style live. GNOME keeps the colour scheme
and high contrast in GSettings (org.gnome.desktop.interface color-scheme,
org.gnome.desktop.a11y.interface high-contrast) and offers them through the Settings portal;
GTK 4.8 alone follows neither. Each test changes a setting while Flick runs and reads the
heat map's top row from a screenshot: its colour is the palette Flick drew it in
(HeatMapPalette: light, dark, high contrast, high contrast dark)."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # Also when run by file name.

from flickapp import HEADER_PX, FlickApp, SessionBus, accessibility_bus_address, wait_for  # noqa: E402

# The top row's background (hue 0) in each palette, as HeatMapPalette computes it.
LIGHT = (240, 76, 76)
DARK = (124, 29, 29)
HIGH_CONTRAST = (250, 158, 158)
HIGH_CONTRAST_DARK = (78, 14, 14)


def pixel(app, x, y):
    """The colour at (x, y) of Flick's window, read from a screenshot of it."""
    text = subprocess.run(["import", "-window", app.window, "-crop", f"1x1+{x}+{y}", "-depth", "8", "txt:-"],
                          capture_output=True, text=True, check=True).stdout
    colour = text.splitlines()[-1].split("(")[1].split(")")[0]
    return tuple(round(float(part)) for part in colour.split(",")[:3])


def top_row(app):
    """The top row's colour, read left of its title and above it (the focused row's bar is at
    its left edge)."""
    return pixel(app, 30, HEADER_PX + 8)


def near(colour, expected, tolerance=6):
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected))


def bus_without_portal(test):
    """A private session bus on which no portal runs, and none is started (GTK would start the
    installed xdg-desktop-portal at Flick's start-up): Flick's environment for it."""
    bus = SessionBus(os.environ, activates=False)
    test.addCleanup(bus.close)
    return bus, {"DBUS_SESSION_BUS_ADDRESS": bus.address, "AT_SPI_BUS_ADDRESS": accessibility_bus_address()}


class GSettingsAppearanceTests(unittest.TestCase):
    """Without a portal: GNOME's GSettings, here with the keyfile backend Flick's tests use."""

    def setUp(self):
        _, environment = bus_without_portal(self)
        self.app = FlickApp(env=environment)
        self.addCleanup(self.app.cleanup)

    def gsettings(self, schema, key, value):
        environment = dict(os.environ, GSETTINGS_BACKEND="keyfile", XDG_CONFIG_HOME=str(self.app.config_dir))
        subprocess.run(["gsettings", "set", schema, key, value], env=environment, check=True)

    def top_row(self):
        return top_row(self.app)

    def await_top_row(self, colour, what):
        wait_for(lambda: near(self.top_row(), colour), timeout=10, message=f"{what}: the top row {colour}")
        self.app.screenshot(Path(tempfile.gettempdir()) / f"flick-appearance-{what.replace(' ', '-')}.png")

    def test_the_colour_scheme_and_high_contrast_change_while_flick_runs(self):
        self.app.start()
        wait_for(self.app.titles, message="the welcome list")
        self.await_top_row(LIGHT, "default style")
        self.gsettings("org.gnome.desktop.interface", "color-scheme", "prefer-dark")
        self.await_top_row(DARK, "dark style")
        self.gsettings("org.gnome.desktop.a11y.interface", "high-contrast", "true")
        self.await_top_row(HIGH_CONTRAST_DARK, "dark high contrast")
        self.gsettings("org.gnome.desktop.interface", "color-scheme", "default")
        self.await_top_row(HIGH_CONTRAST, "high contrast")
        self.gsettings("org.gnome.desktop.a11y.interface", "high-contrast", "false")
        self.await_top_row(LIGHT, "default style again")

    def test_a_dark_desktop_starts_flick_dark(self):
        self.gsettings("org.gnome.desktop.interface", "color-scheme", "prefer-dark")
        self.app.start()
        wait_for(self.app.titles, message="the welcome list")
        self.await_top_row(DARK, "dark at start")


class PortalAppearanceTests(unittest.TestCase):
    """With the Settings portal running (a sandbox sees nothing else): tests/e2e/settings_portal.py."""

    def setUp(self):
        bus, environment = bus_without_portal(self)
        script = Path(__file__).with_name("settings_portal.py")
        self.portal = subprocess.Popen([sys.executable, str(script), "org.freedesktop.appearance:color-scheme:u:1"],
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=bus.env)
        self.addCleanup(self.stop_portal)
        self.assertEqual(json.loads(self.portal.stdout.readline()), {"ready": True})
        self.app = FlickApp(env=environment)
        self.addCleanup(self.app.cleanup)

    def stop_portal(self):
        self.portal.stdin.close()
        try:
            self.portal.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.portal.kill()
            self.portal.wait()
        self.portal.stdout.close()

    def set(self, namespace, key, kind, value):
        self.portal.stdin.write(f"set {namespace} {key} {kind} {value}\n")
        self.portal.stdin.flush()
        self.assertEqual(json.loads(self.portal.stdout.readline()), {"changed": [namespace, key]})

    def top_row(self):
        return top_row(self.app)

    def test_the_portal_decides_and_its_changes_are_followed(self):
        self.app.start()
        wait_for(self.app.titles, message="the welcome list")
        wait_for(lambda: near(self.top_row(), DARK), timeout=10, message="dark, as the portal says at start")
        self.set("org.freedesktop.appearance", "contrast", "u", 1)
        wait_for(lambda: near(self.top_row(), HIGH_CONTRAST_DARK), timeout=10, message="high contrast from the portal")
        self.set("org.freedesktop.appearance", "color-scheme", "u", 0)
        self.set("org.freedesktop.appearance", "contrast", "u", 0)
        wait_for(lambda: near(self.top_row(), LIGHT), timeout=10, message="light again")


class RealPortalAppearanceTests(unittest.TestCase):
    """The desktop's own Settings portal: xdg-desktop-portal with xdg-desktop-portal-gtk as its
    backend, on a private session bus, as a GNOME session runs them. The colour scheme is changed
    with gsettings, in the GSettings the backend reads (the keyfile backend, in a folder of the
    desktop's own): Flick, whose GSettings are elsewhere, learns it only through the portal."""

    PORTAL = "/usr/libexec/xdg-desktop-portal"
    BACKEND = "/usr/libexec/xdg-desktop-portal-gtk"

    def setUp(self):
        home = Path(tempfile.mkdtemp(prefix="flick-desktop-"))
        self.addCleanup(shutil.rmtree, home, True)
        # Only the gtk backend: the portals folder holds its description alone (Debian's
        # gnome-keyring.portal would start a keyring), and portals.conf chooses it for every
        # portal (xdg-desktop-portal 1.18 on; 1.16 goes by its UseIn=gnome).
        portals = home / "portals"
        portals.mkdir()
        shutil.copy("/usr/share/xdg-desktop-portal/portals/gtk.portal", portals)
        config = home / "config"
        (config / "xdg-desktop-portal").mkdir(parents=True)
        (config / "xdg-desktop-portal" / "portals.conf").write_text("[preferred]\ndefault=gtk\n")
        self.desktop = dict(os.environ, HOME=str(home), XDG_CONFIG_HOME=str(config), GSETTINGS_BACKEND="keyfile",
                            XDG_CURRENT_DESKTOP="GNOME", XDG_DESKTOP_PORTAL_DIR=str(portals))
        self.bus = SessionBus(self.desktop)
        self.addCleanup(self.bus.close)
        for program in (self.BACKEND, self.PORTAL):
            self.run_in_background(program)
        wait_for(lambda: self.portal_color_scheme() == "uint32 0", timeout=20, message="the portal's colour scheme")
        self.app = FlickApp(env={"DBUS_SESSION_BUS_ADDRESS": self.bus.address,
                                 "AT_SPI_BUS_ADDRESS": accessibility_bus_address()})
        self.addCleanup(self.app.cleanup)

    def run_in_background(self, program):
        process = subprocess.Popen([program], env=self.bus.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        def stop():
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self.addCleanup(stop)

    def portal_color_scheme(self):
        """The portal's org.freedesktop.appearance color-scheme, as GVariant text; None while it
        does not answer."""
        reply = subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.portal.Desktop",
                                "--object-path", "/org/freedesktop/portal/desktop", "--method",
                                "org.freedesktop.portal.Settings.Read", "org.freedesktop.appearance", "color-scheme"],
                               env=self.bus.env, capture_output=True, text=True, timeout=30)
        return reply.stdout.strip().removeprefix("(<<").removesuffix(">>,)") if reply.returncode == 0 else None

    def gsettings(self, schema, key, value):
        subprocess.run(["gsettings", "set", schema, key, value], env=self.desktop, check=True)

    def test_the_colour_scheme_set_with_gsettings_is_followed_through_the_portal(self):
        self.app.start()
        wait_for(self.app.titles, message="the welcome list")
        wait_for(lambda: near(top_row(self.app), LIGHT), timeout=10, message="light, as the portal says at start")
        self.gsettings("org.gnome.desktop.interface", "color-scheme", "prefer-dark")
        wait_for(lambda: near(top_row(self.app), DARK), timeout=10, message="dark, through the portal")
        self.gsettings("org.gnome.desktop.interface", "color-scheme", "default")
        wait_for(lambda: near(top_row(self.app), LIGHT), timeout=10, message="light again")


if __name__ == "__main__":
    unittest.main()
