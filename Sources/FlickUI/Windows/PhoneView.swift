@preconcurrency import CGtk

/// A dialog's content shown inside the main window, over its pages, while the window is a
/// phone's (`PhoneWidth`): the details and Add Account cover the window as a page
/// would, where a second window on a phone is one the shell stacks over the first with no way
/// back but its own close button. The header shows the view's title and the back button; the
/// back button, Alt+Left, Escape and the mouse's back button close it (`MainWindow.goUp`).
///
/// The pages stay underneath as they were (their page stack, its gesture arbiter and the row
/// being edited are not touched), covered and kept from the keyboard focus; the notices stay
/// above the view, so a save that failed in it still says so. One view at a time: showing a
/// second closes the first, as opening the details of another item closed the details window.
/// Whether a view or a window opens is decided when it is asked for; a window resized while a
/// view is open keeps the view until it is closed.
@MainActor
final class PhoneView {
    /// Placed in the window's overlay over the pages and under the notices.
    let root: UnsafeMutablePointer<GtkWidget>
    /// The pages, which give up the keyboard focus while covered: Tab must not reach a row
    /// hidden under the view.
    private let covered: UnsafeMutablePointer<GtkWidget>
    private var shown: (title: String, closing: () -> Void, closed: () -> Void)?
    /// The view was shown or closed: the window's header and actions follow.
    var onChange: (() -> Void)?

    var title: String? { shown?.title }
    var isShown: Bool { shown != nil }

    init(covering pages: UnsafeMutablePointer<GtkWidget>) {
        covered = pages
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        // The window's own background: the rows under the view must not show through.
        Widgets.addClass(root, "background")
        Widgets.addClass(root, "phone-view")
        gtk_widget_set_visible(root, 0)
    }

    /// Shows `content` in place of the pages, titled `title`, with the focus on `focus` (in
    /// `content`); Orca hears the title, then the field. `closing` runs while `content` is still
    /// there (it saves what is typed), `closed` once the pages are back.
    func show(_ content: UnsafeMutablePointer<GtkWidget>, title: String, focus: UnsafeMutablePointer<GtkWidget>,
              closing: @escaping () -> Void, closed: @escaping () -> Void) {
        close()
        shown = (title, closing, closed)
        gtk_widget_set_vexpand(content, 1)
        gtk_box_append(cast(root), content)
        Widgets.setAccessibleLabel(root, title)
        gtk_widget_set_can_focus(covered, 0)
        gtk_widget_set_visible(root, 1)
        onChange?()
        gtk_widget_grab_focus(focus)
        Announcer.say(title, from: root)
    }

    /// The window is being destroyed: its widgets, the view's and the pages', go with it, and
    /// a close asked after (a page letting go of its details) must not touch them. What was
    /// typed was saved when the window was asked to close (`MainWindow.saveTyping`).
    func windowDestroyed() {
        isGone = true
        shown = nil
    }

    private var isGone = false

    /// Closes the view, if one is shown: what it holds is saved first, as closing its window did.
    func close() {
        guard !isGone, let (_, closing, closed) = shown else { return }
        closing()
        shown = nil
        gtk_widget_set_visible(root, 0)
        while let child = gtk_widget_get_first_child(root) { gtk_box_remove(cast(root), child) }
        gtk_widget_set_can_focus(covered, 1)
        onChange?()
        closed()
    }
}
