"""Acting through AT-SPI as a screen reader user does: finding an application's accessible by
a condition, walking its tree, and pressing buttons by name. (Reading the whole tree at once
is flickapp.accessible_nodes.)"""

import subprocess
import warnings

BUTTON_ROLES = ("push button", "button")
# Deeper than any of Flick's windows nest; a bound on a tree that changes while it is read.
MAX_DEPTH = 60


def pyatspi_module():
    """Debian's python3-pyatspi (run the tests with /usr/bin/python3), imported without its own
    import and deprecation warnings."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pyatspi
    return pyatspi


def application(pid):
    """The accessible of the application with process id `pid`, or None while it is not on the
    accessibility bus."""
    desktop = pyatspi_module().Registry.getDesktop(0)
    for index in range(desktop.childCount):
        candidate = desktop.getChildAtIndex(index)
        try:
            if candidate is not None and candidate.get_process_id() == pid:
                return candidate
        except Exception:
            continue  # An application that went away while we asked.
    return None


def toolkit_version(node):
    """The version of GTK running the application `node` is in, as a tuple: (4, 8, 3)."""
    version = node.getApplication().toolkitVersion or ""
    return tuple(int(part) for part in version.split(".") if part.isdigit())


def row_name(list_item):
    """A list row's name as a screen reader reads it. From GTK 4.12 Flick names the list item
    itself (its GtkListItem's accessible label), which is what Orca reads; GTK 4.8's list items
    have no name of their own, and the row's box below says it."""
    if toolkit_version(list_item) >= (4, 12):
        return list_item.name or ""
    return list_item.getChildAtIndex(0).name if list_item.childCount else ""


def spoken_name(node):
    """The name a screen reader says for `node`: its AT-SPI name or, where that is empty, the
    text of what it is labelled by, as Orca reads it. GTK 4.18 (4.18.6) names its menu items
    only so, by a labelled-by relation to their label, whose AT-SPI name is empty too (its
    Text holds the words): Orca 48 says "By Due Date" for Sort's first item, while its AT-SPI
    name is "". GTK 4.8 (4.8.3) gives them the label's text as their name as well."""
    name = node.name or ""
    if name:
        return name
    try:
        relations = node.getRelationSet()
    except Exception:
        return ""
    labels = [relation.getTarget(index) for relation in relations
              if relation.getRelationType() == pyatspi_module().RELATION_LABELLED_BY
              for index in range(relation.getNTargets())]
    return " ".join(filter(None, (label_text(label) for label in labels)))


def label_text(node):
    """The words of the label `node` (its name, or else its Text), "" when it has none."""
    if node is None:
        return ""
    if node.name:
        return node.name
    try:
        text = node.queryText()
    except NotImplementedError:
        return ""
    return text.getText(0, text.characterCount) if text.characterCount else ""


def shown(node):
    """Whether `node` is on the screen, so that a screen reader reaches it: a popover menu's
    submenu page is in the tree before it opens. GTK 4.18 (4.18.6) sets AT-SPI's SHOWING state
    on what is mapped, and leaves a hidden page out of the tree, but gives every extent as
    (0, 0) on X11; GTK 4.8 (4.8.3) never sets SHOWING, not even on a window's buttons, and what
    it has not laid out has no width."""
    if toolkit_version(node) >= (4, 10):
        return node.getState().contains(pyatspi_module().STATE_SHOWING)
    return node.queryComponent().getExtents(pyatspi_module().DESKTOP_COORDS).width > 0


def shown_menu_items(pid):
    """The menu items of the application with process id `pid` that are shown (`shown`), in
    document order: what a screen reader reads of its open menu (each named by `spoken_name`)."""
    items = []

    def visit(node, _depth):
        if node.getRoleName() == "menu item" and shown(node):
            items.append(node)
        return True
    walk(application(pid), visit)
    return items


def press_menu_item(pid, name):
    """Activates the shown menu item named `name` (its first action, as Orca's "activate"
    does); False when no such item is shown."""
    item = next((item for item in shown_menu_items(pid) if spoken_name(item) == name), None)
    if item is None:
        return False
    item.queryAction().doAction(0)
    return True


def walk(node, visit, depth=0, max_depth=MAX_DEPTH):
    """Calls `visit(node, depth)` on `node` and everything under it, in document order; where
    `visit` returns False, the node's descendants are left out. A widget that goes away while
    it is read is left out with its descendants."""
    if node is None or depth > max_depth:
        return
    try:
        if visit(node, depth) is False:
            return
        children = [node.getChildAtIndex(index) for index in range(node.childCount)]
    except Exception:
        return
    for child in children:
        walk(child, visit, depth + 1, max_depth)


def find(node, matches):
    """The first accessible under `node` (itself included) for which `matches` is true."""
    found = []

    def visit(candidate, _depth):
        if found:
            return False
        if matches(candidate):
            found.append(candidate)
            return False
        return True
    walk(node, visit)
    return found[0] if found else None


def top_level_of(node):
    """The window (a child of the application's accessible) that `node` is in."""
    while node.parent is not None and node.parent.getRoleName() != "application":
        node = node.parent
    return node


def window_origin(window):
    """Where the point (0, 0) of the top-level accessible `window`'s window coordinates is on
    the screen, (x, y). GTK 4.8 gives the window widget's own box, (0, 0, 470, 630), and its
    widgets relative to it; the widget sits inside its X window (480 by 640) by the border GTK
    draws around it, 5 px each side. GTK 4.18 gives the window its surface instead, relative to
    the widget, (-5, -5, 480, 640), and adds that corner to every widget's place in the window
    (gtkatspicomponent.c sums each ancestor's bounds): a row 5 px into the widget is at 0, and
    clicked there the top 5 px of a row reached the row above. So the window's corner is taken
    off twice, once for the widgets and once for where the widget is in its surface; then the
    border left around the window's box and the X window's place (xdotool) are added."""
    pid = str(window.get_process_id())
    shown = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", pid],
                           capture_output=True, text=True).stdout.split()
    titled = [wid for wid in shown if subprocess.run(["xdotool", "getwindowname", wid], capture_output=True,
                                                     text=True).stdout.rstrip("\n") == (window.name or "")]
    box = window.queryComponent().getExtents(pyatspi_module().WINDOW_COORDS)
    place = {}
    if titled or shown:
        geometry = subprocess.run(["xdotool", "getwindowgeometry", "--shell", (titled or shown)[0]],
                                  capture_output=True, text=True).stdout.split()
        place = {key: int(value) for key, value in (line.split("=", 1) for line in geometry if "=" in line)
                 if value.lstrip("-").isdigit()}
    border_x = (place.get("WIDTH", box.width) - box.width) // 2
    border_y = (place.get("HEIGHT", box.height) - box.height) // 2
    return place.get("X", 0) + border_x - 2 * box.x, place.get("Y", 0) + border_y - 2 * box.y


def screen_extents(node, origin):
    """(x, y, width, height) of `node` on the screen, its window being at `origin` (window_origin):
    its extents in its window plus the window's place. AT-SPI's screen coordinates are not
    GTK's to give: GTK 4.8 answers them with window coordinates (and logs "Screen coordinates
    not supported"), GTK 4.18 with (0, 0) for every widget (gtkatspicomponent.c), so the Hebrew
    window's two header buttons were both at x = 0. Window coordinates are right on both."""
    box = node.queryComponent().getExtents(pyatspi_module().WINDOW_COORDS)
    return box.x + origin[0], box.y + origin[1], box.width, box.height


def window_screen_extents(window, origin):
    """(x, y, width, height) on the screen of the top-level accessible `window` itself, its
    origin being `origin` (window_origin). Its own corner is not summed into its box as it is
    into its widgets' (they carry every ancestor's), so it is added once more: GTK 4.18 gives
    the phone window's surface as (-5, -5, 360, 640), which read as 5 px to the right of the X
    window and its header bar 1 px outside it; at (0, 0) on GTK 4.8 this changes nothing."""
    box = window.queryComponent().getExtents(pyatspi_module().WINDOW_COORDS)
    return 2 * box.x + origin[0], 2 * box.y + origin[1], box.width, box.height


def press_button(pid, name):
    """Activates the button named `name` of the application with process id `pid` (its first
    action, as Orca's "activate" does); False when there is no such button."""
    button = find(application(pid), lambda node: node.getRoleName() in BUTTON_ROLES and node.name == name)
    if button is None:
        return False
    button.queryAction().doAction(0)
    return True


class Announcements:
    """What the application with process id `pid` announces to screen readers through
    gtk_accessible_announce (GTK 4.14): AT-SPI's object:announcement events, which Orca 48
    says. Events come in through GLib's main context, which `said()` lets run first."""

    def __init__(self, pid):
        import gi
        gi.require_version("Atspi", "2.0")
        from gi.repository import Atspi, GLib
        self.pid = pid
        self.context = GLib.MainContext.default()
        self.messages = []
        self.listener = Atspi.EventListener.new(self._heard)
        self.listener.register("object:announcement")

    def _heard(self, event):
        try:
            if event.source.get_process_id() != self.pid:
                return
        except Exception:
            return
        if isinstance(event.any_data, str):
            self.messages.append(event.any_data)

    def said(self):
        """Every message announced so far."""
        while self.context.iteration(False):
            pass
        return list(self.messages)

    def close(self):
        self.listener.deregister("object:announcement")

