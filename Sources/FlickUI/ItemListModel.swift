@preconcurrency import CGtk
import FlickCore

/// The GListModel behind the list view: a GtkStringList of item ids kept in step with a
/// ListDocument, wrapped in a single selection whose selected row is the focused item.
@MainActor
final class ItemListModel {
    let strings: OpaquePointer
    let selection: OpaquePointer

    init(ids: [Int64]) {
        strings = gtk_string_list_new(nil)
        selection = gtk_single_selection_new(g_object_ref(UnsafeMutableRawPointer(strings)).map(OpaquePointer.init))
        replace(at: 0, removing: 0, with: ids)
    }

    var count: Int { Int(g_list_model_get_n_items(strings)) }

    /// The selected row's position, if any.
    var selectedPosition: Int? {
        let position = gtk_single_selection_get_selected(selection)
        return position == GTK_INVALID_LIST_POSITION ? nil : Int(position)
    }

    func select(_ position: Int) {
        gtk_single_selection_set_selected(selection, guint(position))
    }

    func apply(_ change: ListChange, ids: [Int64]) {
        switch change {
        case let .inserted(index):
            replace(at: index, removing: 0, with: [ids[index]])
        case let .removed(index):
            replace(at: index, removing: 1, with: [])
        case let .moved(from, to):
            replace(at: from, removing: 1, with: [])
            replace(at: to, removing: 0, with: [ids[to]])
        case .updated:
            break  // Same id, same place: the bound row is refreshed directly.
        }
    }

    static func id(of object: OpaquePointer) -> Int64? {
        guard let string = gtk_string_object_get_string(object) else { return nil }
        return Int64(String(cString: string))
    }

    private func replace(at position: Int, removing count: Int, with ids: [Int64]) {
        var cStrings: [UnsafeMutablePointer<CChar>?] = ids.map { strdup(String($0)) }
        cStrings.append(nil)
        cStrings.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { additions in
                gtk_string_list_splice(strings, guint(position), guint(count), additions)
            }
        }
        cStrings.forEach { free($0) }
    }
}
