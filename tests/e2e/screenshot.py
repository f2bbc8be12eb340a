"""Takes the README's screenshot of the real app: `make screenshot` (runs under Xvfb)."""

import subprocess
import sys
import time

from flickapp import FlickApp, drag, row_center_y, wait_for, window_width


def main(path, open_row_path=None):
    app = FlickApp()
    try:
        app.start()
        wait_for(app.titles, message="the welcome list")
        app.keys("Down", "Down", "space", "Up")  # One completed item, focus on the second row.
        time.sleep(0.5)
        subprocess.run(["import", "-window", app.window, path], check=True)
        if open_row_path:
            # A slow drag left past half: the row stays open with its menu.
            drag(app, (window_width(app) - 60, row_center_y(1)), 150)
            subprocess.run(["import", "-window", app.window, open_row_path], check=True)
    finally:
        app.cleanup()


if __name__ == "__main__":
    main(*sys.argv[1:3])
