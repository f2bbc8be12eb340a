@preconcurrency import CGtk
import FlickCore

/// The GListModel behind the list view: a GtkStringList of item ids kept in step with a
/// ListDocument, wrapped in a single selection whose selected row is the focused item. At
/// most one placeholder row (a pinch's gap, or a new item being typed) sits among the items.
@MainActor
final class ItemListModel {
    let strings: OpaquePointer
    let selection: OpaquePointer
    /// The placeholder row and its position in the list view, if there is one.
    private(set) var placeholder: (kind: PlaceholderRow, position: Int)?

    /// The selection holds its own reference to the strings; whoever shows the model takes
    /// the selection's first reference (`gtk_list_view_new` does) or releases it.
    init(ids: [Int64]) {
        strings = gtk_string_list_new(nil)
        selection = gtk_single_selection_new(g_object_ref(UnsafeMutableRawPointer(strings)).map(OpaquePointer.init))
        replace(at: 0, removing: 0, with: ids.map(String.init))
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(strings))
    }

    /// Where the pinch's gap row is, while a pinch holds it open.
    var gapPosition: Int? {
        placeholder?.kind == .gap ? placeholder?.position : nil
    }

    /// The selected row's position among the items (a placeholder row not counted), if any.
    var selectedPosition: Int? {
        let position = gtk_single_selection_get_selected(selection)
        guard position != GTK_INVALID_LIST_POSITION else { return nil }
        if let placeholder, Int(position) >= placeholder.position {
            return Int(position) == placeholder.position ? nil : Int(position) - 1
        }
        return Int(position)
    }

    /// The list view position of the item at `index` of the document.
    func rowPosition(ofItemAt index: Int) -> Int {
        guard let placeholder, index >= placeholder.position else { return index }
        return index + 1
    }

    /// The index in the document of the item at list view `position` (nil for the placeholder).
    func itemIndex(atRowPosition position: Int) -> Int? {
        guard let placeholder, position >= placeholder.position else { return position }
        return position == placeholder.position ? nil : position - 1
    }

    func select(_ index: Int) {
        gtk_single_selection_set_selected(selection, guint(rowPosition(ofItemAt: index)))
    }

    func selectPlaceholder() {
        if let placeholder { gtk_single_selection_set_selected(selection, guint(placeholder.position)) }
    }

    /// Shows a placeholder row at `position` (a boundary between items), in place of any other.
    func showPlaceholder(_ kind: PlaceholderRow, at position: Int) {
        if let placeholder, placeholder.kind == kind, placeholder.position == position { return }
        hidePlaceholder()
        // Recorded first: the list view may bind the new row during the splice (it does when
        // the list was empty), and the bind asks where the placeholder is.
        placeholder = (kind, position)
        replace(at: position, removing: 0, with: [kind.rawValue])
    }

    func hidePlaceholder() {
        guard let position = placeholder?.position else { return }
        placeholder = nil
        replace(at: position, removing: 1, with: [])
    }

    /// Follows a change of the document. A placeholder row goes first: positions in `change`
    /// are the document's.
    func apply(_ change: ListChange, ids: [Int64]) {
        hidePlaceholder()
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

    /// Moves a row of the list view without a change of the document (a lifted row making
    /// its way); whoever does it moves it back before the document changes.
    func moveRow(from: Int, to: Int) {
        guard from != to, placeholder == nil, let object = g_list_model_get_item(strings, guint(from)) else { return }
        let id = gtk_string_object_get_string(OpaquePointer(object)).map { String(cString: $0) } ?? ""
        g_object_unref(object)
        let wasSelected = Int(gtk_single_selection_get_selected(selection)) == from
        replace(at: from, removing: 1, with: [])
        replace(at: to, removing: 0, with: [id])
        if wasSelected { gtk_single_selection_set_selected(selection, guint(to)) }
    }

    static func id(of object: OpaquePointer) -> Int64? {
        guard let string = gtk_string_object_get_string(object) else { return nil }
        return Int64(String(cString: string))
    }

    static func placeholderKind(of object: OpaquePointer) -> PlaceholderRow? {
        gtk_string_object_get_string(object).flatMap { PlaceholderRow(rawValue: String(cString: $0)) }
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
