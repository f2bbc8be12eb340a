"""Takes the README's screenshots of the lists and of Clear's gestures in the real app, under
Xvfb with GTK's GL renderer (as on a desktop with a GPU): `make screenshot`. Each picture is
taken while the gesture is held, so it shows what the hand sees half-way."""

import subprocess
import sys
import time
from pathlib import Path

from flickapp import FlickApp, row_center_y, wait_for, xdotool


def grab(app, path):
    subprocess.run(["import", "-window", app.window, str(path)], check=True)


def press_and_move(app, x, y, to_y, hold_s=0.0):
    """Presses at (x, y), waits `hold_s`, moves to `to_y` in small steps and stays pressed."""
    step = 4 if to_y > y else -4
    command = ["mousemove", "--window", app.window, x, y, "mousedown", "1", "sleep", hold_s]
    for py in range(y + step, to_y + step, step):
        command += ["sleep", 0.016, "mousemove", "--window", app.window, x, py]
    xdotool(*command)
    time.sleep(0.3)


def main(folder):
    folder = Path(folder)
    app = FlickApp(env={"GSK_RENDERER": "gl"})
    try:
        app.start()
        wait_for(app.titles, message="the welcome list")

        # A pull down at the top, past one row: the placeholder row has turned flat.
        press_and_move(app, 240, row_center_y(1), row_center_y(1) + 95)
        grab(app, folder / "pull-down.png")
        # Moved back up before the release: it springs back and creates nothing.
        xdotool("mousemove", "--window", app.window, 240, row_center_y(1), "mouseup", "1")
        time.sleep(0.5)

        # A row held until it lifted, carried two rows down.
        press_and_move(app, 240, row_center_y(1), row_center_y(3) + 10, hold_s=0.8)
        grab(app, folder / "lifted-row.png")
        xdotool("key", "Escape", "mouseup", "1")
        time.sleep(0.5)

        # Pull up to clear, with two items completed.
        app.keys("Down", "space", "Down", "Down", "space")
        time.sleep(0.6)
        press_and_move(app, 240, row_center_y(8), row_center_y(8) - 150)
        grab(app, folder / "pull-to-clear.png")
        # Moved back below the start: the pull ends without clearing.
        xdotool("mousemove", "--window", app.window, 240, row_center_y(8) + 20, "mouseup", "1")
        time.sleep(0.5)

        # Pinch together half-way (two Ctrl+scroll steps down), grabbed before it springs back.
        xdotool("mousemove", "--window", app.window, 240, row_center_y(3), "keydown", "ctrl",
                "click", "--repeat", 2, "--delay", 30, "5")
        grab(app, folder / "pinch-together.png")
        xdotool("keyup", "ctrl")
        time.sleep(1)

        # The overview.
        app.keys("alt+Left")
        time.sleep(0.8)
        grab(app, folder / "lists-overview.png")
    finally:
        app.cleanup()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "data/screenshots")
