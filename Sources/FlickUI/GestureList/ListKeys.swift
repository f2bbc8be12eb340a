@preconcurrency import CGtk

/// Single-key shortcuts on a gesture list: Space, Delete, F2, Menu, Shift+F10, Esc (closes
/// the open menu, or ends the selection, or else goes up to the lists), and the selection's
/// Shift+Up, Shift+Down and Ctrl+A. They are not application accelerators,
/// which would take the keys from the title entry while editing; the window's keys
/// (`WindowKeys`) hand them here in the capture phase (before the row's own Space binding)
/// when the focus is in the list. While a row is being edited only the keys typed before its
/// entry has the focus go to the editor (`RowEditor.takeEarlyKey`).
@MainActor
enum ListKeys {
    /// A key pressed with the focus in `list`: whether the list took it.
    static func pressed(keyval: guint, state: GdkModifierType, on list: GestureList) -> Bool {
        if list.isEditing { return list.editor.takeEarlyKey(keyval, state: state) }
        return handle(keyval: keyval, state: state, on: list)
    }

    static func handle(keyval: guint, state: GdkModifierType, on list: GestureList) -> Bool {
        let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue)
        switch Int32(keyval) {
        case GDK_KEY_Menu:
            openMenu(on: list)
        case GDK_KEY_F10 where modifiers == GDK_SHIFT_MASK.rawValue:
            openMenu(on: list)
        case GDK_KEY_Escape where list.liftView.isLifted:
            list.driver.handle(.liftCancelled)
        case GDK_KEY_Escape where list.driver.controller.openItem != nil:
            list.driver.closeMenu()
        case GDK_KEY_Escape where modifiers == 0 && list.level.endSelection():
            break
        case GDK_KEY_Up where modifiers == GDK_SHIFT_MASK.rawValue, GDK_KEY_KP_Up where modifiers == GDK_SHIFT_MASK.rawValue:
            return list.level.extendSelection(by: -1)
        case GDK_KEY_Down where modifiers == GDK_SHIFT_MASK.rawValue, GDK_KEY_KP_Down where modifiers == GDK_SHIFT_MASK.rawValue:
            return list.level.extendSelection(by: 1)
        case GDK_KEY_a where modifiers == GDK_CONTROL_MASK.rawValue:
            // Only here, on the list: in the title's entry (editing) Ctrl+A stays select-all-text.
            return list.level.selectAllOpen()
        case GDK_KEY_Escape where modifiers == 0:
            gtk_widget_activate_action_variant(list.listView, "win.go-up", nil)
        case GDK_KEY_space where modifiers == 0, GDK_KEY_KP_Space where modifiers == 0:
            // While rows are selected, the keys act on all of them, whichever row has the focus.
            if list.level.actOnSelection(by: .complete) { break }
            if let id = list.focusedID { list.level.swipedRight(id) }
        case GDK_KEY_Delete where modifiers == 0, GDK_KEY_KP_Delete where modifiers == 0:
            if list.level.actOnSelection(by: .delete) { break }
            if let id = list.focusedID { list.level.delete(id) }
        case GDK_KEY_F2 where modifiers == 0:
            if let id = list.focusedID { list.startEditing(id) }
        case GDK_KEY_Up where list.driver.controller.openItem != nil, GDK_KEY_Down where list.driver.controller.openItem != nil:
            // Moving to another row closes the open menu, as scrolling and clicking elsewhere do
            // (the menu stayed open while the focus went through the other rows).
            list.driver.closeMenu()
            return false
        case GDK_KEY_Tab, GDK_KEY_ISO_Left_Tab, GDK_KEY_KP_Tab:
            // GTK moves the focus on by itself; the row it lands on is then selected.
            _ = MainLoop.idle { [weak list] in list?.selectKeyboardFocusedRow() }
            return false
        default:
            return false
        }
        return true
    }

    private static func openMenu(on list: GestureList) {
        if let id = list.focusedID { list.driver.openMenu(id, fromKeyboard: true) }
    }
}
