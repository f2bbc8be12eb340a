@preconcurrency import CGtk
import FlickCore

/// The lists overview: every list as a heat-map row with its number of unfinished items.
/// Clicking a row or pressing Enter opens the list (`onOpen`); the window handles everything
/// else through its actions. The page follows `document`'s changes row by row.
@MainActor
final class ListsPage {
    let root: UnsafeMutablePointer<GtkWidget>
    let listView: UnsafeMutablePointer<GtkWidget>
    private(set) var document: ListsDocument
    private let model: ItemListModel
    private var rowsByListItem: [OpaquePointer: ListRowWidget] = [:]
    private var boundRows: [Int64: ListRowWidget] = [:]
    /// Opens the list with this id.
    var onOpen: ((Int64) -> Void)?

    init(document: ListsDocument) {
        self.document = document
        model = ItemListModel(ids: document.summaries.compactMap(\.list.id))
        listView = gtk_list_view_new(model.selection, nil)
        root = gtk_scrolled_window_new()
        gtk_list_view_set_factory(OpaquePointer(listView), makeFactory())
        Widgets.addClass(listView, "flick-list")
        Widgets.setAccessibleLabel(listView, tr("Lists"))
        gtk_scrolled_window_set_policy(OpaquePointer(root), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(OpaquePointer(root), listView)
        gtk_widget_set_vexpand(root, 1)
        Signal.connectUInt(listView.raw, "activate") { [weak self] position in
            guard let self, Int(position) < self.document.summaries.count else { return }
            self.onOpen?(self.document.summaries[Int(position)].list.id!)
        }
        document.onChange = { [weak self] change in self?.documentChanged(change) }
    }

    /// The list of the selected row.
    var focusedListID: Int64? {
        guard let position = model.selectedPosition, position < document.summaries.count else { return nil }
        return document.summaries[position].list.id
    }

    /// Selects the list's row, scrolls to it and gives it the keyboard focus.
    func focus(_ listID: Int64) {
        guard let index = document.index(of: listID) else { return }
        model.select(index)
        gtk_widget_activate_action_variant(listView, "list.scroll-to-item", g_variant_new_uint32(guint(index)))
        gtk_widget_grab_focus(listView)
    }

    /// Reads the unfinished counts again: a list's items changed while it was open.
    func refreshCounts() throws {
        try document.refreshCounts()
    }

    private func documentChanged(_ change: ListChange) {
        model.apply(change, ids: document.summaries.compactMap(\.list.id))
        // Positions may have changed, and with them every row's heat colour.
        for (id, row) in boundRows { refresh(row, id: id) }
    }

    private func makeFactory() -> OpaquePointer {
        let factory = gtk_signal_list_item_factory_new()!
        let raw = UnsafeMutableRawPointer(factory)
        Signal.connectObject(raw, "setup") { [weak self] listItem in
            let row = ListRowWidget()
            self?.rowsByListItem[listItem] = row
            gtk_list_item_set_child(listItem, row.root)
        }
        Signal.connectObject(raw, "bind") { [weak self] listItem in
            guard let self, let row = self.rowsByListItem[listItem], let object = gtk_list_item_get_item(listItem),
                  let id = ItemListModel.id(of: OpaquePointer(object)) else { return }
            self.boundRows[id] = row
            self.refresh(row, id: id)
        }
        Signal.connectObject(raw, "unbind") { [weak self] listItem in
            guard let self, let row = self.rowsByListItem[listItem] else { return }
            if let id = row.listID, self.boundRows[id] === row { self.boundRows[id] = nil }
            row.unbind()
        }
        Signal.connectObject(raw, "teardown") { [weak self] listItem in
            self?.rowsByListItem[listItem] = nil
        }
        return factory
    }

    private func refresh(_ row: ListRowWidget, id: Int64) {
        guard let index = document.index(of: id) else { return }
        row.show(document.summaries[index], position: index, rows: document.summaries.count)
    }
}
