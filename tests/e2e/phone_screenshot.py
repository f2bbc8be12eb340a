"""Takes the user guide's phone-size screenshot (issue 61): the welcome list in a 360 x 640 window
with the second row's menu open, each of its buttons a fingertip's 44 px. Part of
`make screenshot`."""

import subprocess
import sys
import time

from flickapp import FlickApp, wait_for
from test_phone_size import phone_settings


def main(path):
    app = FlickApp(settings=phone_settings(), env={"GSK_RENDERER": "gl", "LANGUAGE": "en"})
    try:
        app.start()
        wait_for(app.titles, message="the welcome list")
        app.keys("Down", "Menu")
        time.sleep(0.8)
        subprocess.run(["import", "-window", app.window, path], check=True)
    finally:
        app.cleanup()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "data/screenshots/phone.png")
