"""Takes the user guide's gesture screenshots again under Wayland, made with a touchpad where the
gesture has one (tests/wayland/flick-test-compositor): `make screenshot` writes them to
data/screenshots/wayland/. Each picture is taken while the gesture is held, so it shows what
the hand sees half-way; each gesture is then undone without effect."""

import sys
import time
from pathlib import Path

from flickapp import wait_for
from wayland_session import Compositor, WaylandFlickApp, ramp, row_boundary_y, row_center_y


def main(folder):
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    compositor = Compositor()
    app = WaylandFlickApp(compositor)
    try:
        app.start()
        wait_for(app.titles, message="the welcome list")
        take_gestures(compositor, app, folder)
    finally:
        app.cleanup()
        compositor.close()


def take_gestures(compositor, app, folder):
    width = app.window.width

    # Two fingers slid left over the second row, past half its menu: it stays open.
    compositor.scroll(width - 60, row_center_y(1), 160, 0, steps=40, step_s=0.02)
    time.sleep(0.6)
    app.screenshot(folder / "row-open.png")
    app.keys("Escape")
    time.sleep(0.6)

    # A touchpad pinch spreading at the boundary above the third row, past one row's height.
    compositor.move(240, row_boundary_y(2))
    compositor.command("pinch begin 2")
    for scale in ramp(1.0, 1.6, 12):
        time.sleep(0.016)
        compositor.command(f"pinch update 0 0 {scale:.3f}")
    time.sleep(0.4)
    app.screenshot(folder / "pinch.png")
    compositor.command("pinch end cancel")
    time.sleep(0.6)

    # Two fingers pulling the list down at its top, past one row; back up before they lift.
    compositor.scroll(240, row_center_y(1), 0, -95, steps=15, lift=False)
    time.sleep(0.3)
    app.screenshot(folder / "pull-down.png")
    compositor.scroll(240, row_center_y(1), 0, 120, steps=5)
    time.sleep(0.6)

    # A row held (the pointer's button) until it lifted, carried two rows down.
    compositor.move(240, row_center_y(1))
    compositor.command("press left")
    time.sleep(0.8)
    for y in range(row_center_y(1), row_center_y(3) + 10, 4):
        compositor.move(240, y)
        time.sleep(0.016)
    time.sleep(0.3)
    app.screenshot(folder / "lifted-row.png")
    app.keys("Escape")
    compositor.command("release left")
    time.sleep(0.6)

    # Two items completed, then two fingers pulling the list up past its end.
    app.keys("Down", "space", "Down", "Down", "space")
    time.sleep(0.6)
    compositor.scroll(240, row_center_y(8), 0, 150, steps=15, lift=False)
    time.sleep(0.3)
    app.screenshot(folder / "pull-to-clear.png")
    compositor.scroll(240, row_center_y(8), 0, -170, steps=5)
    time.sleep(0.6)

    # A touchpad pinch together, a third of the way to the lists; it springs back when cancelled.
    compositor.move(240, row_center_y(3))
    compositor.command("pinch begin 2")
    for scale in ramp(1.0, 0.75, 8):
        time.sleep(0.016)
        compositor.command(f"pinch update 0 0 {scale:.3f}")
    time.sleep(0.3)
    app.screenshot(folder / "pinch-together.png")
    compositor.command("pinch end cancel")
    time.sleep(1)

    # The overview.
    app.keys("alt+Left")
    time.sleep(0.8)
    app.screenshot(folder / "lists-overview.png")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "data/screenshots/wayland")
