import FlickCore

/// What is due today or before, from every list, in due order, in place of a list.
struct TodayScreen: ItemsScreen {
    func title(of document: ListDocument) -> String { tr("Today") }

    func emptyText(of document: ListDocument) -> String? { tr("Nothing due today.") }

    func destination(of document: ListDocument) -> Destination? { .today }

    func readAgain(in store: TodoStore) throws -> (document: ListDocument, entries: [UpcomingEntry]?)? {
        try store.todayDocument(day: DueDate.today()).map { ($0, nil) }
    }

    /// Today's items are those due by the new day, which a new item typed there is due on
    /// (Planify #2173: typed after midnight on the Today of the day before, it was overdue at once).
    var readsAgainOnANewDay: Bool { true }
}
