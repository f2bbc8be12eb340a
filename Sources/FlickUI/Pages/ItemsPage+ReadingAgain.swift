import FlickCore

/// When what the page shows must be read again rather than taken in change by change: Today
/// and a search gather their items by a query, and a list can be deleted under the page (a
/// sync, another program, the overview). A list still there takes changes in place
/// (`storeItemsChanged`) and keeps its undo history.
extension ItemsPage {
    /// Reads the page's list (or Today, or the search) again: a sync or the overview changed
    /// what its query gathers. A subtask page takes in changes itself and is never read again.
    func readAgain() {
        var read: (document: ListDocument, entries: [UpcomingEntry]?)?
        host.runner.refresh { read = try self.screen.readAgain(in: self.host.store) }
        if let read { showReadAgain(read.document, agenda: read.entries) }
        host.pageChanged()
    }

    /// Whether the page must be read again after others wrote to the store: Today and a search
    /// always, a list when it is gone. Subtasks take every change in themselves.
    func needsReadingAgain() -> Bool {
        screen.needsReadingAgain { listStillExists }
    }

    private var listStillExists: Bool {
        (try? host.store.lists().contains { $0.id == document.list.id }) ?? true
    }

    /// The list level always holds a list's items: when the list this page holds is gone
    /// (deleted, or its creation undone), the first list's page takes its place. Otherwise New
    /// Item, `flick --add` and app.add-item would write to a list that no longer exists, and fail.
    func holdAnotherList(ifGone removedID: Int64, lists: ListsDocument) {
        guard removedID == document.list.id, lists.index(of: removedID) == nil,
              let first = lists.summaries.first?.list.id else { return }
        host.put(.list(first), inPlaceOf: self)
    }
}
