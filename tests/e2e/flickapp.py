"""Drives the built `flick` binary for end-to-end tests: launch it on the current (Xvfb)
display with a private data directory, send real keyboard and pointer input with xdotool,
read the database with sqlite3 and the widgets through AT-SPI."""

import functools
import os
import shutil
import signal
import sqlite3
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def built_binary():
    """The flick binary under test: $FLICK_BINARY if set (an older build, a release build),
    else the debug build of this checkout."""
    if os.environ.get("FLICK_BINARY"):
        return Path(os.environ["FLICK_BINARY"])
    binary = debug_bin_dir() / "flick"
    if not binary.exists():
        raise RuntimeError(f"{binary} is not built: run `swift build` first")
    return binary


@functools.cache
def debug_bin_dir():
    """SwiftPM's debug build folder, asked once: `swift build --show-bin-path` takes a quarter
    of a second, and the tests start Flick hundreds of times."""
    return Path(subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                               capture_output=True, text=True).stdout.strip())


# What every Flick the tests start runs with: a GLib or GTK CRITICAL (a broken assertion, such as
# a widget used after GTK let it go) stops Flick at once with a core and a stack, where the test
# sees it, instead of scrolling by in a log that nobody reads (issue 11).
FLICK_DEBUG_ENVIRONMENT = {"G_DEBUG": "fatal-criticals"}


def flick_environment(env=None):
    """`env` (by default this process's environment) with FLICK_DEBUG_ENVIRONMENT: pass it to
    every process that runs Flick."""
    return dict(os.environ if env is None else env, **FLICK_DEBUG_ENVIRONMENT)


# The locale each translated language runs under. Not `LANG=C.UTF-8 LANGUAGE=he`: gettext honours
# LANGUAGE under the C locale in glibc 2.36 (Debian 12), not in 2.41 (Debian 13), where Flick's
# strings stayed English; and GTK 4.18 takes right to left from the locale (LC_CTYPE), not from an
# entry of its Hebrew translation as GTK 4.8 did, so the Hebrew window was left to right.
LOCALES = {"de": "de_DE", "es": "es_ES", "fr": "fr_FR", "he": "he_IL"}


def language_environment(language):
    """The variables that run Flick in `language` ("he") under a real locale of it: LANG and
    LC_ALL name it (he_IL.UTF-8), LANGUAGE the language, LOCPATH the folder where localedef
    compiled it (`compiled_locales`), so that the machine needs no generated locales. Add them
    to a Flick's environment: FlickApp(env=language_environment("he"))."""
    locale = f"{LOCALES[language]}.UTF-8"
    return {"LANG": locale, "LC_ALL": locale, "LANGUAGE": language, "LOCPATH": str(compiled_locales(locale))}


@functools.cache
def compiled_locales(locale):
    """The folder that holds `locale` ("he_IL.UTF-8") as `localedef -i he_IL -f UTF-8` wrote it,
    for LOCPATH: compiled once (some seconds) into .build-locales/<glibc version>/ of this
    checkout (a temporary folder where that cannot be written) and kept there for later runs.
    A locale compiled by one glibc is not read by another, hence the version in the path (the
    same checkout runs on Debian 12 and 13). Test processes running side by side (tools/run-e2e
    --jobs) each compile into a folder of their own and rename it into place; the first wins."""
    version = os.confstr("CS_GNU_LIBC_VERSION").replace(" ", "-")
    for base in (ROOT / ".build-locales", Path(tempfile.gettempdir()) / f"flick-locales-{os.getuid()}"):
        folder = base / version
        if (folder / locale / "LC_CTYPE").exists():
            return folder
        try:
            folder.mkdir(parents=True, exist_ok=True)
            scratch = Path(tempfile.mkdtemp(prefix=f".{locale}-", dir=folder))
        except OSError:
            continue
        name, charmap = locale.split(".")
        made = subprocess.run(["localedef", "-i", name, "-f", charmap, str(scratch / locale)],
                              capture_output=True, text=True)
        if made.returncode != 0 or not (scratch / locale / "LC_CTYPE").exists():
            shutil.rmtree(scratch, ignore_errors=True)
            raise RuntimeError(f"localedef could not compile {locale} (exit {made.returncode}): the tests run "
                               "translated under real locales, made from the `locales` package's sources "
                               f"(make deps-test installs it)\n{made.stdout}{made.stderr}")
        try:
            (scratch / locale).rename(folder / locale)
        except OSError:
            pass  # Another test process put it there first.
        shutil.rmtree(scratch, ignore_errors=True)
        return folder
    raise RuntimeError("no folder to compile locales into")


def xdotool(*args):
    return subprocess.run(["xdotool", *map(str, args)], check=True, capture_output=True, text=True).stdout


def wait_for(condition, timeout=10.0, interval=0.05, message="condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout}s waiting for {message}")


class FlickApp:
    """One running Flick process with its own data directory."""

    # Settings every test starts with. Completed items stay in place unless a test asks for
    # them to sink, so that the tests written before sinking keep their positions.
    DEFAULT_SETTINGS = {"completed-items-sink": "false"}

    def __init__(self, data_dir=None, env=None, settings=None):
        self.owns_dir = data_dir is None
        self.data_dir = Path(data_dir or tempfile.mkdtemp(prefix="flick-e2e-"))
        self.extra_env = dict(self.settings_environment(dict(self.DEFAULT_SETTINGS, **(settings or {}))), **(env or {}))
        self.process = None
        self.window = None
        self.log = None

    def settings_environment(self, settings):
        """GSettings' keyfile backend in a folder of this app's own, holding `settings` (GVariant
        text by key), in place of the memory backend that tools/with-display sets."""
        self.config_dir = Path(tempfile.mkdtemp(prefix="flick-config-"))
        keyfile = self.config_dir / "glib-2.0" / "settings" / "keyfile"
        keyfile.parent.mkdir(parents=True)
        keyfile.write_text("[io/github/flicktodo/Flick]\n" + "".join(f"{key}={value}\n" for key, value in settings.items()))
        return {"GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": str(self.config_dir)}

    @property
    def database(self):
        return self.data_dir / "flick.sqlite"

    def start(self, *args):
        env = self.launch_environment()
        self.log_path = self.data_dir.parent / f"{self.data_dir.name}.log"
        if self.log is None:
            self.log = open(self.log_path, "a")
        self.process = subprocess.Popen([*self.command_prefix, str(built_binary()), "--data-dir", str(self.data_dir), *args],
                                        env=env, stdout=self.log, stderr=subprocess.STDOUT)
        self.await_window()
        return self

    # A command that runs Flick (it ends by exec'ing its arguments, so the process is Flick's):
    # a mount namespace of its own, say (test_time_moves.py).
    command_prefix = ()

    def launch_environment(self):
        """The environment Flick starts with."""
        return flick_environment(dict(os.environ, **self.extra_env))

    def await_window(self):
        """Returns once Flick's window is on screen with the keyboard focus."""
        self.window = wait_for(self._find_window, timeout=20, message="the Flick window")
        # Xvfb has no window manager: give the window the keyboard focus directly.
        subprocess.run(["xdotool", "windowfocus", self.window], capture_output=True)
        time.sleep(0.3)  # The first frame and focus settle.

    def _find_window(self):
        if self.process.poll() is not None:
            raise AssertionError(f"flick exited with {self.process.returncode}")
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(self.process.pid)],
                               capture_output=True, text=True).stdout.split()
        return found[0] if found else None

    def window_names(self):
        """The titles of Flick's visible windows. A window that closes between the search and
        the question about its name (a dialog going away) is left out."""
        ids = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(self.process.pid)],
                             capture_output=True, text=True).stdout.split()
        names = []
        for window in ids:
            asked = subprocess.run(["xdotool", "getwindowname", window], capture_output=True, text=True)
            if asked.returncode == 0:
                names.append(asked.stdout.strip())
        return names

    def keys(self, *keys, delay_ms=40):
        xdotool("key", "--delay", delay_ms, *keys)
        time.sleep(0.15)

    def type(self, text):
        xdotool("type", "--delay", 30, text)
        time.sleep(0.15)

    def kill(self):
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)

    def quit(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def cleanup(self):
        """Stops Flick and removes its files. Raises if Flick died of a signal the tests do not
        send (a fatal CRITICAL, a crash), even while quitting, with the end of its output:
        otherwise the log that tells why would go with the files."""
        self.quit()
        crash = self.crash_report()
        if self.log:
            self.log.close()
            self.log_path.unlink(missing_ok=True)
        if self.owns_dir:
            shutil.rmtree(self.data_dir, ignore_errors=True)
        shutil.rmtree(self.config_dir, ignore_errors=True)
        if crash:
            raise AssertionError(crash)

    def crash_report(self, lines=40):
        """None, or what to say when the last Flick started ended on a signal other than the
        SIGTERM and SIGKILL that quit() and kill() send: the signal and the last `lines` of
        its output (a fatal CRITICAL's message, Swift's backtrace)."""
        code = self.process.poll() if self.process else None
        if code is None or code >= 0 or -code in (signal.SIGTERM, signal.SIGKILL):
            return None
        self.log.flush()
        with open(self.log_path, errors="replace") as log:
            tail = log.readlines()[-lines:]
        # A fatal CRITICAL's message comes before Swift's backtrace, which is longer than `lines`.
        criticals = "".join(f"{line}\n" for line in self.gtk_criticals(limit=5))
        return (f"flick died of {signal.Signals(-code).name}; its first CRITICAL messages:\n{criticals}"
                "the end of its output:\n" + "".join(tail))

    def query(self, sql, *parameters):
        """The rows of `sql`, read from the database as another process would."""
        connection = sqlite3.connect(f"file:{self.database}?mode=ro", uri=True)
        try:
            return connection.execute(sql, parameters).fetchall()
        finally:
            connection.close()

    def items(self):
        """(title, completed) of the first list (the one a fresh start shows) in list order."""
        return self.query("SELECT title, completed FROM item WHERE list_id = "
                          "(SELECT id FROM list ORDER BY rank, id LIMIT 1) ORDER BY rank")

    def lists(self, open_only=False):
        """(name, number of items) per list in overview order; with `open_only`, of unfinished items."""
        condition = " AND completed = 0" if open_only else ""
        return self.query(f"SELECT name, (SELECT count(*) FROM item WHERE list_id = list.id{condition}) "
                          "FROM list ORDER BY rank")

    def list_names(self):
        return [name for name, _ in self.lists()]

    def title(self):
        """The title of the window in front (the main window's: the open list, or Lists)."""
        names = self.window_names()
        return names[0] if names else None

    def titles(self):
        return [title for title, _ in self.items()]

    def gtk_criticals(self, limit=20):
        """The first `limit` GLib/GTK CRITICAL messages Flick has written (its output goes to
        the log file): each is a broken assertion, as when a widget GTK still points to was
        freed; a healthy run writes none."""
        found = []
        with open(self.log_path, errors="replace") as log:
            for line in log:
                if "-CRITICAL **" in line:
                    found.append(line.strip())
                    if len(found) >= limit:
                        break
        return found

    def screenshot(self, path):
        subprocess.run(["import", "-window", "root", str(path)], check=True)


# Row geometry of the default window: a 52 px header bar, then rows of 56 px plus a 1 px rule.
HEADER_PX = 52
ROW_PITCH_PX = 57


def row_center_y(index):
    return HEADER_PX + ROW_PITCH_PX * index + ROW_PITCH_PX // 2


def drag(app, start, end, step_px=10, step_s=0.016, y_end=None):
    """One chained xdotool pointer gesture from `start` (x, y) to x = end, moving `step_px`
    every `step_s` seconds (10 px per 16 ms is about 600 px/s). With `y_end` the pointer
    moves vertically instead, to that y."""
    x, y = start
    command = ["mousemove", "--window", app.window, x, y, "mousedown", "1"]
    if y_end is None:
        direction = 1 if end > x else -1
        positions = [(px, y) for px in range(x + direction * step_px, end + direction, direction * step_px)]
    else:
        direction = 1 if y_end > y else -1
        positions = [(x, py) for py in range(y + direction * step_px, y_end + direction, direction * step_px)]
    for px, py in positions:
        command += ["sleep", step_s, "mousemove", "--window", app.window, px, py]
    command += ["sleep", 0.03, "mouseup", "1"]
    xdotool(*command)
    time.sleep(0.7)  # The snap (0.35 s) and the bounce settle.


def scroll_wheel(app, steps, x=240, y=None, delay_ms=8):
    """Turns the mouse wheel over the list, `steps` clicks down (negative: up), with the pointer
    at (x, y) in the window (default: over the fourth row). GTK 4.8 scrolls about 70 px (a row
    and a quarter) a click in the default window."""
    y = row_center_y(3) if y is None else y
    button = "5" if steps > 0 else "4"
    xdotool("mousemove", "--window", app.window, x, y, "click", "--repeat", abs(steps), "--delay", delay_ms, button)
    time.sleep(0.3)


def ctrl_scroll_pinch(app, boundary, steps=6, x=240):
    """Pinch to add with a mouse: holds Ctrl and turns the wheel up `steps` times with the
    pointer on the boundary between the rows shown at positions `boundary - 1` and `boundary`
    (from the top of the list, 0-based). Each step opens a quarter of a row; 0.3 s after the
    last one the new item opens there for typing. Returns once it has (about 0.8 s)."""
    y = row_center_y(boundary) - ROW_PITCH_PX // 2
    xdotool("mousemove", "--window", app.window, x, y, "keydown", "ctrl",
            "click", "--repeat", steps, "--delay", 30, "4", "keyup", "ctrl")
    time.sleep(0.8)


# Longer than GTK's long-press time (0.5 s by default).
HOLD_S = 0.8


def hold_and_drag(app, from_row, to_y, then=("mouseup", "1"), hold_at_end_s=0.0, settle_s=0.5):
    """Presses on row `from_row`, holds until the row lifts, moves down (or up) to `to_y` in
    small steps, waits `hold_at_end_s` there and then does `then` (a release, by default), and
    gives the app `settle_s` to land it (none for a caller that waits for what follows)."""
    y0 = row_center_y(from_row)
    step = 4 if to_y > y0 else -4
    command = ["mousemove", "--window", app.window, 200, y0, "mousedown", "1", "sleep", HOLD_S]
    for y in range(y0 + step, to_y + step, step):
        command += ["sleep", 0.016, "mousemove", "--window", app.window, 200, y]
    command += ["sleep", hold_at_end_s + 0.2, *then]
    xdotool(*command)
    time.sleep(settle_s)


def click(app, x, y, button=1):
    xdotool("mousemove", "--window", app.window, x, y, "click", button)
    time.sleep(0.3)


def window_width(app):
    geometry = xdotool("getwindowgeometry", "--shell", app.window)
    return int(dict(line.split("=") for line in geometry.split())["WIDTH"])


# --- Desktop integration (test_desktop.py): a private session bus, processes, AT-SPI. ---

def accessibility_bus_address():
    """The address of this display's accessibility bus, starting it on the session bus if
    needed. Passed as AT_SPI_BUS_ADDRESS to apps on another (private) session bus, so they and
    this process's pyatspi meet on the same accessibility bus."""
    reply = subprocess.run(["gdbus", "call", "--session", "--dest", "org.a11y.Bus", "--object-path",
                            "/org/a11y/bus", "--method", "org.a11y.Bus.GetAddress"],
                           check=True, capture_output=True, text=True, timeout=20).stdout
    return reply.strip().removeprefix("('").removesuffix("',)")


class SessionBus:
    """A private D-Bus session bus (dbus-daemon) started with `env`: the services it activates
    (Flick through its installed .service file, found in $XDG_DATA_DIRS/dbus-1/services) get
    that environment; the desktop's portal it does not start (tools/session-bus/session.conf). `env` is what to run clients with; `close()` stops the daemon, and with
    it whatever it activated."""

    # A session bus that activates nothing: its configuration names no folder of services.
    BARE_CONFIGURATION = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=/tmp</listen>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""

    def __init__(self, env, activates=True):
        """`activates` False: a bus on which no service is started by its name, the desktop's
        portal (xdg-desktop-portal) among them, which GTK starts where it can (GtkApplication
        asks its Inhibit portal at start-up): for what Flick does where no portal runs, or where
        the test's own portal owns the name."""
        self.directory = Path(tempfile.mkdtemp(prefix="flick-bus-"))
        address = f"unix:path={self.directory}/bus"
        daemon_env = {k: v for k, v in env.items() if not k.startswith("DBUS_")}
        configuration = [f"--config-file={ROOT / 'tools' / 'session-bus' / 'session.conf'}"]
        if not activates:
            (self.directory / "bus.conf").write_text(self.BARE_CONFIGURATION)
            configuration = [f"--config-file={self.directory / 'bus.conf'}"]
        self.process = subprocess.Popen(
            ["dbus-daemon", *configuration, "--nofork", "--nopidfile", f"--address={address}", "--print-address=1"],
            env=daemon_env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.address = self.process.stdout.readline().strip()
        if not self.address:
            raise RuntimeError("dbus-daemon did not start")
        self.env = dict(daemon_env, DBUS_SESSION_BUS_ADDRESS=self.address)

    def name_owner_pid(self, name):
        """The process id of the connection owning `name`, or None."""
        reply = subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
                                "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID",
                                name], env=self.env, capture_output=True, text=True, timeout=10)
        if reply.returncode != 0:
            return None
        return int(reply.stdout.strip().removeprefix("(uint32 ").removesuffix(",)"))

    def activate_action(self, name, object_path, action, parameter="[]"):
        """Activates a GAction of the application `name` (org.gtk.Actions), e.g. `quit`;
        `parameter` is a GVariant array text, e.g. "[<'text'>]"."""
        return subprocess.run(["gdbus", "call", "--session", "--dest", name, "--object-path", object_path,
                               "--method", "org.gtk.Actions.Activate", action, parameter, "{}"],
                              env=self.env, capture_output=True, text=True, timeout=10)

    def close(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.process.stdout.close()
        shutil.rmtree(self.directory, ignore_errors=True)


def processes_running(executable):
    """Process ids whose executable is `executable` (an absolute path): only the processes of
    that very file, so other Flicks on this machine do not count."""
    target = os.path.realpath(executable)
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if os.readlink(entry / "exe") == target:
                    found.append(int(entry.name))
            except OSError:
                pass  # Gone, a zombie, or not ours to read.
    return sorted(found)


def visible_windows(pid):
    """X ids of the mapped top-level windows of process `pid`."""
    return subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)],
                          capture_output=True, text=True).stdout.split()


def accessible_strings(pid):
    """Every accessible name and label text in the AT-SPI tree of the application with process
    id `pid` (empty when it is not on the accessibility bus yet). GTK 4.8 leaves hidden
    widgets out of the tree, so these are the strings the user can see or hear."""
    strings = []
    for node in accessible_nodes(pid):
        strings += [text for text in (node["name"], node["text"]) if text]
    return strings


def heard_name(node):
    """What a screen reader reads for `node` (an `accessible_nodes` entry): its name, or, where
    it has none, its text. GTK 4.8 names a label after its text whatever its role; GTK 4.18
    gives a label with the role of a status line (a "status bar": RecentlyDeletedWindow's
    "… is back in Welcome to Flick.") no name, only its text."""
    return node["name"] or node["text"]


def field_names(pid):
    """The names a screen reader says for the fields of the application with process id `pid`:
    every accessible's name but the labels' (a label says the name of the field it points to).
    A button whose name says its field and then, after a comma, its value counts under the
    field's name too: from GTK 4.12 a date's button is "Due date, Tomorrow" (DateButton), as
    Orca 48 says it, where GTK 4.8 named the menu button "Due date" and the button inside it
    after the date."""
    from accessible import BUTTON_ROLES

    names = set()
    for node in accessible_nodes(pid):
        if node["role"] == "label":
            continue
        names.add(node["name"])
        if node["role"] in (*BUTTON_ROLES, "toggle button") and ", " in node["name"]:
            names.add(node["name"].split(", ")[0])
    return names


def accessible_nodes(pid):
    """The AT-SPI tree of the application with process id `pid`, flattened in document order:
    one dict per accessible with its `name` (as a screen reader says it: accessible.spoken_name),
    `role`, `text` (label text, or ""), `description`, `extents` (x, y, width, height on the
    screen) and `depth` (0 for the application; a node's descendants are the nodes after it
    that are deeper)."""
    import warnings

    from accessible import application, screen_extents, spoken_name, walk, window_origin, window_screen_extents

    nodes = []
    origin = [(0, 0)]  # Of the window being walked: one look-up a window, not one a node.

    def visit(node, depth):
        entry = {"name": spoken_name(node), "role": node.getRoleName(), "text": "", "extents": None, "depth": depth,
                 "description": node.description or ""}
        try:
            text = node.queryText()
            if text.characterCount:
                entry["text"] = text.getText(0, text.characterCount)
        except NotImplementedError:
            pass  # No text interface.
        try:
            if depth == 1:
                origin[0] = window_origin(node)
                entry["extents"] = window_screen_extents(node, origin[0])
            else:
                entry["extents"] = screen_extents(node, origin[0])
        except NotImplementedError:
            pass
        nodes.append(entry)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pyatspi's deprecation warnings.
        walk(application(pid), visit)
    return nodes


def accessible_list_rows(nodes):
    """The list rows (role "list item") among `accessible_nodes`: GtkListView keeps only the
    rows around the ones shown (about 200 in GTK 4.8), so a count far above that means rows
    were bound twice or never let go."""
    return [node for node in nodes if node["role"] == "list item"]

