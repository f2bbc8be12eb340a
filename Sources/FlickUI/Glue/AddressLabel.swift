@preconcurrency import CGtk

/// A label that holds a whole address (a CalDAV URL, an e-mail address), which has no space to
/// wrap at: over a phone it breaks within the address, and without the hyphen Pango adds where
/// it breaks a word, which made "…@fastmail.com" read "…@f-astmail.com", another address.
@MainActor
enum AddressLabel {
    static func breakWithinWords(_ label: UnsafeMutablePointer<GtkWidget>) {
        gtk_label_set_wrap_mode(OpaquePointer(label), PANGO_WRAP_WORD_CHAR)
        let attributes = pango_attr_list_new()
        pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(0))
        gtk_label_set_attributes(OpaquePointer(label), attributes)
        pango_attr_list_unref(attributes)
    }
}
