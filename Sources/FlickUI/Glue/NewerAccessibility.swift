import GestureShim

/// Whether rows are named through their GtkListItem (GTK 4.12 and later), as the shim was
/// compiled: `flick_list_item_set_accessible_text`. On GTK 4.8 the row's box and title label
/// carry its name, and a message said after it is on the title label.
let flickListItemNamesRows = flick_list_item_names_rows() != 0

/// Whether `Announcer` can hand a message to screen readers as an announcement (GTK 4.14's
/// `gtk_accessible_announce`, through `flick_announce`), instead of a description held for a moment.
let flickCanAnnounce = flick_can_announce() != 0

/// The minor version of the GTK 4 Flick was built against (8 on Debian 12, 18 on Debian 13):
/// where GTK's own accessibility changed since 4.8, Flick's 4.8 way of putting it right is left out.
let flickBuiltGtkMinor = Int(flick_built_gtk_minor())
