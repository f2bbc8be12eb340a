"""Flick under Wayland for end-to-end tests: tests/wayland/flick-test-compositor (wlroots, a
headless output drawn in software) with Flick as its only client, driven through the
compositor's command pipe (tests/wayland/README.md) as a touchpad, a pointer and a keyboard
would. X11 has no pinch events and Broadway no touchpad: this is where the touchpad paths of
the shim and the driver meet GTK's real Wayland input (issue 27)."""

import math
import os
import random
import select
import shutil
import subprocess
import tempfile
import time
from collections import namedtuple
from pathlib import Path

from flickapp import ROOT, FlickApp, wait_for

# Row geometry of Flick's default window under Wayland, measured on a screenshot: the header
# bar is 47 px (52 under X11, where GTK adds a frame), then rows of 56 px plus a 1 px rule.
HEADER_PX = 47
ROW_PITCH_PX = 57

Window = namedtuple("Window", "x y width height title")

# xdotool-style modifier names, as the X11 tests write key combinations ("ctrl+i").
MODIFIER_KEYSYMS = {"ctrl": "Control_L", "shift": "Shift_L", "alt": "Alt_L", "super": "Super_L"}


def row_center_y(index):
    return HEADER_PX + ROW_PITCH_PX * index + ROW_PITCH_PX // 2


def row_boundary_y(index):
    """The y of the rule above row `index` (0-based): where a pinch opens a gap before it."""
    return HEADER_PX + ROW_PITCH_PX * index


def compositor_binary():
    path = Path(os.environ.get("FLICK_TEST_COMPOSITOR") or ROOT / ".build" / "wayland" / "flick-test-compositor")
    if not path.exists():
        raise AssertionError(f"the test compositor {path} is not built: `make wayland-compositor` builds it")
    return path


def ramp(start, end, steps):
    """`steps` values from just after `start` to `end`, evenly spaced."""
    return [start + (end - start) * (i + 1) / steps for i in range(steps)]


# One frame of a hand on the touchpad: the pause before it (seconds) and its scroll deltas.
HandFrame = namedtuple("HandFrame", "wait_s dx dy")


def hand_swipe(seed, distance, vertical_px=1.5, vertical_frames=4, angle_deg=0.0, step_px=(7, 17)):
    """The frames of a two-finger swipe as a hand makes it (issue 54): `distance` surface
    pixels of scroll along x (positive drags a row left) in frames 9-21 ms apart, each `step_px`
    (7-17 px) sideways, with the first `vertical_frames` frames wobbling up to `vertical_px` up
    or down (a real touchpad never starts level), and the whole swipe drawn `angle_deg` from
    level (positive: the fingers also move up the pad, the content down). The same `seed` plays
    the same hand."""
    rng = random.Random(seed)
    steps = []
    while sum(steps) < abs(distance):
        steps.append(rng.uniform(*step_px))
    steps[-1] -= sum(steps) - abs(distance)
    sign = 1 if distance >= 0 else -1
    slope = math.tan(math.radians(angle_deg))
    frames = []
    for index, step in enumerate(steps):
        wobble = rng.uniform(-vertical_px, vertical_px) if index < vertical_frames else 0.0
        frames.append(HandFrame(rng.uniform(0.009, 0.021), sign * step, -slope * step + wobble))
    return frames


def hand_scroll(seed, distance, sideways_px=1.5, sideways_frames=4, angle_deg=0.0, step_px=(7, 17)):
    """The frames of a two-finger vertical scroll as a hand makes it: `hand_swipe` turned a
    quarter, `distance` pixels along y (negative pulls the list down), wobbling sideways up to
    `sideways_px` in its first `sideways_frames` frames and drawn `angle_deg` from vertical."""
    return [HandFrame(frame.wait_s, -frame.dy, frame.dx)
            for frame in hand_swipe(seed, distance, sideways_px, sideways_frames, angle_deg, step_px)]


# One frame of a touchpad pinch: the pause before it (seconds), the fingers' centre moved by
# (dx, dy) pixels since the last frame, their distance `scale` times what it was when they
# touched, turned `rotation` degrees clockwise since the last frame (wl_pointer_gestures).
PinchFrame = namedtuple("PinchFrame", "wait_s dx dy scale rotation")


def hand_pinch(seed, scale, frames=20, drift_px=1.2, turn_deg=0.6):
    """The frames of a two-finger pinch as a hand makes it (issue 54): the scale goes from 1 to
    `scale` in `frames` uneven steps 9-21 ms apart, the last ones smaller as the hand slows,
    while the fingers' centre drifts (each frame up to `drift_px` along each axis, around a
    slow lean one way) and the pair turns (up to `turn_deg` a frame, mostly one way), as no
    hand pinches on the spot. The same `seed` plays the same hand."""
    rng = random.Random(seed)
    lean_x, lean_y = rng.uniform(-drift_px, drift_px) / 2, rng.uniform(-drift_px, drift_px) / 2
    turning = rng.choice((-1, 1)) * turn_deg / 2
    weights = [rng.uniform(0.6, 1.4) * (1 - 0.5 * index / frames) for index in range(frames)]
    played, total = [], 0.0
    for weight in weights:
        total += weight
        played.append(PinchFrame(rng.uniform(0.009, 0.021),
                                 lean_x + rng.uniform(-drift_px, drift_px) / 2,
                                 lean_y + rng.uniform(-drift_px, drift_px) / 2,
                                 1 + (scale - 1) * total / sum(weights),
                                 turning + rng.uniform(-turn_deg, turn_deg) / 2))
    return played


# A wheel frame: the pause before it (seconds) and its movement in value120 units (120 is one
# notch; a high-resolution wheel sends parts of one).
WheelFrame = namedtuple("WheelFrame", "wait_s dx120 dy120")


def wheel_turn(notches, per_notch=1, tilt=False, wait_s=0.03):
    """The frames of a wheel turned `notches` notches (positive: down, or right with `tilt`),
    each notch in `per_notch` equal frames `wait_s` apart: 1 for an ordinary wheel, 4 for a
    high-resolution one that reports quarter notches (30 in value120)."""
    sign = 1 if notches >= 0 else -1
    part = sign * 120 // per_notch
    return [WheelFrame(wait_s, part if tilt else 0, 0 if tilt else part) for _ in range(abs(notches) * per_notch)]


class Compositor:
    """One running flick-test-compositor. `command` sends it one line and returns the lines
    of its answer; an "error" answer raises."""

    def __init__(self, size="1280x1024"):
        self.runtime_dir = Path(tempfile.mkdtemp(prefix="flick-wayland-"))  # 0700, as Wayland wants.
        self.log = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen([str(compositor_binary()), "--size", size], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=self.log,
                                        env=dict(os.environ, XDG_RUNTIME_DIR=str(self.runtime_dir)))
        self.pending = b""
        ready = self._read_line(timeout=10)
        if not ready.startswith("ready "):
            self.close()
            raise AssertionError(f"the test compositor did not start: {ready}\n{self.log_text()}")
        self.socket = ready.split()[1]

    def environment(self):
        """What a client needs to find this compositor, and nothing that leads to X11."""
        return {"WAYLAND_DISPLAY": self.socket, "XDG_RUNTIME_DIR": str(self.runtime_dir), "GDK_BACKEND": "wayland"}

    def log_text(self):
        self.log.seek(0)
        return self.log.read()[-3000:]

    def _read_line(self, timeout):
        deadline = time.monotonic() + timeout
        while b"\n" not in self.pending:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.process.stdout], [], [], left)[0]:
                return f"(no answer in {timeout} s)"
            chunk = os.read(self.process.stdout.fileno(), 4096)
            if not chunk:
                return f"(the compositor exited with {self.process.poll()})"
            self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return line.decode()

    def command(self, line):
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()
        answer = self._read_line(timeout=10)
        if not answer.startswith("ok"):
            raise AssertionError(f"compositor command {line!r}: {answer}\n{self.log_text()}")
        count = int(answer.split()[1]) if len(answer.split()) > 1 else 0
        return [self._read_line(timeout=10) for _ in range(count)]

    def windows(self):
        """The mapped windows, the one in front first."""
        found = []
        for line in self.command("windows"):
            x, y, width, height, title = (line.split(" ", 4) + [""])[:5]
            found.append(Window(int(x), int(y), int(width), int(height), title))
        return found

    # --- Input, as a user's hands make it.

    def move(self, x, y):
        self.command(f"motion {x} {y}")

    def click(self, x, y, button="left"):
        self.move(x, y)
        self.command(f"click {button}")
        time.sleep(0.3)

    def press(self, combination):
        """A key or a combination in xdotool's spelling: "Return", "ctrl+i", "shift+Tab"."""
        *modifiers, key = combination.split("+")
        keysyms = [MODIFIER_KEYSYMS[modifier.lower()] for modifier in modifiers]
        for keysym in keysyms:
            self.command(f"keydown {keysym}")
        self.command(f"key {key}")
        for keysym in reversed(keysyms):
            self.command(f"keyup {keysym}")

    def pinch(self, x, y, scales, step_s=0.016, cancel=False):
        """Two fingers pinching on the touchpad with the pointer at (x, y): one update per
        scale in `scales` (1 is the fingers' distance when they touched), then lifted."""
        self.move(x, y)
        self.command("pinch begin 2")
        for scale in scales:
            time.sleep(step_s)
            self.command(f"pinch update 0 0 {scale:.4f}")
        time.sleep(step_s)
        self.command("pinch end cancel" if cancel else "pinch end")

    def scroll(self, x, y, dx, dy, steps=12, step_s=0.016, lift=True):
        """Two fingers moving (dx, dy) surface pixels over the touchpad in `steps` frames with
        the pointer at (x, y), then lifted (`lift`). Scroll deltas point where the content
        would move: dx > 0 drags a row left, dy < 0 pulls the list down."""
        self.move(x, y)
        for _ in range(steps):
            time.sleep(step_s)
            self.command(f"scroll {dx / steps:.3f} {dy / steps:.3f}")
        if lift:
            time.sleep(step_s)
            self.command("scroll stop")

    def play(self, x, y, frames, lift=True, coast=False):
        """Two fingers on the touchpad with the pointer at (x, y), moving frame by frame
        (`HandFrame`s, as `hand_swipe` makes them), then lifted (`lift`). With `coast`, the
        scroll goes on after the fingers lift as kinetic scrolling does where the driver makes
        it (X11's synaptics, some compositors): frames every 12 ms, each 0.85 of the one before,
        until they are under half a pixel, and only then axis_stop."""
        self.move(x, y)
        for frame in frames:
            time.sleep(frame.wait_s)
            self.command(f"scroll {frame.dx:.3f} {frame.dy:.3f}")
        if coast and frames:
            dx, dy = frames[-1].dx, frames[-1].dy
            while math.hypot(dx, dy) >= 0.5:
                dx, dy = dx * 0.85, dy * 0.85
                time.sleep(0.012)
                self.command(f"scroll {dx:.3f} {dy:.3f}")
        if lift:
            time.sleep(0.012)
            self.command("scroll stop")

    def play_pinch(self, x, y, frames, cancel=False):
        """Two fingers pinching on the touchpad with the pointer at (x, y), frame by frame
        (`PinchFrame`s, as `hand_pinch` makes them), then lifted."""
        self.move(x, y)
        self.command("pinch begin 2")
        for frame in frames:
            time.sleep(frame.wait_s)
            self.command(f"pinch update {frame.dx:.3f} {frame.dy:.3f} {frame.scale:.4f} {frame.rotation:.3f}")
        time.sleep(0.012)
        self.command("pinch end cancel" if cancel else "pinch end")

    def turn_wheel(self, x, y, frames):
        """The mouse wheel turned with the pointer at (x, y), frame by frame (`WheelFrame`s, as
        `wheel_turn` makes them). A wheel has no lift: nothing ends it."""
        self.move(x, y)
        for frame in frames:
            time.sleep(frame.wait_s)
            self.command(f"wheel {frame.dx120} {frame.dy120}")

    def scroll_lock(self, on, px_per_mm=4):
        """libinput's axis lock on the scroll frames that follow (tests/wayland/README.md)."""
        self.command(f"scroll lock on {px_per_mm}" if on else "scroll lock off")

    def screenshot(self, path, window=None):
        """The output as a PNG at `path`, or only `window` (a Window) if given."""
        part = f" {window.x} {window.y} {window.width} {window.height}" if window else ""
        self.command(f"screenshot {path}{part}")

    def close(self):
        if self.process.poll() is None:
            try:
                self.process.stdin.write(b"quit\n")
                self.process.stdin.close()
                self.process.wait(timeout=10)
            except (BrokenPipeError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait(timeout=10)
        self.process.stdout.close()
        self.log.close()
        shutil.rmtree(self.runtime_dir, ignore_errors=True)


class WaylandFlickApp(FlickApp):
    """A FlickApp whose window is on a test compositor: keys, text and screenshots go through
    the compositor instead of xdotool and the X server."""

    def __init__(self, compositor, **kwargs):
        super().__init__(**kwargs)
        self.compositor = compositor

    def launch_environment(self):
        env = super().launch_environment()
        env.pop("DISPLAY", None)  # GTK must not fall back to X11.
        env.update(self.compositor.environment())
        return env

    def await_window(self):
        self.window = wait_for(self._mapped_window, timeout=20, message="the Flick window on the compositor")
        time.sleep(0.3)  # The first frames settle.

    def _mapped_window(self):
        if self.process.poll() is not None:
            raise AssertionError(f"flick exited with {self.process.returncode}")
        windows = self.compositor.windows()
        return windows[0] if windows else None

    def window_names(self):
        return [window.title for window in self.compositor.windows()]

    def keys(self, *keys, delay_ms=40):
        for key in keys:
            self.compositor.press(key)
            time.sleep(delay_ms / 1000)
        time.sleep(0.15)

    def type(self, text):
        self.compositor.command(f"type {text}")
        time.sleep(0.15)

    def screenshot(self, path):
        """Flick's window in front, as a PNG at `path`."""
        self.compositor.screenshot(path, self.compositor.windows()[0])
