"""A stand-in for a file manager in the drop tests: a small GTK 4 window that offers files to
drag, as Files (Nautilus) does, so that a real pointer drag can carry them to Flick over XDND.

    /usr/bin/python3 drag_source.py FILE [FILE…]

The whole window is the drag source: a press anywhere in it and a move past GTK's drag
threshold start the drag, which offers the files (all of them, as one selection) as a
GdkFileList (GTK serialises that as text/uri-list for other processes). The script prints
one line per event to stdout for the test to read: `ready` once the window is shown,
`drag-begin`, `action copy` (or `action 0`) each time the window under the pointer says it
would take the drop (or would not), `drag-cancel REASON` (GdkDragCancelReason's nick:
no-target, user-cancelled, error) when no window took the drop at the release, and last
`drag-end deleted=…`. GTK 4 tells a source nothing more: a target whose drop handler refuses
the data after taking the drop ends in `drag-end` all the same."""

import sys

import gi

gi.require_version("Gdk", "4.0")
gi.require_version("Gtk", "4.0")
from gi.repository import Gdk, Gio, GLib, GObject, Gtk  # noqa: E402


def say(line):
    # Line-buffered by hand: stdout is a pipe, which Python would buffer whole.
    print(line, flush=True)


def file_provider(paths):
    """The files at `paths` as drag content: a GdkFileList value, the type a GtkDropTarget for
    files asks for; links (arguments with a scheme) as a web browser offers a link, text/uri-list
    bytes. Not a GdkFileList of https files: where the document portal runs (a desktop, and the
    tests since xdg-desktop-portal is installed), GTK offers a file list through it, which cannot
    register an https file, and the drop then brings nothing."""
    if all("://" in path for path in paths):
        links = "".join(path + "\r\n" for path in paths).encode()
        return Gdk.ContentProvider.new_for_bytes("text/uri-list", GLib.Bytes.new(links))
    # new_from_array is GTK 4.8's (Debian 12 has 4.8.3): the constructor made for bindings.
    files = Gdk.FileList.new_from_array([Gio.File.new_for_path(path) for path in paths])
    value = GObject.Value(Gdk.FileList, files)
    return Gdk.ContentProvider.new_for_value(value)


def action_name(action):
    """"copy", "move", … for one GdkDragAction, "0" for none."""
    return action.first_value_nick if action else "0"


def main():
    paths = sys.argv[1:]
    app = Gtk.Application(application_id=None, flags=Gio.ApplicationFlags.NON_UNIQUE)

    def activate(application):
        window = Gtk.ApplicationWindow(application=application, title="Drag source")
        window.set_default_size(200, 200)
        label = Gtk.Label(label="\n".join(GLib.path_get_basename(path) for path in paths))
        label.set_hexpand(True)
        label.set_vexpand(True)
        window.set_child(label)

        source = Gtk.DragSource(actions=Gdk.DragAction.COPY)
        source.connect("prepare", lambda *_: file_provider(paths))

        def began(_source, drag):
            say("drag-begin")
            # The target's answer (XdndStatus) to each pointer move: the test lets go only
            # once the target has accepted, or the source would send no drop at all.
            drag.connect("notify::selected-action", lambda d, _: say(f"action {action_name(d.get_selected_action())}"))

        source.connect("drag-begin", began)
        source.connect("drag-end", lambda _s, _d, deleted: say(f"drag-end deleted={deleted}"))

        def cancelled(_source, _drag, reason):
            say(f"drag-cancel {reason.value_nick}")
            return False  # Let GTK run its own cancel animation.

        source.connect("drag-cancel", cancelled)
        window.add_controller(source)
        window.connect("map", lambda *_: GLib.idle_add(lambda: say("ready")))
        window.present()

    app.connect("activate", activate)
    return app.run([sys.argv[0]])


if __name__ == "__main__":
    sys.exit(main())
