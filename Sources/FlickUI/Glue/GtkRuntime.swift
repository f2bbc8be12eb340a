@preconcurrency import CGtk

/// What the GTK Flick runs with does differently from GTK 4.8, the oldest it supports, read
/// at run time: the same build runs on both.
enum GtkRuntime {
    /// GTK 4.12's list views (its list item manager's tiles) find the row at a scroll value by
    /// where the rows were at the last layout: rows just taken out of the model still stand
    /// there until the next one. GTK 4.8's find it among the rows as they are now. Seen in
    /// `CarriedSelectionPageTests` on GTK 4.18.6 against 4.8.3.
    static var listViewsPlaceByLastLayout: Bool {
        gtk_get_major_version() > 4 || gtk_get_minor_version() >= 12
    }

    /// GTK 4.12's list items (`GtkListFactoryWidget`) are unbound and torn down in their
    /// dispose, when freed; GTK 4.8's list view tears them down as it lets go of them (a new
    /// model, rows scrolled away).
    static var listItemsTornDownWhenFreed: Bool {
        gtk_get_major_version() > 4 || gtk_get_minor_version() >= 12
    }
}
