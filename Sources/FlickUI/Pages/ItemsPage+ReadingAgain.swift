import FlickCore

/// When what the page shows must be read again rather than taken in change by change: Today
/// and a search gather their items by a query, and a list can be deleted under the page (a
/// sync, another program, the overview). A list still there takes changes in place
/// (`storeItemsChanged`) and keeps its undo history.
extension ItemsPage {
    /// Reads the page's list (or Today, or the search) again: a sync or the overview changed
    /// what its query gathers. A subtask page takes in changes itself and is never read again.
    func readAgain() {
        var reopened: ListDocument?
        var agenda: [UpcomingEntry]?
        switch document.scope {
        case .today: host.runner.refresh { reopened = try self.host.store.todayDocument(day: DueDate.today()) }
        case .upcoming:
            host.runner.refresh {
                let read = try self.host.store.upcoming(day: DueDate.today())
                (reopened, agenda) = (read?.document, read?.entries)
            }
        case let .search(text, _): host.runner.refresh { reopened = try self.host.store.searchDocument(text: text) }
        case .subtasks: return
        case .list:
            guard let id = document.list.id else { return }
            host.runner.refresh { reopened = try self.host.store.document(listID: id) }
            if reopened?.list.id != id { reopened = nil }
        }
        if let reopened { showReadAgain(reopened, agenda: agenda) }
        host.pageChanged()
    }

    /// Whether the page must be read again after others wrote to the store: Today and a search
    /// when items may have changed (`itemsMayHaveChanged`), a list when it is gone. Subtasks
    /// take every change in themselves.
    func needsReadingAgain(itemsMayHaveChanged: Bool) -> Bool {
        switch document.scope {
        case .list: !listStillExists
        case .subtasks: false
        case .today, .upcoming, .search: itemsMayHaveChanged
        }
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
