@preconcurrency import CGtk

/// An in-window notice at the bottom ("Deleted “…”" with an Undo button) that hides itself
/// after a few seconds.
@MainActor
final class UndoNotice {
    /// Long enough to read the notice and reach for Undo.
    static let visibleSeconds = 5.0

    let root: UnsafeMutablePointer<GtkWidget>
    /// The notice's label and buttons, made when it is first shown: most starts show none, and
    /// making them took a millisecond of every start (perf).
    private var content: (label: UnsafeMutablePointer<GtkWidget>, undoButton: UnsafeMutablePointer<GtkWidget>)?
    private var hideTimer: UInt32?
    /// Set once the window has let the notice's widgets go: nothing may touch them after.
    private var isDestroyed = false

    init() {
        root = gtk_revealer_new()
        gtk_revealer_set_transition_type(OpaquePointer(root), GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
        gtk_widget_set_halign(root, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(root, GTK_ALIGN_END)
        gtk_widget_set_visible(root, 0)
        // A notice hidden just before the window closed kept its timer, which then reached the
        // freed revealer: a GTK CRITICAL, fatal where Flick runs with G_DEBUG=fatal-criticals
        // (test_lists once in thirteen runs: Ctrl+Q a moment after going up to the overview).
        Signal.connect(root.raw, "destroy") { [weak self] in self?.rootDestroyed() }
    }

    private func rootDestroyed() {
        isDestroyed = true
        if let hideTimer { MainLoop.cancel(hideTimer) }
        hideTimer = nil
    }

    private func madeContent() -> (label: UnsafeMutablePointer<GtkWidget>, undoButton: UnsafeMutablePointer<GtkWidget>) {
        if let content { return content }
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        Widgets.addClass(box, "undo-notice")
        let label = gtk_label_new(nil)!
        gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_max_width_chars(OpaquePointer(label), 40)
        let undoButton = AccessibleRole.textButton(mnemonic: tr("_Undo"), name: tr("Undo"))
        gtk_actionable_set_action_name(OpaquePointer(undoButton), "win.undo")
        let close = Widgets.iconButton(icon: "window-close-symbolic", tooltip: tr("Dismiss"), action: nil)
        Widgets.addClass(close, "flat")
        Signal.connect(close.raw, "clicked") { [weak self] in self?.hide() }
        gtk_box_append(cast(box), label)
        gtk_box_append(cast(box), undoButton)
        gtk_box_append(cast(box), close)
        gtk_revealer_set_child(OpaquePointer(root), box)
        content = (label, undoButton)
        return (label, undoButton)
    }

    var isShown: Bool { !isDestroyed && gtk_revealer_get_reveal_child(OpaquePointer(root)) != 0 }
    var text: String { content.map { String(cString: gtk_label_get_text(OpaquePointer($0.label))) } ?? "" }

    /// Shows `message`, and has a screen reader say it unless `announce` is false: the caller
    /// then moves the focus with the message (a deleted row's neighbour says it after its name).
    func show(_ message: String, undoable: Bool, announce: Bool = true) {
        guard !isDestroyed else { return }
        let (label, undoButton) = madeContent()
        gtk_label_set_text(OpaquePointer(label), message)
        // "Deleted “a long title”" is cut in the middle beside its Undo; a sentence without Undo
        // (what an import did) wraps, so all of it is read.
        gtk_label_set_ellipsize(OpaquePointer(label), undoable ? PANGO_ELLIPSIZE_MIDDLE : PANGO_ELLIPSIZE_NONE)
        gtk_label_set_wrap(OpaquePointer(label), undoable ? 0 : 1)
        gtk_label_set_wrap_mode(OpaquePointer(label), PANGO_WRAP_WORD_CHAR)
        gtk_widget_set_visible(undoButton, undoable ? 1 : 0)
        gtk_widget_set_visible(root, 1)
        gtk_revealer_set_reveal_child(OpaquePointer(root), 1)
        if announce { Announcer.say(message, from: root) }
        if let hideTimer { MainLoop.cancel(hideTimer) }
        // Long sentences stay longer: about 15 characters a second is a slow reading pace.
        let seconds = max(Self.visibleSeconds, Double(message.count) / 15)
        hideTimer = MainLoop.after(seconds: seconds) { [weak self] in
            self?.hideTimer = nil
            self?.hide()
        }
    }

    func hide() {
        guard !isDestroyed else { return }
        if let hideTimer { MainLoop.cancel(hideTimer) }
        hideTimer = nil
        gtk_revealer_set_reveal_child(OpaquePointer(root), 0)
        // Hidden once the slide-down has played, so neither Tab nor a screen reader reaches
        // the buttons of a notice that is gone.
        hideTimer = MainLoop.after(seconds: Double(gtk_revealer_get_transition_duration(OpaquePointer(root))) / 1000) {
            [weak self] in
            guard let self else { return }
            self.hideTimer = nil
            if !self.isShown { gtk_widget_set_visible(self.root, 0) }
        }
    }
}
