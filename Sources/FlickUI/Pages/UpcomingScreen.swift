import FlickCore

/// The next two weeks, day by day, from every list, in place of a list: its rows are its
/// agenda's (days' headings, the items under them, later occurrences), which are not selected.
struct UpcomingScreen: ItemsScreen {
    func title(of document: ListDocument) -> String { tr("Upcoming") }

    /// Upcoming always shows its days' headings, where an item can be dropped.
    func emptyText(of document: ListDocument) -> String? { nil }

    func destination(of document: ListDocument) -> Destination? { .upcoming }

    var rowsCanBeSelected: Bool { false }

    /// Made from `entries` read with the document or, without them, read now (nil when that
    /// read failed).
    func agenda(of document: ListDocument, from entries: [UpcomingEntry]?, in store: TodoStore) -> UpcomingAgenda? {
        if let entries, case let .upcoming(day, _) = document.scope { return UpcomingAgenda(entries: entries, today: day) }
        return try? ItemsPage.agenda(of: document, in: store)
    }

    func readAgain(in store: TodoStore) throws -> (document: ListDocument, entries: [UpcomingEntry]?)? {
        try store.upcoming(day: DueDate.today()).map { ($0.document, $0.entries) }
    }

    /// Its days begin a day later.
    var readsAgainOnANewDay: Bool { true }
}
