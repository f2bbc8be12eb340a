"""Real multi-finger touch for end-to-end tests: the built `flick` binary runs on GTK's Broadway
backend (`gtk4-broadwayd`), headless Chromium shows Broadway's web page, and the DevTools
protocol's `Input.dispatchTouchEvent` puts fingers on that page. Broadway turns the page's touch
events into GDK touch events (on its one pointer device), so GtkGestureDrag and GtkGestureZoom
see real touch sequences with real points.

GTK 4.8 under Broadway is not on the accessibility bus: read results from the database
(`FlickApp.items()`), and look at screenshots (`BroadwayFlick.screenshot`).

Facts found on the way (GTK 4.8.3, Chromium 156, Debian 12):
- Broadway passes the page's touch identifier on as GTK's event sequence, so identifier 0
  becomes the NULL sequence, which GTK keeps for the pointer. With it, touch updates stopped
  reaching the gestures part-way through about half the drags, and later gestures failed too.
  Every touch here gets a fresh identifier from 1 up, as a touchscreen gives.
- After each frame GTK waits for the page to show it before drawing the next. A frame with new
  textures (the first slide of a row, its menu's icons, the first pinch placeholder) can take
  a second or more to reach the page, and GTK's animations wait with it: an open menu's
  buttons may not be there yet 0.8 s after the swipe. `drag` and `screenshot_when_settled`
  wait for the picture to stop changing.
- broadwayd leaves its socket behind; each session gets a private XDG_RUNTIME_DIR for it.
- Chromium gets a private HOME too (it writes crash-report settings there).

Set FLICK_BINARY to test a binary other than the default debug build."""

import base64
import ctypes
import itertools
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import websocket  # Debian's python3-websocket: run the tests with /usr/bin/python3.

import flickapp
from flickapp import FlickApp, wait_for

ROOT = flickapp.ROOT
# Chromium's viewport (Broadway's screen) unless a session asks for another: room for the default
# 480 x 640 window and its client-side shadow.
VIEWPORT = (640, 720)
# Between two touch moves: one frame at 60 Hz.
STEP_S = 0.016
# Used only if the header bar cannot be found on the page (GTK 4.8's header bar under
# Broadway is 47 px high; under Xvfb flickapp counts 52 px to the first row).
BROADWAY_HEADER_PX = 47


def flick_binary():
    """The binary under test: $FLICK_BINARY if set, else the default debug build."""
    override = os.environ.get("FLICK_BINARY")
    if override:
        binary = Path(override)
        if not binary.exists():
            raise RuntimeError(f"FLICK_BINARY={override} does not exist")
        return binary
    return flickapp.built_binary()


def _die_with_parent():
    """Run in a child between fork and exec: the kernel kills it if the test process dies
    (killed by a timeout, say) before it could stop it. The children are leaders of sessions of
    their own, out of reach of a terminal's Ctrl+C and of the runner's process group."""
    ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)


_PR_SET_PDEATHSIG = 1


def _port_free(port):
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def _port_open(port):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


def _stop_group(process, timeout=5):
    """Stops `process` and whatever it started in its process group (it was started as the
    leader of a session of its own): SIGTERM, then SIGKILL after `timeout` seconds. Chromium's
    renderers and helpers are in that group."""
    if process is None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        pass
    try:
        os.killpg(process.pid, signal.SIGKILL)  # Stragglers in the group, or the leader itself.
    except ProcessLookupError:
        pass
    if process.poll() is None:
        process.wait(timeout=timeout)


class Broadwayd:
    """`gtk4-broadwayd :N` on a free display number; its web page is at `url`. `env` is what a
    GTK app needs to show its windows there."""

    def __init__(self, work_dir):
        self.process = None
        self.display = None
        self.runtime_dir = Path(work_dir) / "runtime"
        self.runtime_dir.mkdir(mode=0o700)
        self.log_path = Path(work_dir) / "broadwayd.log"

    @property
    def port(self):
        return 8080 + self.display

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}/"

    def env(self):
        env = {key: value for key, value in os.environ.items()
               if key not in ("DISPLAY", "WAYLAND_DISPLAY", "GSK_RENDERER")}
        env.update(GDK_BACKEND="broadway", BROADWAY_DISPLAY=f":{self.display}",
                   XDG_RUNTIME_DIR=str(self.runtime_dir))
        return env

    def start(self):
        for _ in range(8):
            display = random.randint(5, 900)
            if not _port_free(8080 + display):
                continue
            self.display = display
            with open(self.log_path, "a") as log:
                self.process = subprocess.Popen(["gtk4-broadwayd", f":{display}"], env=self.env(),
                                                stdout=log, stderr=subprocess.STDOUT,
                                                start_new_session=True, preexec_fn=_die_with_parent)
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline and self.process.poll() is None:
                if _port_open(self.port):
                    return self
                time.sleep(0.05)
            _stop_group(self.process)
            self.process = None
        raise RuntimeError("gtk4-broadwayd did not start on any display tried")

    def stop(self):
        _stop_group(self.process)
        self.process = None


class DevTools:
    """A minimal Chrome DevTools protocol client on one page's websocket."""

    def __init__(self, ws_url, timeout=15):
        self.socket = websocket.create_connection(ws_url, timeout=timeout, suppress_origin=True)
        self.next_id = 0

    def call(self, method, **params):
        self.next_id += 1
        request_id = self.next_id
        self.socket.send(json.dumps({"id": request_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == request_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            # Anything else is an event; none is subscribed to on purpose.

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"page script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def close(self):
        try:
            self.socket.close()
        except Exception:
            pass


class Chromium:
    """Headless Chromium with a clean environment (with DISPLAY or a session bus it can hang on
    navigation), a throw-away profile, and a DevTools connection to its page."""

    def __init__(self, work_dir, viewport=VIEWPORT):
        self.process = None
        self.devtools = None
        self.viewport = viewport
        self.profile = Path(work_dir) / "chromium-profile"
        self.log_path = Path(work_dir) / "chromium.log"

    def start(self):
        home = self.profile.parent / "chromium-home"
        home.mkdir(exist_ok=True)
        env = {key: os.environ[key] for key in ("PATH", "LANG") if key in os.environ}
        env["HOME"] = str(home)
        with open(self.log_path, "a") as log:
            self.process = subprocess.Popen(
                ["chromium", "--headless=new", "--no-sandbox", "--no-first-run", "--disable-gpu",
                 "--remote-debugging-port=0", f"--user-data-dir={self.profile}",
                 f"--window-size={self.viewport[0]},{self.viewport[1]}", "about:blank"],
                env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                preexec_fn=_die_with_parent)
        active_port = self.profile / "DevToolsActivePort"

        def devtools_port():
            if self.process.poll() is not None:
                raise RuntimeError(f"chromium exited with {self.process.returncode}")
            try:
                return int(active_port.read_text().split()[0])
            except (OSError, ValueError, IndexError):
                return None

        port = wait_for(devtools_port, timeout=20, message="Chromium's DevTools port")

        def page_target():
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/json", timeout=2) as reply:
                    targets = json.load(reply)
            except OSError:
                return None
            pages = [t for t in targets if t.get("type") == "page" and "webSocketDebuggerUrl" in t]
            return pages[0] if pages else None

        target = wait_for(page_target, timeout=10, message="Chromium's page")
        self.devtools = DevTools(target["webSocketDebuggerUrl"])
        return self

    def stop(self):
        if self.devtools:
            self.devtools.close()
            self.devtools = None
        _stop_group(self.process)
        self.process = None


# Broadway draws every toplevel as an absolutely placed <div> and GTK's render nodes inside it
# as nested <div>s. The window's frame is the first element with the client-side shadow, or,
# for a maximized window, which has none (a phone's, test_touch_phone.py), the first toplevel's
# own element (the header bar's buttons have small shadows of their own: 36 px wide); the header
# bar is what starts at the frame's top edge across its whole width.
_WINDOW_SCRIPT = """(() => {
  const all = [...document.querySelectorAll('body div')];
  const frame = all.find(e => e.style.boxShadow && e.getBoundingClientRect().width > 100)
    || document.querySelector('body > div');
  if (!frame) return null;
  const r = frame.getBoundingClientRect();
  let header = 0;
  for (const e of all) {
    const b = e.getBoundingClientRect();
    if (Math.abs(b.top - r.top) < 1 && Math.abs(b.width - r.width) < 1 && b.height > 20 && b.height < 100)
      header = Math.max(header, b.bottom - r.top);
  }
  return {x: r.left, y: r.top, width: r.width, height: r.height, header: header};
})()"""

# No browser gestures on the page: without them Chromium pans and zooms its own page and a touch
# sequence stays stuck in GTK. And every touch lands on a window's own element, never on
# one of the elements Broadway draws inside it: Broadway replaces those as a frame changes, and
# the events of a touch go to the element it began on, so a touch whose element was replaced
# under it lost its moves and its end (Broadway listens on the document, which an element no
# longer in it does not reach). GTK then kept that touch down for good, and later spreads on
# the same page were lost whole (test_touch's spread on the overview, now and then under load).
_NO_TOUCH_ACTION = ("document.head.insertAdjacentHTML('beforeend', "
                    "'<style>*{touch-action:none !important} body > div * {pointer-events:none !important}</style>'); true")

# Records what the page did with the last touches, for a failure message (`touch_record`):
# each touch event's kind, how many fingers changed, whether the element each began on is still
# in the page and which surface it belongs to (0: none, so Broadway sends it nowhere), and any
# error the page's own script raised. `release` reads it to know every finger's end arrived.
_WATCH_TOUCHES = """(() => {
  window.flickTouchRecord = [];
  const keep = entry => { flickTouchRecord.push(entry); flickTouchRecord.splice(0, flickTouchRecord.length - 100); };
  const surfaceOf = node => {
    while (node && node !== document && node.surface === undefined) node = node.parentNode;
    return node && node.surface ? node.surface.id : 0;
  };
  for (const kind of ['touchstart', 'touchmove', 'touchend', 'touchcancel']) {
    document.addEventListener(kind, event => keep([kind, event.changedTouches.length,
      [...event.changedTouches].map(t => [t.identifier, t.target.isConnected, surfaceOf(t.target)])]), true);
  }
  window.addEventListener('error', event => keep(['error', event.message, event.lineno]));
  return true;
})()"""

# Page touch identifiers; see the module note on why they start at 1 and never repeat.
_touch_ids = itertools.count(1)

# DevTools key descriptions of the special keys tests press (windowsVirtualKeyCode is what
# Broadway's page maps to a keysym).
KEYS = {
    "Enter": {"key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13, "text": "\r"},
    "Escape": {"key": "Escape", "code": "Escape", "windowsVirtualKeyCode": 27},
    "F2": {"key": "F2", "code": "F2", "windowsVirtualKeyCode": 113},
    "Delete": {"key": "Delete", "code": "Delete", "windowsVirtualKeyCode": 46},
    "BackSpace": {"key": "Backspace", "code": "Backspace", "windowsVirtualKeyCode": 8},
}


class BroadwayFlick(FlickApp):
    """Flick on a Broadway display, seen through Chromium. `start()` runs the app with its own
    data directory and waits for its window on the page. Coordinates given to the input methods
    are window coordinates: 0, 0 is the window's top-left corner inside its shadow."""

    def __init__(self, session, data_dir=None):
        super().__init__(data_dir=data_dir, settings=session.settings)
        self.session = session
        self.frame = None
        self.finger_ids = []

    @property
    def devtools(self):
        return self.session.chromium.devtools

    def start(self, *args):
        self.log_path = self.data_dir.parent / f"{self.data_dir.name}.log"
        if self.log is None:
            self.log = open(self.log_path, "a")
        # The Broadway display's environment, with the settings every FlickApp starts with.
        self.process = subprocess.Popen([str(flick_binary()), "--data-dir", str(self.data_dir), *args],
                                        env=flickapp.flick_environment(dict(self.session.broadwayd.env(),
                                                                            **self.extra_env)),
                                        stdout=self.log, stderr=subprocess.STDOUT, preexec_fn=_die_with_parent)
        try:
            wait_for(self._titles_while_running, timeout=20, message="Flick's welcome list")
        except AssertionError as error:
            raise AssertionError(f"{error}; {self._page_picture('start')}; Flick said: {self.output()}") from None
        self.load_page()
        return self

    def _page_picture(self, what):
        """Saves what the page shows (a message window, say) for a failure message."""
        path = Path(tempfile.gettempdir()) / f"flick-touch-{what}-failure.png"
        try:
            self.devtools.call("Page.navigate", url=self.session.broadwayd.url)
            time.sleep(1.5)
            path.write_bytes(base64.b64decode(self.devtools.call("Page.captureScreenshot", format="png")["data"]))
            return f"the page is in {path}"
        except Exception as error:
            return f"no picture of the page ({error})"

    def _titles_while_running(self):
        if self.process.poll() is not None:
            raise AssertionError(f"flick exited with {self.process.returncode}: {self.output()}")
        try:
            return self.titles()
        except Exception:
            return None  # No database yet.

    def output(self):
        """What Flick printed so far (for failure messages)."""
        self.log.flush()
        return self.log_path.read_text(errors="replace")[-3000:]

    def load_page(self):
        """(Re)loads Broadway's page, turns off the browser's own touch gestures and finds the
        window on it."""
        devtools = self.devtools
        width, height = self.session.viewport
        devtools.call("Emulation.setDeviceMetricsOverride", width=width, height=height,
                      deviceScaleFactor=1, mobile=False)
        devtools.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
        devtools.call("Page.navigate", url=self.session.broadwayd.url)
        wait_for(lambda: devtools.evaluate("document.readyState") == "complete", timeout=10,
                 message="Broadway's page to load")
        devtools.evaluate(_NO_TOUCH_ACTION)
        devtools.evaluate(_WATCH_TOUCHES)
        self.frame = wait_for(self._settled_window_frame, timeout=15, message="the Flick window on the page")

    def _settled_window_frame(self):
        """The window's frame once it stays put for 0.3 s (the first frames settle): a window
        that maximizes is first shown at its default size, with a shadow, for a frame or two."""
        frame = self._window_frame()
        time.sleep(0.3)
        return frame if frame and frame == self._window_frame() else None

    def _window_frame(self):
        frame = self.devtools.evaluate(_WINDOW_SCRIPT)
        if frame and frame["width"] > 100 and frame["header"] > 0:
            return frame
        return None

    # --- Geometry, in window coordinates ---

    @property
    def width(self):
        return int(self.frame["width"])

    @property
    def header_px(self):
        return int(round(self.frame["header"])) or BROADWAY_HEADER_PX

    def row_center_y(self, index):
        return self.header_px + flickapp.ROW_PITCH_PX * index + flickapp.ROW_PITCH_PX // 2

    def delete_button_x(self):
        """The red round Delete button at the end of an open row's menu."""
        return self.width - 35

    # --- Touch ---

    def touch(self, kind, points):
        """One `Input.dispatchTouchEvent`: `kind` is touchStart, touchMove or touchEnd; `points`
        the (x, y) of every finger down, in the order they were put down (none for touchEnd,
        which lifts them all)."""
        if kind == "touchStart":
            self.finger_ids = [next(_touch_ids) for _ in points]
        touch_points = [{"x": self.frame["x"] + x, "y": self.frame["y"] + y, "id": finger,
                         "radiusX": 4, "radiusY": 4, "force": 1}
                        for finger, (x, y) in zip(self.finger_ids, points)]
        self.devtools.call("Input.dispatchTouchEvent", type=kind, touchPoints=touch_points)

    def touch_gesture(self, starts, ends, steps=15, step_s=STEP_S, release=True):
        """Puts a finger on each point of `starts` at once, moves them all in `steps` equal steps,
        one every `step_s` seconds, to `ends`, and with `release` lifts them."""
        self.touch("touchStart", starts)
        began = time.monotonic()
        for step in range(1, steps + 1):
            _sleep_until(began + step * step_s)
            t = step / steps
            self.touch("touchMove", [(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
                                     for (x0, y0), (x1, y1) in zip(starts, ends)])
        _sleep_until(began + (steps + 1) * step_s)
        if release:
            self.release()

    def hand_gesture(self, starts, ends, seed, step_px=(7, 14), frame_s=(0.010, 0.024), jitter_px=2, hold_s=0.0,
                     release=True):
        """Like `touch_gesture`, but as a hand moves (see `hand_frames`): uneven steps of about
        `step_px` px, `frame_s` seconds apart, each finger wavering up to `jitter_px` px across
        and along its way; with `hold_s`, the fingers first rest that long where they came
        down, trembling a pixel (a long press). The same `seed` plays the same hand."""
        rng = random.Random(seed)
        self.touch("touchStart", starts)
        held_until = time.monotonic() + hold_s
        while time.monotonic() < held_until:
            time.sleep(min(0.1, max(0.0, held_until - time.monotonic())))
            self.touch("touchMove", [(x + rng.choice((-1, 0, 1)), y + rng.choice((-1, 0, 1))) for x, y in starts])
        for points in hand_frames(starts, ends, rng, step_px, jitter_px):
            time.sleep(rng.uniform(*frame_s))
            self.touch("touchMove", points)
        time.sleep(rng.uniform(*frame_s))
        if release:
            self.release()

    def touch_record(self):
        """The page's record of the last touches and its own errors (see `_WATCH_TOUCHES`),
        compressed to one line per run of like events, for a failure message."""
        lines = []
        for entry in self.devtools.evaluate("window.flickTouchRecord || []"):
            text = repr(entry)
            if lines and lines[-1][0] == text:
                lines[-1][1] += 1
            else:
                lines.append([text, 1])
        return "; ".join(text if count == 1 else f"{text} ×{count}" for text, count in lines)

    def release(self):
        """Lifts every finger, and waits until the page has heard each one lift: a touch whose
        end never reached Broadway stays down in GTK for good (see `_NO_TOUCH_ACTION`)."""
        fingers = set(self.finger_ids)
        self.touch("touchEnd", [])
        ended = lambda: fingers <= {finger for entry in self.devtools.evaluate("window.flickTouchRecord || []")
                                    if entry[0] == "touchend" for finger, _, _ in entry[2]}
        wait_for(ended, timeout=3, message=f"the page to hear fingers {sorted(fingers)} lift: {self.touch_record()}")

    def drag(self, start, end, steps=15, step_s=STEP_S, changes_picture=True):
        """One finger from `start` to `end`; then waits for the snap (0.35 s) and bounce to be
        drawn on the page: with `changes_picture`, until the picture differs from before the
        drag and has stopped changing (the first time a row's back view is drawn, Broadway
        can take a second or more to show it, and GTK's animations wait for it)."""
        before = self.screenshot() if changes_picture else None
        self.touch_gesture([start], [end], steps=steps, step_s=step_s)
        time.sleep(0.4)
        if changes_picture:
            self.screenshot_when_settled(unlike=before)
        else:
            time.sleep(0.4)

    def tap(self, x, y):
        self.touch("touchStart", [(x, y)])
        time.sleep(0.05)
        self.release()
        time.sleep(0.3)

    def spread(self, upper, lower, distance, steps=15, step_s=STEP_S, release=True):
        """Two fingers at `upper` and `lower`, moved apart vertically by `distance` px each
        (upper up, lower down)."""
        (ux, uy), (lx, ly) = upper, lower
        self.touch_gesture([upper, lower], [(ux, uy - distance), (lx, ly + distance)],
                           steps=steps, step_s=step_s, release=release)

    # --- Keyboard (Broadway's page forwards key events to the focused window) ---

    def type_text(self, text):
        for char in text:
            code = ord(char.upper()) if char.isascii() and char.isalnum() else 0
            self.devtools.call("Input.dispatchKeyEvent", type="keyDown", key=char, text=char,
                               unmodifiedText=char, windowsVirtualKeyCode=code)
            self.devtools.call("Input.dispatchKeyEvent", type="keyUp", key=char, windowsVirtualKeyCode=code)
            time.sleep(0.02)
        time.sleep(0.15)

    def press_key(self, name):
        key = dict(KEYS[name])
        text = key.pop("text", None)
        self.devtools.call("Input.dispatchKeyEvent", type="keyDown" if text else "rawKeyDown",
                           **key, **({"text": text} if text else {}))
        self.devtools.call("Input.dispatchKeyEvent", type="keyUp", **key)
        time.sleep(0.3)

    def press_ctrl_key(self, letter):
        """Ctrl and a lower-case `letter` (Ctrl+I opens the details): Broadway's page keeps the
        modifier's state from the Control key's own events."""
        control = {"key": "Control", "code": "ControlLeft", "windowsVirtualKeyCode": 17}
        code = ord(letter.upper())
        self.devtools.call("Input.dispatchKeyEvent", type="rawKeyDown", modifiers=2, **control)
        self.devtools.call("Input.dispatchKeyEvent", type="rawKeyDown", modifiers=2, key=letter,
                           code=f"Key{letter.upper()}", windowsVirtualKeyCode=code)
        self.devtools.call("Input.dispatchKeyEvent", type="keyUp", modifiers=2, key=letter,
                           code=f"Key{letter.upper()}", windowsVirtualKeyCode=code)
        self.devtools.call("Input.dispatchKeyEvent", type="keyUp", **control)
        time.sleep(0.3)

    # --- Pictures ---

    def screenshot(self, path=None, window_only=False):
        """A PNG of Chromium's viewport (Broadway's page), or with `window_only` of the Flick
        window alone (without its shadow); written to `path` if given."""
        params = {"format": "png"}
        if window_only:
            params["clip"] = {key: self.frame[key] for key in ("x", "y", "width", "height")} | {"scale": 1}
        data = base64.b64decode(self.devtools.call("Page.captureScreenshot", **params)["data"])
        if path:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            Path(path).write_bytes(data)
        return data

    def screenshot_when_settled(self, path=None, unlike=None, stable_s=0.5, timeout=6.0, interval=0.1):
        """A screenshot once the picture has stopped changing for `stable_s` seconds (and
        differs from `unlike`, a PNG taken before): the frames GTK sent have reached the page.
        After `timeout` seconds, whatever the page shows. With `path`, the window alone is
        saved there too."""
        deadline = time.monotonic() + timeout
        current = self.screenshot()
        changed_at = time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(interval)
            previous, current = current, self.screenshot()
            if current != previous:
                changed_at = time.monotonic()
            elif current != unlike and time.monotonic() - changed_at >= stable_s:
                break
        if path:
            self.screenshot(path, window_only=True)
        return current


def pixels_differ(first, second):
    """How many pixels differ between two PNGs of the same size (ImageMagick's `compare`)."""
    with tempfile.TemporaryDirectory(prefix="flick-compare-") as directory:
        paths = [Path(directory) / name for name in ("first.png", "second.png")]
        for path, data in zip(paths, (first, second)):
            path.write_bytes(data)
        result = subprocess.run(["compare", "-metric", "AE", *map(str, paths), "null:"],
                                capture_output=True, text=True, timeout=30)
        if result.returncode not in (0, 1):
            raise RuntimeError(f"compare failed: {result.stderr}")
        return int(float(result.stderr.split()[0]))


def hand_frames(starts, ends, rng, step_px=(7, 14), jitter_px=2):
    """Where each finger is at each frame of a move from `starts` to `ends` as a hand makes it:
    the leading finger goes `step_px` px a frame, a random length in that range each time, and
    every finger strays up to `jitter_px` px either way on both axes, never on the last frame,
    which ends exactly at `ends` (a gesture's threshold is then met or missed as the test
    says). A frame list, each with one (x, y) per finger."""
    length = max(max(abs(x1 - x0), abs(y1 - y0)) for (x0, y0), (x1, y1) in zip(starts, ends))
    frames, done = [], 0.0
    while done < 1:
        done = min(1.0, done + rng.uniform(*step_px) / max(length, 1))
        stray = (lambda: rng.uniform(-jitter_px, jitter_px)) if done < 1 else (lambda: 0)
        frames.append([(x0 + (x1 - x0) * done + stray(), y0 + (y1 - y0) * done + stray())
                       for (x0, y0), (x1, y1) in zip(starts, ends)])
    return frames


def _sleep_until(moment):
    delay = moment - time.monotonic()
    if delay > 0:
        time.sleep(delay)


class TouchSession:
    """gtk4-broadwayd and headless Chromium, shared by a test class; `new_flick()` starts a
    Flick with a fresh data directory on them. `close()` stops everything it started.
    `viewport` is the page's (Broadway's screen's) width and height; `settings` are GSettings
    every Flick of the session starts with (GVariant text by key, as FlickApp takes them), such
    as the window's size."""

    def __init__(self, viewport=VIEWPORT, settings=None):
        self.work_dir = Path(tempfile.mkdtemp(prefix="flick-touch-"))
        self.viewport = tuple(viewport)
        self.settings = dict(settings or {})
        self.broadwayd = Broadwayd(self.work_dir)
        self.chromium = Chromium(self.work_dir, viewport=self.viewport)

    def start(self):
        try:
            self.broadwayd.start()
            self.chromium.start()
        except BaseException:
            self.close()
            raise
        return self

    def new_flick(self):
        app = BroadwayFlick(self)
        try:
            app.start()
        except BaseException:
            app.cleanup()
            raise
        return app

    def close(self):
        self.chromium.stop()
        self.broadwayd.stop()
        shutil.rmtree(self.work_dir, ignore_errors=True)


def capture_mid_pinch(path, rows=(1, 2), distance=45):
    """Saves a PNG of Flick mid-pinch: two fingers on `rows` spread apart by `distance` px each
    and still down; then lifts them and stops everything. Returns the Flick's items after the
    release."""
    session = TouchSession().start()
    app = None
    try:
        app = session.new_flick()
        upper, lower = rows
        x = app.width // 2
        before = app.screenshot()
        app.spread((x - 40, app.row_center_y(upper)), (x + 40, app.row_center_y(lower)), distance,
                   release=False)
        app.screenshot_when_settled(path, unlike=before)
        app.release()
        time.sleep(0.8)
        return app.items()
    finally:
        if app:
            app.cleanup()
        session.close()


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "data/screenshots/pinch.png")
    print(capture_mid_pinch(target))
