@preconcurrency import CGtk

/// The header bar's main menu: the list's Clear Completed, Sort (by due date, priority or title)
/// and Recently Deleted; Import…, Export List…, Export All
/// Lists…, Sync Now, Add Account… and Remove Account…; then Preferences, Keyboard Shortcuts and About Flick.
@MainActor
enum PrimaryMenu {
    /// The window action of the menu's Search, which shows only while it is enabled: at a
    /// phone's width, where the header has no room for the search button (`WindowHeader.fitPhone`).
    static let searchAction = "search-in-menu"

    static func button() -> UnsafeMutablePointer<GtkWidget> {
        let menu = g_menu_new()!
        let list = g_menu_new()!
        let search = g_menu_item_new(tr("Searc_h"), "win.\(searchAction)")!
        g_menu_item_set_attribute_value(search, "hidden-when", g_variant_new_string("action-disabled"))
        g_menu_append_item(list, search)
        g_object_unref(UnsafeMutableRawPointer(search))
        g_menu_append(list, tr("_Clear Completed"), "win.clear-completed")
        let sort = SortMenu.model()
        g_menu_append_submenu(list, tr("Sor_t"), cast(sort))
        g_object_unref(UnsafeMutableRawPointer(sort))
        g_menu_append(list, tr("Recently _Deleted"), "win.recently-deleted")
        g_menu_append_section(menu, nil, cast(list))
        g_object_unref(UnsafeMutableRawPointer(list))
        let files = g_menu_new()!
        g_menu_append(files, tr("_Import…"), "win.import")
        g_menu_append(files, tr("_Export List…"), "win.export-list")
        g_menu_append(files, tr("Export A_ll Lists…"), "win.export-all")
        g_menu_append(files, tr("_Sync Now"), "app.sync")
        g_menu_append(files, tr("Add Acc_ount…"), "win.add-account")
        g_menu_append(files, tr("_Remove Account…"), "win.remove-account")
        g_menu_append_section(menu, nil, cast(files))
        g_object_unref(UnsafeMutableRawPointer(files))
        let application = g_menu_new()!
        g_menu_append(application, tr("_Preferences"), "win.preferences")
        g_menu_append(application, tr("_Keyboard Shortcuts"), "win.shortcuts")
        g_menu_append(application, tr("_About Flick"), "app.about")
        g_menu_append_section(menu, nil, cast(application))
        g_object_unref(UnsafeMutableRawPointer(application))
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(OpaquePointer(button), "open-menu-symbolic")
        // The popover is made when the menu is first opened, not on the way to the first frame
        // (2 ms of the window's construction, perf). The function keeps the menu until then.
        gtk_menu_button_set_create_popup_func(OpaquePointer(button), makePopover, UnsafeMutableRawPointer(menu),
                                              { menu in g_object_unref(menu) })
        Widgets.setName(ofIconButton: button, to: tr("Main Menu"))
        return button
    }
}

/// The menu button's popover, from its menu, the first time it opens.
private let makePopover: GtkMenuButtonCreatePopupFunc = { button, menu in
    guard let button, gtk_menu_button_get_menu_model(button) == nil else { return }
    gtk_menu_button_set_menu_model(button, menu?.assumingMemoryBound(to: GMenuModel.self))
    let address = Int(bitPattern: UnsafeMutableRawPointer(button))  // GTK calls this on the main thread.
    MainActor.assumeIsolated {
        guard let button = OpaquePointer(bitPattern: address) else { return }
        let widget = UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkWidget.self)
        if let popover = gtk_menu_button_get_popover(button), let root = gtk_widget_get_root(widget) {
            PhoneMenuHeight.limit(UnsafeMutableRawPointer(popover).assumingMemoryBound(to: GtkWidget.self),
                                  within: UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self))
        }
    }
}
