import FlickCore

/// Which screen a page of items is, and all that differs between them: a list's items, an
/// item's subtasks, Today, Upcoming or a search's results. The page asks its screen (its title,
/// what it says when empty, whether rows are selected, sorted or gathered from every list, how
/// it is read again) and never which kind it is, so a new screen of items is one type here and
/// one `Destination` case.
@MainActor
protocol ItemsScreen {
    /// What the header says: the list's name, the item's title, Today.
    func title(of document: ListDocument) -> String
    /// What the page says while it has no rows; nil where it always has some (Upcoming's days).
    func emptyText(of document: ListDocument) -> String?
    /// What the header's + button (Ctrl+N) makes here.
    var newRowLabel: String { get }
    /// What the list says it is to a screen reader ("Items", "Subtasks of Plan the trip").
    var listName: String { get }
    /// Where this screen is, as a place to go again; nil for a search's results, which the
    /// search bar brings.
    func destination(of document: ListDocument) -> Destination?
    /// Whether the rows are one list's in their own order (a list's items, an item's
    /// subtasks): sorted, reordered, opened by a spread and taken in change by change. The
    /// others gather them from every list by a query, each row saying its list.
    var isOneList: Bool { get }
    /// Whether rows can be selected; Upcoming's are days' headings and occurrences too.
    var rowsCanBeSelected: Bool { get }
    /// Whether Enter on a row opens it in its list rather than editing its title.
    var activateOpensInList: Bool { get }
    /// Upcoming's rows: its agenda of `document`'s items, made from `entries` read with it or
    /// read now; nil on the other screens, whose rows are their items.
    func agenda(of document: ListDocument, from entries: [UpcomingEntry]?, in store: TodoStore) -> UpcomingAgenda?
    /// The screen's items read again, and the agenda's entries read with them; nil where the
    /// screen takes changes in itself (a list, subtasks).
    func readAgain(in store: TodoStore) throws -> (document: ListDocument, entries: [UpcomingEntry]?)?
    /// Whether a new day changes which items are shown (Today, Upcoming): read again then.
    var readsAgainOnANewDay: Bool { get }
    /// Whether the page must be read again after others wrote to the store: a query always,
    /// a list when it is gone.
    func needsReadingAgain(listStillExists: () -> Bool) -> Bool
    /// Whether the page follows a writer's end (a sync, an import), reading again or its
    /// list's name; subtasks took its commits in and are titled after their item.
    var followsWritersEnd: Bool { get }
    /// Whether the page is a list's, which the first list's page replaces when it is gone.
    var isReplacedWhenItsListGoes: Bool { get }
}

/// What most screens of items do.
extension ItemsScreen {
    var newRowLabel: String { tr("New Item") }
    var listName: String { tr("Items") }
    var isOneList: Bool { false }
    var rowsCanBeSelected: Bool { true }
    var activateOpensInList: Bool { false }
    func agenda(of document: ListDocument, from entries: [UpcomingEntry]?, in store: TodoStore) -> UpcomingAgenda? { nil }
    func readAgain(in store: TodoStore) throws -> (document: ListDocument, entries: [UpcomingEntry]?)? { nil }
    var readsAgainOnANewDay: Bool { false }
    func needsReadingAgain(listStillExists: () -> Bool) -> Bool { true }
    var followsWritersEnd: Bool { true }
    var isReplacedWhenItsListGoes: Bool { false }
}
