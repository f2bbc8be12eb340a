@preconcurrency import CGtk
@testable import FlickUI

/// Reading what GTK built, for tests that compare two windows or look for what one shows.
@MainActor
enum WidgetTree {
    static func typeName(_ widget: UnsafeMutablePointer<GtkWidget>) -> String {
        String(cString: g_type_name_from_instance(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)))
    }

    static func isA(_ widget: UnsafeMutablePointer<GtkWidget>, _ type: GType) -> Bool {
        g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type) != 0
    }

    /// The window open over `parent` (transient for it), the last one opened.
    static func window(over parent: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        let list = gtk_window_get_toplevels()!
        let windows = (0..<g_list_model_get_n_items(list)).compactMap { index -> UnsafeMutablePointer<GtkWidget>? in
            guard let object = g_list_model_get_item(list, index) else { return nil }
            g_object_unref(object)  // The list keeps the window.
            return object.assumingMemoryBound(to: GtkWidget.self)
        }
        return windows.last { gtk_window_get_transient_for(cast($0)).map(UnsafeMutableRawPointer.init) == parent.raw }
    }

    /// A string property of any GObject (a GtkShortcutsShortcut's "title"), nil when unset.
    static func string(_ object: UnsafeMutablePointer<GtkWidget>, _ property: String) -> String? {
        var value = GValue()
        g_value_init(&value, GType(G_TYPE_STRING_RAW))
        defer { g_value_unset(&value) }
        g_object_get_property(UnsafeMutablePointer(OpaquePointer(object)), property, &value)
        return g_value_get_string(&value).map { String(cString: $0) }
    }

    /// The name of the icon a GtkImage shows, by name or as a themed GIcon; nil for none.
    static func iconName(of image: UnsafeMutablePointer<GtkWidget>) -> String? {
        switch gtk_image_get_storage_type(OpaquePointer(image)) {
        case GTK_IMAGE_ICON_NAME:
            return gtk_image_get_icon_name(OpaquePointer(image)).map { String(cString: $0) }
        case GTK_IMAGE_GICON:
            guard let icon = gtk_image_get_gicon(OpaquePointer(image)),
                  g_type_check_instance_is_a(UnsafeMutableRawPointer(icon).assumingMemoryBound(to: GTypeInstance.self),
                                             g_themed_icon_get_type()) != 0,
                  let names = g_themed_icon_get_names(icon), let first = names[0] else { return nil }
            return String(cString: first)
        default:
            return nil
        }
    }

    /// Every descendant of `widget`, depth first, in order.
    static func descendants(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var found: [UnsafeMutablePointer<GtkWidget>] = []
        Widgets.forEachDescendant(of: widget) { found.append($0) }
        return found
    }

    static func labelText(_ label: UnsafeMutablePointer<GtkWidget>) -> String {
        String(cString: gtk_label_get_text(OpaquePointer(label)))
    }
}
