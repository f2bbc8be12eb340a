@preconcurrency import CGtk
import FlickCore

/// The open list's items as the level of the window's item gesture list: what each row shows
/// and what the gestures do to the items.
extension MainWindow: GestureListLevel {
    var rowCount: Int { document.items.count }

    var rowIDs: [Int64] { document.items.compactMap(\.id) }

    func rowID(at index: Int) -> Int64? {
        document.items.indices.contains(index) ? document.items[index].id : nil
    }

    func rowIndex(of id: Int64) -> Int? {
        document.index(of: id)
    }

    /// The heat map spans the open items only (DESIGN 2.7): an open item's colour is its place
    /// among them.
    func content(ofRowAt index: Int, drawnAt position: Int, of count: Int) -> RowContent {
        let item = document.items[index]
        let heat = openItemPlaces.places[index]
        let title = item.title.isEmpty ? tr("New item") : item.title
        let state = item.isCompleted ? tr("completed") : tr("not completed")
        return RowContent(title: title, titleIsPlaceholder: item.title.isEmpty,
                          doneClass: item.isCompleted ? "completed" : nil,
                          heatClass: item.isCompleted ? nil : HeatMapStyle.className(position: heat, count: openItemPlaces.count),
                          accessibleName: tr("{title}, {state}", ["title": title, "state": state]),
                          isCompleted: item.isCompleted)
    }

    func editableTitle(of id: Int64) -> String? {
        document.item(id)?.title
    }

    func swipedRight(_ id: Int64) {
        toggle(id)
    }

    /// Completed items stay below the open ones (DESIGN 2.7): they are not lifted.
    func canLift(_ id: Int64) -> Bool {
        document.item(id).map { !$0.isCompleted } ?? false
    }

    func moveRow(_ id: Int64, to index: Int) {
        move(id, to: index)
    }

    func activate(_ id: Int64) -> Bool {
        false  // Enter edits the item.
    }

    /// A spread inserts between items.
    var spreadOpensRow: Bool { false }

    func commitTitle(_ title: String, of id: Int64) -> Bool {
        guard !title.isEmpty else {
            // An empty title removes the item, with Undo, as Delete does.
            itemList.endEdit()
            delete(id)
            return true
        }
        return perform(retry: { [weak self] in self?.itemList.commitCurrentEdit() }) {
            try self.document.rename(id, to: title)
        }
    }

    func commitNewRow(titled title: String, at index: Int) -> Int64? {
        var created: TodoItem?
        perform(retry: { [weak self] in self?.itemList.commitCurrentEdit() }) {
            created = try self.document.insert(title: title, at: index)
        }
        return created?.id
    }

    func rowCountChanged() {
        updateEmptyState()
        updateClearCompletedAction()
    }
}

/// The items' pulls: a long pull down goes up to the lists, a pull up clears the completed items.
extension MainWindow: EdgePullTarget {
    var pullDownGoesUp: Bool { true }

    var completedCount: Int? {
        document.items.lazy.filter(\.isCompleted).count
    }

    func pullGoesUp() {
        showOverview()
    }

    func pullClearsCompleted() {
        clearCompleted()
    }
}
