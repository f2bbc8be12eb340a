@preconcurrency import CGtk
import GestureShim

/// Says a short message through the screen reader without taking the keyboard focus: a notice
/// that appeared, the number of search results (DESIGN 5).
///
/// GTK 4.8 has no `gtk_accessible_announce` (4.14), and Orca 43 reads none of GTK 4's roles
/// when they appear (it speaks a "notification" that shows, and GTK 4.8 has no role it maps
/// to one). What Orca 43 does say is a change of the focused object's description, with the
/// new description as the event's text. So the message becomes the description of the object
/// with the focus for a moment, and the description is then taken away again (which Orca says
/// nothing for), so the object is read as before when the user comes back to it. (A message
/// for a focus that moves goes with the row that takes it: `GestureList.say(_:whenFocusing:)`.)
///
/// From GTK 4.14 (`flickCanAnnounce`) the message is an announcement instead
/// (`gtk_accessible_announce`, through the shim), from the same focused object: Orca 48 says it
/// as it comes, and nothing is changed on the object.
@MainActor
enum Announcer {
    /// Orca takes the message from the change event itself, so a short while is enough, and the
    /// object is not read with the message again when the focus comes back to it later.
    static let heldSeconds = 1.0

    private static var held: (target: UnsafeMutablePointer<GtkWidget>, timer: UInt32)?

    /// Says `message` on whatever has the focus in `widget`'s window, once the work going on
    /// now is done: Orca says the changed description of the focused object.
    ///
    /// `fromWidget`: an announcement (GTK 4.14) comes from `widget` itself, not from the focused
    /// object, for a message about a focused object that is about to go. Orca 48 takes in an
    /// announcement when it gets to it in its queue, and drops it if its source is gone by then
    /// (defunct): with the machine loaded (two CPU hogs) it got to the "completed" of a row more
    /// than the 0.2 s after which the completed item sinks, and the row widget that had said it
    /// was gone, so "completed" was never said. The list the row is in stays.
    static func say(_ message: String, from widget: UnsafeMutablePointer<GtkWidget>, fromWidget: Bool = false) {
        g_object_ref(widget.raw)
        MainLoop.idle {
            defer { g_object_unref(widget.raw) }
            let focused = gtk_widget_get_root(widget).flatMap { gtk_root_get_focus($0) }.flatMap { accessibleOwner(of: $0) }
            if flickCanAnnounce {
                // With nothing focused (a window just opened), the widget says it itself.
                _ = flick_announce(OpaquePointer(fromWidget ? widget : focused ?? widget), message)
                return
            }
            guard let target = focused else { return }
            hold(message, on: target)
        }
    }

    private static func hold(_ message: String, on target: UnsafeMutablePointer<GtkWidget>) {
        putBack()
        Widgets.setAccessibleText(target, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message)
        g_object_ref(target.raw)
        held = (target, MainLoop.after(seconds: heldSeconds) { putBack() })
    }

    /// Takes the message away: no description, as Flick's focusable widgets have (icon buttons
    /// have theirs emptied, `Widgets.setName(ofIconButton:to:)`).
    private static func putBack() {
        guard let (target, timer) = held else { return }
        held = nil
        MainLoop.cancel(timer)
        gtk_accessible_reset_property(OpaquePointer(target), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION)
        g_object_unref(target.raw)
    }

    /// The focused widget, or its nearest ancestor that screen readers see: an entry's focus is
    /// on its inner text widget, which has no accessible role of its own.
    private static func accessibleOwner(of widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        var current: UnsafeMutablePointer<GtkWidget>? = widget
        while let candidate = current {
            let role = gtk_accessible_get_accessible_role(OpaquePointer(candidate))
            if role != GTK_ACCESSIBLE_ROLE_NONE && role != GTK_ACCESSIBLE_ROLE_PRESENTATION { return candidate }
            current = gtk_widget_get_parent(candidate)
        }
        return nil
    }
}
