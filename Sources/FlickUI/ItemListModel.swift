@preconcurrency import CGtk
import FlickCore

/// The GListModel behind the list view: a GtkStringList of item ids kept in step with a
/// ListDocument, wrapped in a single selection whose selected row is the focused item.
@MainActor
final class ItemListModel {
    let strings: OpaquePointer
    let selection: OpaquePointer
    /// The string standing for the pinch placeholder row while a gap is open.
    static let gapMarker = "gap"
    /// Where the placeholder row is, while a pinch holds a gap open.
    private(set) var gapPosition: Int?

    init(ids: [Int64]) {
        strings = gtk_string_list_new(nil)
        selection = gtk_single_selection_new(g_object_ref(UnsafeMutableRawPointer(strings)).map(OpaquePointer.init))
        replace(at: 0, removing: 0, with: ids.map(String.init))
    }

    /// The selected row's position, if any.
    /// The selected row's position among the items (the placeholder row not counted).
    var selectedPosition: Int? {
        let position = gtk_single_selection_get_selected(selection)
        guard position != GTK_INVALID_LIST_POSITION else { return nil }
        if let gapPosition, Int(position) >= gapPosition {
            return Int(position) == gapPosition ? nil : Int(position) - 1
        }
        return Int(position)
    }

    func select(_ position: Int) {
        let shifted = gapPosition.map { position >= $0 ? position + 1 : position } ?? position
        gtk_single_selection_set_selected(selection, guint(shifted))
    }

    /// Shows the pinch placeholder as a row at `position` (a boundary between items).
    func showGap(at position: Int) {
        guard gapPosition != position else { return }
        hideGap()
        replace(at: position, removing: 0, with: [Self.gapMarker])
        gapPosition = position
    }

    func hideGap() {
        guard let position = gapPosition else { return }
        gapPosition = nil
        replace(at: position, removing: 1, with: [])
    }

    func apply(_ change: ListChange, ids: [Int64]) {
        hideGap()  // Positions below are the document's.
        switch change {
        case let .inserted(index):
            replace(at: index, removing: 0, with: [String(ids[index])])
        case let .removed(index):
            replace(at: index, removing: 1, with: [])
        case let .moved(from, to):
            replace(at: from, removing: 1, with: [])
            replace(at: to, removing: 0, with: [String(ids[to])])
        case .updated:
            break  // Same id, same place: the bound row is refreshed directly.
        }
    }

    static func id(of object: OpaquePointer) -> Int64? {
        guard let string = gtk_string_object_get_string(object) else { return nil }
        return Int64(String(cString: string))
    }

    static func isGap(_ object: OpaquePointer) -> Bool {
        gtk_string_object_get_string(object).map { String(cString: $0) == gapMarker } ?? false
    }

    private func replace(at position: Int, removing count: Int, with texts: [String]) {
        var cStrings: [UnsafeMutablePointer<CChar>?] = texts.map { strdup($0) }
        cStrings.append(nil)
        cStrings.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { additions in
                gtk_string_list_splice(strings, guint(position), guint(count), additions)
            }
        }
        cStrings.forEach { free($0) }
    }
}
