@preconcurrency import CGtk

/// The three orders Sort offers, as one menu: the main menu's Sort submenu, and the
/// popover Ctrl+Shift+S opens at the focused row, so the keyboard reaches the choice where the
/// user is, as the row menu and Move to do.
@MainActor
enum SortMenu {
    /// By due date, priority or title, each a `win.sort-by-…` action.
    static func model() -> OpaquePointer {
        let menu = g_menu_new()!
        g_menu_append(menu, tr("By _Due Date"), "win.sort-by-due-date")
        g_menu_append(menu, tr("By _Priority"), "win.sort-by-priority")
        g_menu_append(menu, tr("By _Title"), "win.sort-by-title")
        return menu
    }

    /// Opens the choice on `parent` pointing at `rect` (in `parent`'s coordinates), under the
    /// heading "Sort", which a screen reader says with the menu. Escape closes it.
    static func present(on parent: UnsafeMutablePointer<GtkWidget>, at rect: GdkRectangle) {
        let orders = model()
        let popover = gtk_popover_menu_new_from_model(cast(orders))!
        g_object_unref(UnsafeMutableRawPointer(orders))
        Widgets.setAccessibleLabel(popover, tr("Sort"))
        gtk_widget_set_parent(popover, parent)
        var pointing = rect
        gtk_popover_set_pointing_to(cast(popover), &pointing)
        g_object_ref(popover.raw)  // Until it is unparented: the list may go first (the window closing).
        Signal.connect(popover.raw, "closed") {
            // Unparented once GTK has finished closing it (and run the chosen action).
            MainLoop.idle {
                if gtk_widget_get_parent(popover) != nil { gtk_widget_unparent(popover) }
                g_object_unref(popover.raw)
            }
        }
        gtk_popover_popup(cast(popover))
    }
}
