"""Screenshots of a selection (issue 60): four items selected from the keyboard. `make
screenshot` takes the README's (OUT_DIR/selection.png); given STYLES_DIR too, the same in the
dark style and in high contrast go there, to look at (run under Xvfb:
`tools/with-display python3 tests/e2e/selection_screenshots.py OUT_DIR [STYLES_DIR]`)."""

import os
import subprocess
import sys
import time

from flickapp import FlickApp, wait_for


def gsettings(app, schema, key, value):
    environment = dict(os.environ, GSETTINGS_BACKEND="keyfile", XDG_CONFIG_HOME=str(app.config_dir))
    subprocess.run(["gsettings", "set", schema, key, value], env=environment, check=True)


def main(out_dir, styles_dir=None):
    app = FlickApp(env={"GSK_RENDERER": "gl", "LANGUAGE": "en"})
    try:
        app.start()
        wait_for(app.titles, message="the welcome list")
        app.keys("Down", "shift+Down", "shift+Down", "shift+Down")
        time.sleep(0.6)
        subprocess.run(["import", "-window", app.window, os.path.join(out_dir, "selection.png")], check=True)
        if not styles_dir:
            return
        gsettings(app, "org.gnome.desktop.interface", "color-scheme", "prefer-dark")
        time.sleep(1.0)
        subprocess.run(["import", "-window", app.window, os.path.join(styles_dir, "selection-dark.png")], check=True)
        gsettings(app, "org.gnome.desktop.interface", "color-scheme", "default")
        gsettings(app, "org.gnome.desktop.a11y.interface", "high-contrast", "true")
        time.sleep(1.0)
        subprocess.run(["import", "-window", app.window, os.path.join(styles_dir, "selection-high-contrast.png")], check=True)
    finally:
        app.cleanup()


if __name__ == "__main__":
    main(*sys.argv[1:3])
