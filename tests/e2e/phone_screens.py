"""Every screen of Flick at a phone's size (issue 61): `visit` opens each in turn with its key
in one running Flick whose window is 360 x 640, saves a screenshot of it and reads its
accessible tree; `misfits` says what on it does not fit. test_phone_size.py runs it under
Xvfb and under the Wayland test compositor, and `make screenshot` takes the user guide's phone
picture with it. The details and Add Account are views inside the main window there (VIEWS):
one window, and the details' back button keeps the title typed in them."""

import subprocess
import tempfile
import time
from pathlib import Path

from flickapp import accessible_nodes, wait_for

PHONE = (360, 640)
# A fingertip covers about 9 mm, 44 px at a phone's scale (GNOME's HIG, Apple's 44 pt).
TOUCH_PX = 44
# What a hand presses or types into.
INTERACTIVE_ROLES = {"push button", "button", "toggle button", "check box", "radio button", "switch",
                     "menu item", "check menu item", "radio menu item", "text", "entry", "password text",
                     "spin button", "combo box", "link"}
# Typed into, not pressed: their height is the text's, which GTK lays out itself.
TYPED_ROLES = {"text", "entry", "password text", "spin button"}
# Screens that are views inside the main window at a phone's size (issue 61, PhoneView): they
# must not open a second window.
VIEWS = {"details", "add-account", "import-picker", "export-picker"}
# Typed into the details' title, not saved with Enter: the view's back button must save it.
DETAILS_EDIT = " (phone)"
# A calendar cut short, as a download stopped halfway leaves it: its import says why in a
# message window (MessageWindow), "Nothing Was Imported".
CUT_SHORT_ICS = "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VTODO\nSUMMARY:Milk\n"
# What the phone's file picker (PhoneFilePicker) imports from the home folder `picker_home`
# makes: a calendar in Documents.
GARDEN_ICS = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Flick tests//EN\r\nX-WR-CALNAME:Garden\r\n"
              "BEGIN:VTODO\r\nUID:phone-picker-garden\r\nSUMMARY:Plant the tulips\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
APP_PATH = "/io/github/flicktodo/Flick"
WINDOW_PATH = APP_PATH + "/window/1"


def activate(action, text=None):
    """Runs the action `action` (one without a key: win.add-account, app.about) over D-Bus, as
    the main menu's entry does; `text` is its string parameter (win.import-file's path)."""
    scope, name = action.split(".")
    path = WINDOW_PATH if scope == "win" else APP_PATH
    parameter = "[]" if text is None else f"[<{text!r}>]"
    subprocess.run(["gdbus", "call", "--session", "--dest", "io.github.flicktodo.Flick", "--object-path",
                    path, "--method", "org.gtk.Actions.Activate", name, parameter, "{}"],
                   check=True, capture_output=True, timeout=10)


def picker_home(root):
    """A home folder for the phone's file picker, made in `root`: Documents holding a folder
    (Calendars), Garden.ics and a photo the picker does not offer; Downloads; a hidden folder
    it does not show. Returns its path, to be given to Flick as HOME."""
    home = Path(root) / "home"
    (home / "Documents" / "Calendars").mkdir(parents=True, exist_ok=True)
    (home / "Downloads").mkdir(exist_ok=True)
    (home / ".local").mkdir(exist_ok=True)
    (home / "Documents" / "Garden.ics").write_text(GARDEN_ICS)
    (home / "Documents" / "holiday.jpg").write_bytes(b"\xff\xd8\xff")
    return home


def windows(nodes):
    """The top-level windows among `nodes` (accessible_nodes): (index, node) pairs. GTK 4.8
    gives a GtkAboutDialog the role "filler", so every child of the application counts."""
    return [(index, node) for index, node in enumerate(nodes) if node["depth"] == 1]


def ancestors(nodes, index):
    """The nodes `index` lies inside, nearest first."""
    depth = nodes[index]["depth"]
    for node in reversed(nodes[:index]):
        if node["depth"] < depth:
            yield node
            depth = node["depth"]


def scrolled(nodes, index):
    """Whether node `index` lies inside a scrolled view: what is below the window there is the
    list going on, not a screen that does not fit."""
    return any(node["role"] == "scroll pane" for node in ancestors(nodes, index))


def clipped(nodes, index):
    """Whether node `index` lies inside something of no width or height: a closed revealer's
    child (the search bar's field while no search is open) is in the tree, but not on screen."""
    return any(node["extents"] and 0 in node["extents"][2:] for node in ancestors(nodes, index))


def in_popover(nodes, index):
    """Whether node `index` is in a popover (a menu, Move to…). GTK 4.8 places a popover's
    content in AT-SPI from its anchor widget rather than the window (the main menu's items
    came out at x = 227, the menu button's x plus their own, where the screenshot shows them
    at 95), so only their height is checked; the screenshot shows where they are."""
    return any(node["name"].startswith("GtkPopover") for node in ancestors(nodes, index))


def misfits(nodes, size=PHONE):
    """What does not fit a `size` screen, in words: a window larger than the screen; an
    interactive element beyond its window's sides or top, or below its bottom outside a
    scrolled view (or above its top, scrolled away); one that is pressed and less than TOUCH_PX
    tall."""
    found = []
    limit_width, limit_height = size
    tops = windows(nodes)
    for number, (start, window) in enumerate(tops):
        end = tops[number + 1][0] if number + 1 < len(tops) else len(nodes)
        wx, wy, ww, wh = window["extents"] or (0, 0, 0, 0)
        label = window["name"] or window["role"]
        if ww > limit_width or wh > limit_height:
            found.append(f"window {label!r} is {ww} x {wh}")
        for index in range(start + 1, end):
            node = nodes[index]
            # A popover's place is not known (in_popover), but its size is: it must fit the window.
            if node["name"] == "GtkPopoverContent" and node["extents"]:
                _, _, pw, ph = node["extents"]
                if pw > ww or ph > wh:
                    found.append(f"a popover in {label!r} is {pw} x {ph}")
        for index in range(start + 1, end):
            node = nodes[index]
            if node["role"] not in INTERACTIVE_ROLES or not node["extents"]:
                continue
            x, y, w, h = node["extents"]
            if w <= 0 or h <= 0 or clipped(nodes, index):
                continue
            what = f"{node['role']} {node['name'] or node['text']!r} in {label!r} at {x},{y} {w}x{h}"
            if in_popover(nodes, index):
                pass
            elif x < wx or x + w > wx + ww or (y < wy and not scrolled(nodes, index)):
                # Above the top of a scrolled view is scrolled away, as below its bottom is.
                found.append(f"{what}: outside the window's sides or top")
                continue
            elif y + h > wy + wh and not scrolled(nodes, index):
                found.append(f"{what}: below the window")
                continue
            if h < TOUCH_PX and node["role"] not in TYPED_ROLES:
                found.append(f"{what}: under {TOUCH_PX} px tall")
    return found


class ScreenTour:
    """One running Flick (a FlickApp, on X or Wayland) shown each screen in turn: `visit`
    returns {screen name: misfits} and leaves a screenshot of each in `folder`. With
    `fault_control`, the FLICK_FAULT_CONTROL of the fault shim Flick runs with
    (tests/fault/faultfs.c, on its data folder), the storage notice is among them; with `home`,
    the HOME Flick runs with (`picker_home`), Import's and Export's picker are, last."""

    def __init__(self, app, folder, size=PHONE, fault_control=None, home=None):
        self.app = app
        self.home = home and Path(home)
        self.folder = Path(folder)
        self.size = size
        self.fault_control = fault_control and Path(fault_control)

    def nodes(self):
        return accessible_nodes(self.app.process.pid)

    def names(self):
        return {node["name"] for node in self.nodes()}

    def wait_title(self, title):
        wait_for(lambda: self.app.title() == title, message=f"the window titled {title!r}")

    def wait_window(self, name):
        wait_for(lambda: name in self.app.window_names(), message=f"the window {name!r}")

    def close_window(self, name):
        """Escape closes the window `name`, and the main window takes the keyboard back (no
        window manager gives it back under Xvfb)."""
        self.app.keys("Escape")
        wait_for(lambda: name not in self.app.window_names(), message=f"Escape closes {name!r}")
        if not hasattr(self.app, "compositor"):
            subprocess.run(["xdotool", "windowfocus", self.app.window], capture_output=True)
            time.sleep(0.2)

    def take(self, name):
        """The screen shown now: its screenshot saved, what does not fit returned (with, for a
        view, any window besides the main one)."""
        time.sleep(0.3)  # Popovers and windows finish their first frame.
        nodes = self.nodes()
        self.screenshot(self.folder / f"{name}.png", nodes)
        found = misfits(nodes, self.size)
        shown = windows(nodes)
        if name in VIEWS and len(shown) != 1:
            found.append(f"{len(shown)} windows ({[node['name'] for _, node in shown]}): a view opens none of its own")
        return found

    def screenshot(self, path, nodes):
        """The compositor's shot of the window in front; on X, the corner of the screen that
        holds every window of Flick (Xvfb, without a window manager, puts them all at 0, 0),
        and never less than the phone's screen."""
        if hasattr(self.app, "compositor"):
            self.app.screenshot(path)
            return
        width, height = self.size
        for _, window in windows(nodes):
            x, y, w, h = window["extents"] or (0, 0, 0, 0)
            width, height = max(width, x + w), max(height, y + h)
        subprocess.run(["import", "-window", "root", "-crop", f"{width + 10}x{height + 10}+0+0", str(path)], check=True)

    def visit(self):
        found = {}
        for name, show, leave in self.screens():
            show()
            found[name] = self.take(name)
            leave()
        return found

    def screens(self):
        """(name, show, leave) for every screen, in an order where each starts from the last."""
        keys = self.app.keys
        notice = [("storage-notice", self.show_storage_notice, self.leave_storage_notice)] if self.fault_control else []
        pickers = [("import-picker", self.show_import_picker, self.leave_import_picker),
                   ("export-picker", self.show_export_picker, self.leave_export_picker)] if self.home else []
        return [
            ("list", lambda: None, lambda: None),
            *notice,
            ("import-message", self.show_import_message, lambda: self.close_window("Nothing Was Imported")),
            ("row-menu", lambda: self.show_names(["Menu"], "Subtasks"), lambda: keys("Escape")),
            ("move-to", lambda: self.show_focus(["ctrl+shift+m"], "Move to list"), lambda: keys("Escape")),
            ("details", lambda: self.show_view(["ctrl+i"], "Details"), lambda: None),
            ("due-calendar", self.show_due_calendar, self.leave_due_calendar),
            ("subtasks", self.show_subtasks, lambda: keys("alt+Left")),
            ("search", lambda: self.show_names(["ctrl+f"], "Search"), lambda: keys("Escape")),
            ("main-menu", lambda: self.show_names(["F10"], "Preferences"), lambda: keys("Escape")),
            ("sort", lambda: self.show_names(["ctrl+shift+s"], "By Title"), lambda: keys("Escape")),
            ("lists", lambda: self.show_title(["alt+Left"], "Lists"), lambda: None),
            ("today", lambda: self.show_title(["Home", "Return"], "Today"), lambda: keys("alt+Left")),
            ("new-list", lambda: self.show_window(["ctrl+shift+n"], "New List"), lambda: self.close_window("New List")),
            ("upcoming", lambda: self.show_title(["ctrl+u"], "Upcoming"), lambda: keys("ctrl+1")),
            ("preferences", lambda: self.show_window(["ctrl+comma"], "Preferences"),
             lambda: self.close_window("Preferences")),
            ("shortcuts", lambda: self.show_window(["ctrl+question"], "Keyboard Shortcuts"),
             lambda: self.close_window("Keyboard Shortcuts")),
            ("add-account", lambda: self.show_view([], "Add Account", action="win.add-account"),
             lambda: self.leave_view(["Escape"])),
            ("recently-deleted", self.show_recently_deleted, lambda: None),
            ("empty-question", lambda: self.show_pressed("Empty Recently Deleted", "Empty Recently Deleted?"),
             self.leave_empty_question),
            ("about", lambda: self.show_action("app.about", "About Flick"), lambda: self.close_window("About Flick")),
            *pickers,
        ]

    def show_names(self, keys, name):
        self.app.keys(*keys)
        wait_for(lambda: name in self.names(), message=f"{keys} shows {name!r}")

    def show_focus(self, keys, name):
        self.app.keys(*keys)
        wait_for(lambda: name in self.names(), message=f"{keys} shows {name!r}")

    def show_window(self, keys, name):
        self.app.keys(*keys)
        self.wait_window(name)

    def show_title(self, keys, title):
        self.app.keys(*keys)
        self.wait_title(title)

    def show_view(self, keys, title, action=None):
        """A view inside the main window (VIEWS): the window takes its title; the page's title
        is kept to come back to."""
        self.page_title = self.app.title()
        if action:
            activate(action)
        else:
            self.app.keys(*keys)
        self.wait_title(title)

    def leave_view(self, keys):
        self.app.keys(*keys)
        self.wait_title(self.page_title)

    def leave_details(self):
        """The focused row's title changed in the view and not saved (no Enter), then the
        header's back button, named after the page it goes back to: the page is back, and the
        database has the new title."""
        from accessible import press_button
        before = set(self.app.titles())
        self.app.keys("End")
        self.app.type(DETAILS_EDIT)
        back = f"Back to {self.page_title}"
        assert press_button(self.app.process.pid, back), f"no button named {back!r}"
        self.wait_title(self.page_title)
        wait_for(lambda: any(title.endswith(DETAILS_EDIT) and title[:-len(DETAILS_EDIT)] in before
                             for title in self.app.titles()), message="the title edited in the view, stored")

    def due_expanded(self):
        """Whether the details' "Due date" button says its calendar is open (AT-SPI's EXPANDED,
        what Orca says), None while there is no such button."""
        from accessible import BUTTON_ROLES, application, find, pyatspi_module
        button = find(application(self.app.process.pid),
                      lambda node: node.getRoleName() in BUTTON_ROLES and node.name == "Due date")
        return None if button is None else button.getState().contains(pyatspi_module().STATE_EXPANDED)

    def due_days(self):
        return self.app.query("SELECT id, due_day FROM item ORDER BY id")

    def show_due_calendar(self):
        """Alt+D in the details: the due date's calendar opens in place below its button
        (InlineCalendar), with 44 px days, scrolled into view; its button says it is open."""
        self.due_before = self.due_days()
        self.app.keys("alt+d")
        wait_for(lambda: self.due_expanded() is True, message="Alt+D opens the due date's calendar")

    def leave_due_calendar(self):
        """Escape closes the calendar and keeps the date there was, the details staying open;
        then Space opens it again, Right moves to the next day and Enter picks it. Then the
        title is edited and the details closed (leave_details)."""
        self.app.keys("Escape")
        wait_for(lambda: self.due_expanded() is False, message="Escape closes the calendar")
        self.assertion(self.app.title() == "Details", "Escape in the calendar left the details open")
        self.assertion(self.due_days() == self.due_before, "Escape kept the date there was")
        self.app.keys("space", "Right", "Return")
        wait_for(lambda: self.due_days() != self.due_before, message="Enter picked the day moved to")
        self.assertion(self.due_expanded() is False, "Enter closed the calendar")
        self.app.keys("alt+t")
        self.leave_details()

    @staticmethod
    def assertion(holds, message):
        if not holds:
            raise AssertionError(message)

    def show_action(self, action, name):
        activate(action)
        self.wait_window(name)

    def show_subtasks(self):
        from accessible import press_button
        self.show_names(["Menu"], "Subtasks")
        press_button(self.app.process.pid, "Subtasks")
        wait_for(lambda: self.app.title() not in ("Welcome to Flick", None), message="the subtasks")

    def show_recently_deleted(self):
        """The focused item deleted first (Delete), so that Recently Deleted has a row and its
        Empty button asks the question (QuestionDialog) the next screen shows."""
        self.app.keys("Delete")
        self.show_action("win.recently-deleted", "Recently Deleted")

    def show_pressed(self, button, name):
        from accessible import press_button
        assert press_button(self.app.process.pid, button), f"no button named {button!r}"
        self.wait_window(name)

    def leave_empty_question(self):
        """The question kept (Escape), then Recently Deleted closed; without a window manager
        (Xvfb) the keyboard is given to Recently Deleted by hand in between."""
        self.app.keys("Escape")
        wait_for(lambda: "Empty Recently Deleted?" not in self.app.window_names(), message="Escape keeps the items")
        if not hasattr(self.app, "compositor"):
            found = subprocess.run(["xdotool", "search", "--name", "^Recently Deleted$"], capture_output=True, text=True)
            for window in found.stdout.split():
                subprocess.run(["xdotool", "windowfocus", window], capture_output=True)
            time.sleep(0.2)
        self.close_window("Recently Deleted")

    def show_storage_notice(self):
        """A full disk (the fault shim) refuses Space's completion of the focused row: the
        window's notice says so, with Retry and Dismiss (ProblemNotice)."""
        self.fault_control.write_text("ENOSPC")
        self.app.keys("space")
        wait_for(lambda: "Retry" in self.names(), message="Space on a full disk shows the storage notice")

    def leave_storage_notice(self):
        """Room on the disk again, then Dismiss: the notice goes, and nothing was completed."""
        from accessible import press_button
        self.fault_control.unlink()
        assert press_button(self.app.process.pid, "Dismiss"), "no button named 'Dismiss'"
        wait_for(lambda: "Retry" not in self.names(), message="Dismiss hides the storage notice")

    def show_import_message(self):
        """A calendar cut short imported (win.import-file, as File › Import… does): a message
        window says why nothing was imported."""
        with tempfile.TemporaryDirectory(prefix="flick-phone-import-") as folder:
            cut_short = Path(folder) / "tasks.ics"
            cut_short.write_text(CUT_SHORT_ICS)
            activate("win.import-file", str(cut_short))
            self.wait_window("Nothing Was Imported")

    def show_import_picker(self):
        """Ctrl+O: the phone's picker in the window, at home, its first row (Documents) focused;
        Enter opens Documents, where Garden.ics is offered and the photo is not. The notice of
        the deletion before is dismissed first: left, it would be sliding away below the window
        about now."""
        from accessible import press_button
        if press_button(self.app.process.pid, "Dismiss"):
            wait_for(lambda: "Undo" not in self.names(), message="Dismiss hides the notice")
        self.show_view(["ctrl+o"], "Import Tasks")
        wait_for(lambda: "Documents, Folder" in self.names(), message="the home folder's rows")
        self.app.keys("Return")
        wait_for(lambda: "Garden.ics, File" in self.names(), message="Enter opens Documents")
        self.assertion(not any("holiday" in name for name in self.names()), "a photo is not offered")

    def leave_import_picker(self):
        """End and Enter choose the last row, Garden.ics: the view closes, the calendar is
        imported as the list Garden, which is opened."""
        self.app.keys("End", "Return")
        self.wait_title("Garden")
        wait_for(lambda: self.app.query("SELECT count(*) FROM item WHERE title = 'Plant the tulips'")[0][0] == 1,
                 message="Garden.ics imported")

    def show_export_picker(self):
        """Ctrl+E on Garden: the picker asks for a folder, starting where Import was (Documents),
        and shows its folders only."""
        self.show_view(["ctrl+e"], "Export “Garden” to a Folder")
        wait_for(lambda: "Calendars, Folder" in self.names(), message="the picker back in Documents")
        self.assertion("Garden.ics, File" not in self.names(), "choosing a folder shows no files")

    def leave_export_picker(self):
        """Export Here, pressed as Orca would by its name: Garden.ics is there, so the list is
        written beside it as "Garden (2).ics", and the notice says so."""
        from accessible import press_button
        assert press_button(self.app.process.pid, "Export to “Documents”"), "no button 'Export to “Documents”'"
        written = self.home / "Documents" / "Garden (2).ics"
        wait_for(written.exists, message="Garden (2).ics written beside Garden.ics")
        self.assertion("Plant the tulips" in written.read_text(), "the list's item exported")
        self.assertion((self.home / "Documents" / "Garden.ics").read_bytes() == GARDEN_ICS.encode(),
                       "the file imported left as it was")
        self.wait_title("Garden")
