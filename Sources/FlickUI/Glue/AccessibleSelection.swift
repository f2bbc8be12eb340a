@preconcurrency import CGtk

/// What screen readers are told of the items selected to act on together: the list
/// lets several rows be selected (AT-SPI's MULTISELECTABLE) and each row says whether it is one
/// of them (SELECTED). Orca reads these states; a name ending in "selected" was only words.
enum AccessibleSelection {
    /// GTK_ACCESSIBLE_PROPERTY_MULTI_SELECTABLE on `list`: on an items list, not on the overview
    /// or Upcoming, where rows are not selected (Orca would say "not selected" on each).
    static func setMultiSelectable(_ list: UnsafeMutablePointer<GtkWidget>, _ multiSelectable: Bool) {
        var value = GValue()
        g_value_init(&value, GType(G_TYPE_BOOLEAN_RAW))
        g_value_set_boolean(&value, multiSelectable ? 1 : 0)
        var properties = [GTK_ACCESSIBLE_PROPERTY_MULTI_SELECTABLE]
        var values = [value]
        gtk_accessible_update_property_value(OpaquePointer(list), 1, &properties, &values)
        g_value_unset(&value)
    }

    /// GTK_ACCESSIBLE_STATE_SELECTED on `widget`.
    static func setSelected(_ widget: UnsafeMutablePointer<GtkWidget>, _ selected: Bool) {
        Widgets.setAccessibleState(widget, GTK_ACCESSIBLE_STATE_SELECTED, selected)
    }
}
