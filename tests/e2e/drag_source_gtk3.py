"""drag_source.py's twin in GTK 3, the toolkit of most X11 file managers (Thunar, Nemo, Caja):
the same window, arguments and printed events, but GTK 3's drag API, which offers the files
as text/uri-list itself.

    /usr/bin/python3 drag_source_gtk3.py FILE [FILE…]

GTK 3 has no signal for the target's answer: the drag's selected action is read every 20 ms
instead, and printed as `action copy` / `action 0` when it changes. A drag that no window
took ends with `drag-cancel` and GtkDragResult's nick (no-target, …) before `drag-end`."""

import sys

import gi

gi.require_version("Gdk", "3.0")
gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, Gio, GLib, Gtk  # noqa: E402


def say(line):
    print(line, flush=True)  # stdout is a pipe or a file: Python would hold the line back.


def action_name(action):
    return action.first_value_nick if action else "0"


def main():
    paths = sys.argv[1:]
    uris = [Gio.File.new_for_path(path).get_uri() for path in paths]

    window = Gtk.Window(title="Drag source")
    window.set_default_size(200, 200)
    window.connect("destroy", Gtk.main_quit)
    # A GtkLabel has no X window of its own to take the press: an event box does.
    box = Gtk.EventBox()
    box.add(Gtk.Label(label="\n".join(GLib.path_get_basename(path) for path in paths)))
    window.add(box)

    box.drag_source_set(Gdk.ModifierType.BUTTON1_MASK, [], Gdk.DragAction.COPY)
    box.drag_source_add_uri_targets()
    box.connect("drag-data-get", lambda _w, _context, data, _info, _time: data.set_uris(uris))
    last = {"action": None}

    def watch(context):
        # Until the drag ends: report each change of the action the target last answered.
        action = action_name(context.get_selected_action())
        if action != last["action"]:
            last["action"] = action
            say(f"action {action}")
        return not last.get("ended")

    def began(_widget, context):
        say("drag-begin")
        GLib.timeout_add(20, watch, context)

    def ended(_widget, _context):
        last["ended"] = True
        say("drag-end")

    def failed(_widget, _context, result):
        say(f"drag-cancel {result.value_nick}")
        return False

    box.connect("drag-begin", began)
    box.connect("drag-end", ended)
    box.connect("drag-failed", failed)
    window.connect("map-event", lambda *_: GLib.idle_add(lambda: say("ready")))
    window.show_all()
    Gtk.main()


if __name__ == "__main__":
    sys.exit(main())
