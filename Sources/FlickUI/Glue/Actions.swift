@preconcurrency import CGtk

/// Adds GActions to an action map (`app.` or `win.`), so menus, accelerators, D-Bus
/// (org.gtk.Actions) and tests all reach the same code.
@MainActor
enum Actions {
    struct Entry {
        var name: String
        var accelerators: [String]
        var handler: @MainActor () -> Void
    }

    /// Adds the actions to `map` and registers their accelerators as `prefix.name`.
    static func add(_ entries: [Entry], to map: OpaquePointer, prefix: String,
                    application: UnsafeMutablePointer<GtkApplication>) {
        for entry in entries {
            let action = g_simple_action_new(entry.name, nil)!
            Signal.connectAction(action, entry.handler)
            g_action_map_add_action(map, action)
            g_object_unref(UnsafeMutableRawPointer(action))
            setAccelerators(entry.accelerators, for: "\(prefix).\(entry.name)", application: application)
        }
    }

    /// An action that takes the item's id (GVariant type "x").
    struct ItemEntry {
        var name: String
        var handler: @MainActor (Int64) -> Void
    }

    static func addItemActions(_ entries: [ItemEntry], to map: OpaquePointer) {
        let int64 = g_variant_type_new("x")
        defer { g_variant_type_free(int64) }
        for entry in entries {
            let action = g_simple_action_new(entry.name, int64)!
            Signal.connectItemAction(action, entry.handler)
            g_action_map_add_action(map, action)
            g_object_unref(UnsafeMutableRawPointer(action))
        }
    }

    private static func setAccelerators(_ accelerators: [String], for name: String,
                                        application: UnsafeMutablePointer<GtkApplication>) {
        var cStrings: [UnsafeMutablePointer<CChar>?] = accelerators.map { strdup($0) }
        cStrings.append(nil)
        cStrings.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_application_set_accels_for_action(application, name, $0)
            }
        }
        cStrings.forEach { free($0) }
    }
}
