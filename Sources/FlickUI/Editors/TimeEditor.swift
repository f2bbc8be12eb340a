@preconcurrency import CGtk

/// An hour and a minute, as two spin buttons (type a number or use the arrows).
@MainActor
final class TimeEditor {
    let root: UnsafeMutablePointer<GtkWidget>
    private let hour: UnsafeMutablePointer<GtkWidget>
    private let minute: UnsafeMutablePointer<GtkWidget>
    private var isShowing = false
    /// Told of every change, as minutes after midnight.
    var onChange: ((Int) -> Void)?

    init(accessibleName: String) {
        root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)!
        hour = gtk_spin_button_new_with_range(0, 23, 1)!
        minute = gtk_spin_button_new_with_range(0, 59, 5)!
        for spin in [hour, minute] {
            gtk_spin_button_set_wrap(OpaquePointer(spin), 1)
            gtk_spin_button_set_numeric(OpaquePointer(spin), 1)
            Signal.connect(spin.raw, "value-changed") { [weak self] in self?.changed() }
        }
        Widgets.setAccessibleLabel(hour, tr("{field}: hour", ["field": accessibleName]))
        Widgets.setAccessibleLabel(minute, tr("{field}: minute", ["field": accessibleName]))
        gtk_box_append(cast(root), hour)
        gtk_box_append(cast(root), gtk_label_new(":"))
        gtk_box_append(cast(root), minute)
        // Minutes read "05", not "5".
        Signal.connectReturningBool(minute.raw, "output") { [weak self] in
            guard let self else { return false }
            let value = Int(gtk_spin_button_get_value(OpaquePointer(self.minute)))
            gtk_editable_set_text(OpaquePointer(self.minute), value < 10 ? "0\(value)" : "\(value)")
            return true
        }
    }

    func show(minutesAfterMidnight: Int) {
        isShowing = true
        defer { isShowing = false }
        gtk_spin_button_set_value(OpaquePointer(hour), Double(minutesAfterMidnight / 60))
        gtk_spin_button_set_value(OpaquePointer(minute), Double(minutesAfterMidnight % 60))
    }

    private func changed() {
        guard !isShowing else { return }
        onChange?(Int(gtk_spin_button_get_value(OpaquePointer(hour))) * 60 + Int(gtk_spin_button_get_value(OpaquePointer(minute))))
    }
}
