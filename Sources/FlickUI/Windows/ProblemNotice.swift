@preconcurrency import CGtk

/// An in-window notice for a change that could not be saved: the whole explanation, wrapped
/// at any window width, with Retry and Dismiss. It stays until dismissed or until a change is
/// saved again; screen readers read it as an alert.
@MainActor
final class ProblemNotice {
    let root: UnsafeMutablePointer<GtkWidget>
    private let box: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>
    private let retryButton: UnsafeMutablePointer<GtkWidget>
    private var retry: (@MainActor () -> Void)?

    init() {
        root = gtk_revealer_new()
        gtk_revealer_set_transition_type(OpaquePointer(root), GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
        gtk_widget_set_valign(root, GTK_ALIGN_END)
        box = Self.alertBox()
        Widgets.addClass(box, "problem-notice")
        label = gtk_label_new(nil)
        gtk_label_set_wrap(OpaquePointer(label), 1)
        gtk_label_set_wrap_mode(OpaquePointer(label), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_xalign(OpaquePointer(label), 0)
        // Wide windows keep lines readable; narrow ones wrap to their width.
        gtk_label_set_max_width_chars(OpaquePointer(label), 60)
        gtk_label_set_width_chars(OpaquePointer(label), 10)
        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        let dismiss = AccessibleRole.textButton(mnemonic: tr("_Dismiss"), name: tr("Dismiss"))
        Widgets.addClass(dismiss, "flat")
        retryButton = AccessibleRole.textButton(mnemonic: tr("_Retry"), name: tr("Retry"))
        Signal.connect(dismiss.raw, "clicked") { [weak self] in self?.hide() }
        Signal.connect(retryButton.raw, "clicked") { [weak self] in self?.runRetry() }
        gtk_box_append(cast(buttons), dismiss)
        gtk_box_append(cast(buttons), retryButton)
        gtk_box_append(cast(box), label)
        gtk_box_append(cast(box), buttons)
        gtk_revealer_set_child(OpaquePointer(root), box)
        gtk_widget_set_visible(root, 0)
    }

    /// A vertical box with the accessible role "alert", which screen readers announce.
    private static func alertBox() -> UnsafeMutablePointer<GtkWidget> {
        let box = AccessibleRole.widget(gtk_box_get_type(), role: GTK_ACCESSIBLE_ROLE_ALERT)
        gtk_orientable_set_orientation(OpaquePointer(box), GTK_ORIENTATION_VERTICAL)
        gtk_box_set_spacing(cast(box), 8)
        return box
    }

    var isShown: Bool { gtk_revealer_get_reveal_child(OpaquePointer(root)) != 0 }
    var text: String { String(cString: gtk_label_get_text(OpaquePointer(label))) }

    /// Shows `message`; Retry runs `retry` (no Retry button without one).
    func show(_ message: String, retry: (@MainActor () -> Void)?) {
        self.retry = retry
        gtk_label_set_text(OpaquePointer(label), message)
        Widgets.setAccessibleLabel(box, message)
        gtk_widget_set_visible(retryButton, retry == nil ? 0 : 1)
        gtk_widget_set_visible(root, 1)
        gtk_revealer_set_reveal_child(OpaquePointer(root), 1)
        // Its role is "alert", which Orca 43 does not read for GTK 4 when it appears.
        Announcer.say(message, from: root)
    }

    func hide() {
        retry = nil
        gtk_revealer_set_reveal_child(OpaquePointer(root), 0)
        // Hidden at once, so neither Tab nor a screen reader reaches a notice that is gone.
        gtk_widget_set_visible(root, 0)
    }

    private func runRetry() {
        let retry = self.retry
        hide()
        retry?()
    }
}
