@preconcurrency import CGtk

/// The shortcuts (Ctrl+?) over a phone-sized window, where GtkShortcutsWindow is
/// 1,596 px wide: `ShortcutTable`'s groups one under another in a `PhoneWindow`, each a list
/// whose rows show a title above its keys, drawn by GtkShortcutLabel as on the desktop, or a
/// gesture's icon beside its title and how to make it. Titles wrap and the keys' alternatives
/// go on in a second line (`WrapLayout`), so the column is never wider than the window: Alt+↑ /
/// Alt+↓ / Alt+Home / Alt+End is 470 px on one line. Each row is focusable and named by
/// `Shortcut.spokenName`, as in the desktop window, so that a screen reader reads it with its keys.
@MainActor
enum PhoneShortcutsWindow {
    @discardableResult
    static func present(over parent: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let frame = PhoneWindow(title: tr("Keyboard Shortcuts"), over: parent, spacing: 6)
        var groups: [PhoneShortcutsSearch.Group] = []
        for (index, group) in ShortcutTable.groups.enumerated() {
            let heading = PhoneWindow.label(group.title, classes: ["heading"])
            if index > 0 { gtk_widget_set_margin_top(heading, 18) }
            gtk_box_append(cast(frame.column), heading)
            let list = list(group.shortcuts, named: group.title)
            gtk_box_append(cast(frame.column), list)
            let rows = zip(shownRows(of: list), group.shortcuts).map { ($0, PhoneShortcutsSearch.folded($1.spokenName)) }
            groups.append(PhoneShortcutsSearch.Group(heading: heading, list: list, rows: rows))
        }
        joinGroups(groups.map(\.list))
        let search = PhoneShortcutsSearch(groups: groups, window: frame.window)
        gtk_header_bar_pack_start(OpaquePointer(frame.header), search.button)
        frame.placeAboveColumn(search.bar.root)
        gtk_box_prepend(cast(frame.column), search.nothingFound)
        // The window keeps its search until it is gone.
        Signal.connect(frame.window.raw, "destroy") { _ = search }
        gtk_window_present(cast(frame.window))
        // Orca hears the window's title, then the first shortcut with its keys.
        if let firstRow = groups.first?.rows.first?.row { gtk_widget_grab_focus(firstRow) }
        return frame.window
    }

    /// Down on a group's last row goes on to the next group's first row, Up on its first row
    /// back to the previous group's last: GTK 4.8's list stops at its ends, and the arrows
    /// went no further than Items. Groups and rows a search hid are passed over.
    private static func joinGroups(_ lists: [UnsafeMutablePointer<GtkWidget>]) {
        for (index, list) in lists.enumerated() {
            Signal.connectKeynavFailed(list.raw) { direction in
                guard direction == GTK_DIR_DOWN || direction == GTK_DIR_UP else { return false }
                let down = direction == GTK_DIR_DOWN
                let onward = down ? Array(lists[(index + 1)...]) : lists[..<index].reversed()
                let row = onward.lazy.compactMap { next in
                    gtk_widget_get_visible(next) != 0 ? (down ? shownRows(of: next).first : shownRows(of: next).last) : nil
                }.first
                guard let row else { return false }
                gtk_widget_grab_focus(row)
                return true
            }
        }
    }

    /// The rows of `list` a search left shown, in order: all of them before any search.
    private static func shownRows(of list: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var rows: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(list)
        while let row = child {
            if gtk_widget_get_visible(row) != 0 { rows.append(row) }
            child = gtk_widget_get_next_sibling(row)
        }
        return rows
    }

    /// One group's shortcuts as a list named after the group. A row does nothing when
    /// activated; Up and Down go from row to row.
    private static func list(_ shortcuts: [Shortcut], named name: String) -> UnsafeMutablePointer<GtkWidget> {
        let list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(OpaquePointer(list), GTK_SELECTION_NONE)
        gtk_list_box_set_show_separators(OpaquePointer(list), 1)
        Widgets.setAccessibleLabel(list, name)
        for shortcut in shortcuts {
            let row = gtk_list_box_row_new()!
            gtk_list_box_row_set_activatable(cast(row), 0)
            let content = shortcut.gesture == nil ? keys(of: shortcut) : gesture(shortcut)
            // GNOME's list rows' padding; not the theme's rich-list, whose 12 px between a row's
            // boxes put the keys far below their title.
            for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { side(content, 8) }
            for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end] { side(content, 12) }
            gtk_list_box_row_set_child(cast(row), content)
            Widgets.setAccessibleLabel(row, shortcut.spokenName)
            gtk_list_box_append(OpaquePointer(list), row)
        }
        return list
    }

    /// The title, and under it each alternative's keys ("F2", "Return") with a slash between
    /// them, as GtkShortcutLabel separates them on one line.
    private static func keys(of shortcut: Shortcut) -> UnsafeMutablePointer<GtkWidget> {
        let keys = WrapLayout.box()
        let alternatives = shortcut.alternatives
        for (index, alternative) in alternatives.enumerated() {
            let choice = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
            gtk_box_append(cast(choice), gtk_shortcut_label_new(alternative))
            if index < alternatives.count - 1 {
                gtk_box_append(cast(choice), PhoneWindow.label("/", classes: ["dim-label"]))
            }
            gtk_box_append(cast(keys), choice)
        }
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_box_append(cast(column), PhoneWindow.label(shortcut.title))
        gtk_box_append(cast(column), keys)
        return column
    }

    /// A gesture's icon (as GtkShortcutsShortcut draws it) beside its title and how to make it.
    private static func gesture(_ shortcut: Shortcut) -> UnsafeMutablePointer<GtkWidget> {
        let icon = gtk_image_new_from_icon_name(shortcut.gestureIcon)!
        gtk_image_set_pixel_size(OpaquePointer(icon), 32)
        gtk_widget_set_valign(icon, GTK_ALIGN_START)
        let texts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_widget_set_hexpand(texts, 1)
        gtk_box_append(cast(texts), PhoneWindow.label(shortcut.title))
        gtk_box_append(cast(texts), PhoneWindow.label(shortcut.subtitle ?? "", classes: ["dim-label"]))
        let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_box_append(cast(line), icon)
        gtk_box_append(cast(line), texts)
        return line
    }
}
