"""Takes the README's screenshot of the real app: `make screenshot` (runs under Xvfb)."""

import subprocess
import sys
import time

from flickapp import FlickApp, wait_for


def main(path):
    app = FlickApp()
    try:
        app.start()
        wait_for(app.titles, message="the welcome list")
        app.keys("Down", "Down", "space", "Up")  # One completed item, focus on the second row.
        time.sleep(0.5)
        subprocess.run(["import", "-window", app.window, path], check=True)
    finally:
        app.cleanup()


if __name__ == "__main__":
    main(sys.argv[1])
