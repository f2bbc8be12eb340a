"""Issue 58, point 1: Flick follows the desktop's style live. GNOME keeps the colour scheme
and high contrast in GSettings (org.gnome.desktop.interface color-scheme,
org.gnome.desktop.a11y.interface high-contrast) and offers them through the Settings portal;
GTK 4.8 alone follows neither. Each test changes a setting while Flick runs and reads the
heat map's top row from a screenshot: its colour is the palette Flick drew it in
(HeatMapPalette: light, dark, high contrast, high contrast dark)."""

import json
import os
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # Also when run by file name.

from flickapp import HEADER_PX, FlickApp, wait_for  # noqa: E402

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


class GSettingsAppearanceTests(unittest.TestCase):
    """Without a portal: GNOME's GSettings, here with the keyfile backend Flick's tests use."""

    def setUp(self):
        self.app = FlickApp()
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
        script = Path(__file__).with_name("settings_portal.py")
        self.portal = subprocess.Popen([sys.executable, str(script), "org.freedesktop.appearance:color-scheme:u:1"],
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.addCleanup(self.stop_portal)
        self.assertEqual(json.loads(self.portal.stdout.readline()), {"ready": True})
        self.app = FlickApp()
        self.addCleanup(self.app.cleanup)

    def stop_portal(self):
        # Other tests share this session bus: the portal must be gone before they start.
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


if __name__ == "__main__":
    unittest.main()
