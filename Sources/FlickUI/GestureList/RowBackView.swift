@preconcurrency import CGtk

/// What a slid row reveals behind it: on the leading side the completion cue, on the
/// trailing side the row's action menu (its level's `RowMenu`) and, dragged on past the menu,
/// the postpone cue ("Tomorrow") in its place. Only rows that are
/// slid or open have one (`BackViewPool`), so neither keyboard focus nor a screen reader
/// reaches a closed menu.
@MainActor
final class RowBackView {
    let root: UnsafeMutablePointer<GtkWidget>
    let menu: UnsafeMutablePointer<GtkWidget>
    private let cue: UnsafeMutablePointer<GtkWidget>
    private let postponeCue: UnsafeMutablePointer<GtkWidget>
    private let postponeLabel: UnsafeMutablePointer<GtkWidget>
    /// The row was let go past the postpone line: the cue stays, and the menu hidden, while the
    /// row slides home across where the menu sits, until the back is hidden again.
    private var postponeHeld = false
    private let buttons: [(widget: UnsafeMutablePointer<GtkWidget>, spec: RowMenu.Button)]

    init(menu spec: RowMenu) {
        root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        Widgets.addClass(root, "row-back")
        cue = gtk_image_new_from_icon_name("object-select-symbolic")
        Widgets.addClass(cue, "completion-cue")
        gtk_widget_set_margin_start(cue, 20)
        gtk_widget_set_hexpand(cue, 1)
        gtk_widget_set_visible(cue, 0)  // Until a drag right (setCompletionProgress).
        gtk_widget_set_halign(cue, GTK_ALIGN_START)
        menu = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)  // The spacing is AppStyle's, narrower on a phone.
        Widgets.addClass(menu, "row-menu")
        gtk_widget_set_valign(menu, GTK_ALIGN_CENTER)
        // At the trailing end by itself: the cue that pushed it there is hidden at rest.
        gtk_widget_set_hexpand(menu, 1)
        gtk_widget_set_halign(menu, GTK_ALIGN_END)
        buttons = spec.buttons.map { button in
            let widget = Widgets.iconButton(icon: button.icon, tooltip: button.label, action: nil)
            if button.isDestructive { Widgets.addClass(widget, "destructive-action") }
            return (widget, button)
        }
        for (button, _) in buttons {
            Widgets.addClass(button, "circular")
            gtk_box_append(cast(menu), button)
        }
        (postponeCue, postponeLabel) = Self.makePostponeCue()
        gtk_box_append(cast(root), cue)
        gtk_box_append(cast(root), menu)
        gtk_box_append(cast(root), postponeCue)
        gtk_widget_set_visible(root, 0)
        // Kept by its pool while it moves from row to row.
        g_object_ref_sink(UnsafeMutableRawPointer(root))
    }

    /// An icon and the word for where postponing goes, at the trailing end.
    private static func makePostponeCue() -> (UnsafeMutablePointer<GtkWidget>, UnsafeMutablePointer<GtkWidget>) {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        Widgets.addClass(box, "postpone-cue")
        gtk_widget_set_margin_end(box, 20)
        gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
        gtk_widget_set_hexpand(box, 1)
        gtk_widget_set_halign(box, GTK_ALIGN_END)
        let label = gtk_label_new(nil)!
        gtk_box_append(cast(box), label)
        gtk_box_append(cast(box), gtk_image_new_from_icon_name("media-seek-forward-symbolic"))
        gtk_widget_set_visible(box, 0)
        return (box, label)
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(root))
    }

    /// Points the menu's buttons at `rowID` through the window's actions; `postponeWord` is what
    /// the postpone cue says ("Tomorrow").
    func show(rowID: Int64, isCompleted: Bool, postponeWord: String) {
        gtk_label_set_text(OpaquePointer(postponeLabel), postponeWord)
        for (widget, spec) in buttons {
            let label = isCompleted ? spec.completedLabel ?? spec.label : spec.label
            Widgets.setName(ofIconButton: widget, to: label)
            Widgets.setIcon(of: widget, to: isCompleted ? spec.completedIcon ?? spec.icon : spec.icon)
            gtk_actionable_set_action_target_value(OpaquePointer(widget), g_variant_new_int64(gint64(rowID)))
            gtk_actionable_set_action_name(OpaquePointer(widget), spec.action)
        }
    }

    func setRevealed(_ revealed: Bool) {
        gtk_widget_set_visible(root, revealed ? 1 : 0)
        if !revealed { releasePostponeCue() }
    }

    /// The cue shows how close a rightward drag is to completing: 0…1.
    /// The cue is shown only while the row moves right: at rest it would add its width to the
    /// menu's, and at a phone's width the menu's 44 px buttons take the whole row.
    func setCompletionProgress(_ progress: Double) {
        gtk_widget_set_opacity(cue, max(0.25, progress))
        gtk_widget_set_visible(cue, progress > 0 ? 1 : 0)
        Widgets.setClass(root, "completing", progress > 0)
        Widgets.setClass(root, "armed", progress >= 1)
        gtk_widget_set_visible(menu, progress > 0 || postponeHeld ? 0 : 1)
    }

    /// The postpone cue shows how close a drag past the menu is to postponing: 0…1.
    func setPostponeProgress(_ progress: Double) {
        guard !postponeHeld else { return }
        gtk_widget_set_opacity(postponeCue, max(0.25, progress))
        gtk_widget_set_visible(postponeCue, progress > 0 ? 1 : 0)
        Widgets.setClass(root, "postponing", progress > 0)
        Widgets.setClass(root, "armed", progress >= 1)
        gtk_widget_set_visible(menu, progress > 0 ? 0 : 1)
    }

    /// The row was let go past the line: keep the cue while it slides home.
    func holdPostponeCue() {
        setPostponeProgress(1)
        postponeHeld = true
    }

    private func releasePostponeCue() {
        guard postponeHeld else { return }
        postponeHeld = false
        setPostponeProgress(0)
    }

    /// At a phone's width the menu's buttons are 44 px (AppStyle.phoneCSS). The class is the
    /// back view's own, not only its window's: the pool measures the menu on a back view that
    /// is in no window, and with 32 px buttons it measured 313 px where the row showed 350.
    func setNarrow(_ narrow: Bool) {
        Widgets.setClass(root, "narrow", narrow)
        for (widget, spec) in buttons where spec.shown != .all {
            gtk_widget_set_visible(widget, (spec.shown == .narrow) == narrow ? 1 : 0)
        }
    }

    /// The natural width of the menu, which the open offset reveals.
    var menuWidth: Double {
        var minimum: Int32 = 0
        var natural: Int32 = 0
        gtk_widget_measure(menu, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        return Double(natural) + 24  // The menu's margins (see AppStyle).
    }

    func focusFirstButton() {
        if let first = buttons.first { gtk_widget_grab_focus(first.widget) }
    }

    var containsFocus: Bool {
        gtk_widget_get_focus_child(root) != nil
    }
}
