@preconcurrency import CGtk

/// A widget as the untyped instance pointer that signal connections take.
extension UnsafeMutablePointer where Pointee == GtkWidget {
    var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

/// Helpers for the widget calls every view makes.
enum Widgets {
    static func addClass(_ widget: UnsafeMutablePointer<GtkWidget>, _ name: String) {
        gtk_widget_add_css_class(widget, name)
    }

    static func setClass(_ widget: UnsafeMutablePointer<GtkWidget>, _ name: String, _ on: Bool) {
        if on { gtk_widget_add_css_class(widget, name) } else { gtk_widget_remove_css_class(widget, name) }
    }

    /// Sets the accessible name (GTK_ACCESSIBLE_PROPERTY_LABEL) screen readers announce.
    static func setAccessibleLabel(_ widget: UnsafeMutablePointer<GtkWidget>, _ label: String) {
        setAccessibleText(widget, GTK_ACCESSIBLE_PROPERTY_LABEL, label)
    }

    /// Sets a text accessible property (label, description, …) of `widget`.
    static func setAccessibleText(_ widget: UnsafeMutablePointer<GtkWidget>, _ property: GtkAccessibleProperty,
                                  _ text: String) {
        setAccessibleText(accessible: OpaquePointer(widget), property, text)
    }

    /// Sets a text accessible property of any GtkAccessible, a widget or not (a stack's page).
    static func setAccessibleText(accessible: OpaquePointer, _ property: GtkAccessibleProperty, _ text: String) {
        var value = GValue()
        g_value_init(&value, GType(G_TYPE_STRING_RAW))
        g_value_set_string(&value, text)
        var properties = [property]
        var values = [value]
        gtk_accessible_update_property_value(accessible, 1, &properties, &values)
        g_value_unset(&value)
    }

    /// Sets GTK_ACCESSIBLE_STATE_CHECKED, for a widget whose role is a checkable one that GTK
    /// does not keep up to date by itself (a toggle button given the role of a radio button).
    static func setAccessibleChecked(_ widget: UnsafeMutablePointer<GtkWidget>, _ checked: Bool) {
        var value = GValue()
        // GTK reads the tristate "checked" as an int (a GtkAccessibleTristate).
        g_value_init(&value, GType(G_TYPE_INT_RAW))
        g_value_set_int(&value, Int32((checked ? GTK_ACCESSIBLE_TRISTATE_TRUE : GTK_ACCESSIBLE_TRISTATE_FALSE).rawValue))
        var states = [GTK_ACCESSIBLE_STATE_CHECKED]
        var values = [value]
        gtk_accessible_update_state_value(OpaquePointer(widget), 1, &states, &values)
        g_value_unset(&value)
    }

    /// Sets a "boolean or undefined" state (GTK_ACCESSIBLE_STATE_EXPANDED, _SELECTED) of
    /// `widget`, which GTK reads as an int.
    static func setAccessibleState(_ widget: UnsafeMutablePointer<GtkWidget>, _ state: GtkAccessibleState, _ on: Bool) {
        var value = GValue()
        g_value_init(&value, GType(G_TYPE_INT_RAW))
        g_value_set_int(&value, on ? 1 : 0)
        var states = [state]
        var values = [value]
        gtk_accessible_update_state_value(OpaquePointer(widget), 1, &states, &values)
        g_value_unset(&value)
    }

    /// Gives the keyboard back to `parent` when a window over it goes (also where no window
    /// manager hands it back), unless `parent` is going too: Ctrl+Q, a signal or a logout close
    /// the main window first, and presenting it again then showed it again (Flick went on
    /// running) or, half destroyed, crashed GTK realizing it (SIGTERM with the details open).
    static func presentAgain(_ parent: UnsafeMutablePointer<GtkWidget>) {
        guard gtk_widget_get_visible(parent) != 0, gtk_widget_in_destruction(parent) == 0 else { return }
        gtk_window_present(cast(parent))
    }

    /// The first focusable widget of `widget` (itself included), for a label's mnemonic (the
    /// details' Alt+D, Alt+R, …): a menu button's is the toggle button inside it, which the
    /// mnemonic presses. `widget` itself when nothing in it is focusable.
    static func firstFocusable(in widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        if gtk_widget_get_focusable(widget) != 0 { return widget }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            let target = firstFocusable(in: current)
            if gtk_widget_get_focusable(target) != 0 { return target }
            child = gtk_widget_get_next_sibling(current)
        }
        return widget
    }

    /// Escape closes `window` (its `window.close` action), as in every GNOME dialog.
    static func closeOnEscape(_ window: UnsafeMutablePointer<GtkWidget>) {
        let escape = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(escape, gtk_shortcut_new(
            gtk_keyval_trigger_new(guint(GDK_KEY_Escape), GdkModifierType(rawValue: 0)), gtk_named_action_new("window.close")))
        gtk_widget_add_controller(window, escape)
    }

    /// A button showing `icon`, named `tooltip` for screen readers once: Orca read GTK 4.8's
    /// icon button as "GtkImage Complete push button. Complete" (the icon, then the name, then
    /// the tooltip GTK also gives as the description). The icon is presentation only
    /// and the description is left out.
    @MainActor
    static func iconButton(icon: String, tooltip: String, action: String?) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new()!
        let image = AccessibleRole.widget(gtk_image_get_type(), role: GTK_ACCESSIBLE_ROLE_PRESENTATION)
        gtk_image_set_from_icon_name(OpaquePointer(image), icon)
        gtk_button_set_child(cast(button), image)
        addClass(button, "image-button")  // What gtk_button_set_icon_name would add, for the theme.
        setName(ofIconButton: button, to: tooltip)
        if let action { gtk_actionable_set_action_name(OpaquePointer(button), action) }
        return button
    }

    /// Names an icon button: its tooltip and its accessible name, and no description (GTK 4.8
    /// makes the tooltip the description, which a screen reader says after the name).
    static func setName(ofIconButton button: UnsafeMutablePointer<GtkWidget>, to name: String) {
        gtk_widget_set_tooltip_text(button, name)
        setAccessibleLabel(button, name)
        setAccessibleText(button, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "")
    }

    /// Names a drop-down's button after the chosen line, now and at each change. The button
    /// is what has the keyboard focus; GTK 4.8 names it after the label that points to it
    /// ("Reminder"), so Orca never said the value ("None", "Never"). The drop-down
    /// itself keeps its own name, which Orca says on the way in ("Reminder combo box"): GTK
    /// 4.18's drop-down is labelled by the line it shows, a relation that outranks its own name
    /// (it was "None combo box", never "Priority"), so that relation is taken away.
    @MainActor
    static func nameButtonAfterChoice(of dropDown: UnsafeMutablePointer<GtkWidget>) {
        gtk_accessible_reset_relation(OpaquePointer(dropDown), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
        nameButton(ofDropDown: dropDown)
        Signal.connectObject(dropDown.raw, "notify::selected") { _ in nameButton(ofDropDown: dropDown) }
    }

    /// Names a drop-down's button after its chosen line; for a list whose lines were replaced
    /// with the choice left where it was.
    @MainActor
    static func nameButton(ofDropDown dropDown: UnsafeMutablePointer<GtkWidget>) {
        guard let button = gtk_widget_get_first_child(dropDown),
              let item = gtk_drop_down_get_selected_item(OpaquePointer(dropDown)),
              let text = gtk_string_object_get_string(OpaquePointer(item)) else { return }
        gtk_accessible_reset_relation(OpaquePointer(button), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
        setAccessibleLabel(button, String(cString: text))
        // GTK 4.18 reads the button's name and description off the drop-down (its "nested
        // button" rule), where the field's name is (`flick_label_drop_downs`): the value is said
        // as the drop-down's description ("Reminder combo box", then "None").
        if flickBuiltGtkMinor >= 18 {
            setAccessibleText(dropDown, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, String(cString: text))
        }
    }

    /// Calls `visit` for every widget below `widget`, parents before their children.
    @MainActor
    static func forEachDescendant(of widget: UnsafeMutablePointer<GtkWidget>,
                                  _ visit: (UnsafeMutablePointer<GtkWidget>) -> Void) {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            visit(current)
            forEachDescendant(of: current, visit)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// Shows `icon` on a button made by `iconButton`.
    static func setIcon(of button: UnsafeMutablePointer<GtkWidget>, to icon: String) {
        gtk_image_set_from_icon_name(OpaquePointer(gtk_button_get_child(cast(button))), icon)
    }
}

/// G_TYPE_STRING is a macro (G_TYPE_MAKE_FUNDAMENTAL (16)).
let G_TYPE_STRING_RAW: UInt = 16 << 2
/// G_TYPE_INT is a macro (G_TYPE_MAKE_FUNDAMENTAL (6)).
let G_TYPE_INT_RAW: UInt = 6 << 2
/// G_TYPE_BOOLEAN is a macro (G_TYPE_MAKE_FUNDAMENTAL (5)).
let G_TYPE_BOOLEAN_RAW: UInt = 5 << 2

/// Views a widget (or any GObject) pointer as the GTK type a function expects, as the C
/// casting macros would; the type is inferred from the call.
func cast<T>(_ pointer: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self)
}

func cast<T>(_ pointer: OpaquePointer) -> UnsafeMutablePointer<T> {
    UnsafeMutablePointer<T>(pointer)
}
