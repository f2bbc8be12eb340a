@preconcurrency import CGtk

/// Makes widgets with a chosen accessible role. The role can only be given when a widget is
/// made, through the `accessible-role` property, and `g_object_new` is variadic.
@MainActor
enum AccessibleRole {
    static func widget(_ type: GType, role: GtkAccessibleRole) -> UnsafeMutablePointer<GtkWidget> {
        var value = GValue()
        g_value_init(&value, gtk_accessible_role_get_type())
        g_value_set_enum(&value, Int32(role.rawValue))
        defer { g_value_unset(&value) }
        var values = [value]
        let object = "accessible-role".withCString { name in
            var names: [UnsafePointer<CChar>?] = [name]
            return g_object_new_with_properties(type, 1, &names, &values)!
        }
        return UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWidget.self)
    }

    /// A button showing `mnemonic` ("_Retry"; Alt and the letter press it) whose accessible
    /// name is `name` alone. GTK 4.8 names a button after its label property and the label
    /// that labels it, one after the other ("_Retry Retry"), so the label here is presentation
    /// only and labels nothing.
    static func textButton(mnemonic: String, name: String) -> UnsafeMutablePointer<GtkWidget> {
        let label = widget(gtk_label_get_type(), role: GTK_ACCESSIBLE_ROLE_PRESENTATION)
        gtk_label_set_text_with_mnemonic(OpaquePointer(label), mnemonic)
        let button = gtk_button_new()!
        gtk_button_set_child(cast(button), label)
        Widgets.setAccessibleLabel(button, name)
        return button
    }
}
