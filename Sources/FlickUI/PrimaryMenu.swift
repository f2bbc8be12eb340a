@preconcurrency import CGtk

/// The header bar's main menu: Keyboard Shortcuts and About Flick.
@MainActor
enum PrimaryMenu {
    static func button() -> UnsafeMutablePointer<GtkWidget> {
        let menu = g_menu_new()!
        g_menu_append(menu, tr("_Keyboard Shortcuts"), "win.shortcuts")
        g_menu_append(menu, tr("_About Flick"), "app.about")
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(OpaquePointer(button), "open-menu-symbolic")
        gtk_menu_button_set_menu_model(OpaquePointer(button), cast(menu))
        gtk_widget_set_tooltip_text(button, tr("Main Menu"))
        Widgets.setAccessibleLabel(button, tr("Main Menu"))
        g_object_unref(UnsafeMutableRawPointer(menu))
        return button
    }
}
