@preconcurrency import CGtk

/// Single-key shortcuts on the list: Space, Delete, F2, Menu, Shift+F10 and Esc (closes the
/// open menu, or else goes up to the lists). They are not application
/// accelerators, which would take the keys from the title entry while editing; this
/// controller runs in the capture phase (before the row's own Space binding) and stands aside
/// while an item is being edited.
@MainActor
enum ListKeys {
    static func controller(for window: MainWindow) -> OpaquePointer {
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signal.connectKeyPressed(UnsafeMutableRawPointer(keys)) { [weak window] keyval, state in
            guard let window, !window.isEditing else { return false }
            switch Int32(keyval) {
            case GDK_KEY_Menu:
                window.activateAction("open-menu")
                return true
            case GDK_KEY_F10 where state.rawValue & GDK_SHIFT_MASK.rawValue != 0:
                window.activateAction("open-menu")
                return true
            case GDK_KEY_Escape where window.driver.controller.openItem != nil:
                window.activateAction("close-menu")
                return true
            case GDK_KEY_Escape where state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue) == 0:
                window.activateAction("go-up")
                return true
            default:
                break
            }
            let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue)
            guard modifiers == 0 else { return false }
            switch Int32(keyval) {
            case GDK_KEY_space, GDK_KEY_KP_Space:
                window.toggleFocused()
            case GDK_KEY_Delete, GDK_KEY_KP_Delete:
                window.deleteFocused()
            case GDK_KEY_F2:
                window.editFocused()
            default:
                return false
            }
            return true
        }
        return keys
    }
}
