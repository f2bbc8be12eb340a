import FlickCore

/// Where the window can go, as a value: what a click, a key, a pull or a search result asks
/// for, and what Retry asks for again when reading the place failed (`MainWindow.go(to:)`).
/// A page says which one it shows (`Page.destination`), so going back to it (a carry put
/// back, Alt+Right) is going there again.
package enum Destination: Equatable {
    /// The lists overview, at the bottom of the stack.
    case overview
    /// A list's items, one level below the overview.
    case list(Int64)
    /// What is due today or before, from every list, in place of a list.
    case today
    /// The next two weeks, day by day, from every list, in place of a list.
    case upcoming
    /// An item's subtasks, one level below the page shown; `title` is the item's,
    /// for the header.
    case subtasks(of: Int64, titled: String)
    /// A search's result: its list opened, with the item focused at its own level.
    case searchResult(Int64, inList: Int64)

    /// What going here shows, read from the store (nil: nothing to show, the window stays): a
    /// fresh page, made from what was read (Today and Upcoming can be shown again by the page
    /// that shows them already: `DestinationScreen`). A new kind of screen says it here, beside
    /// its case, and the window places it (`MainWindow.go(to:)`). The overview is the stack's bottom page,
    /// gone up to; a search's result is its list's screen, which the window shows once the
    /// search has ended.
    @MainActor
    func screen(in store: TodoStore, lists: ListsDocument, host: any PageHost) throws -> DestinationScreen? {
        switch self {
        case let .list(id):
            // A list deleted meanwhile reads as another (`TodoStore.document`): nothing opens.
            guard let opened = try store.document(listID: id), opened.list.id == id else { return nil }
            return .listLevel { ItemsPage(document: opened, screen: ListScreen(), lists: lists, host: host) }
        case .today:
            guard let today = try store.todayDocument(day: DueDate.today()) else { return nil }
            return .listLevel(make: { ItemsPage(document: today, screen: TodayScreen(), lists: lists, host: host) },
                              showAgain: { Self.show(today, again: $0) })
        case .upcoming:
            guard let read = try store.upcoming(day: DueDate.today()) else { return nil }
            return .listLevel(make: {
                ItemsPage(document: read.document, screen: UpcomingScreen(), agenda: read.entries, lists: lists, host: host)
            }, showAgain: { Self.show(read.document, agenda: read.entries, again: $0) })
        case let .subtasks(itemID, title):
            guard let document = try store.subtaskDocument(parentID: itemID) else { return nil }
            let screen = SubtasksScreen(parentID: itemID, parentTitle: title)
            return .below { ItemsPage(document: document, screen: screen, lists: lists, host: host) }
        case let .searchResult(_, listID):
            return try Destination.list(listID).screen(in: store, lists: lists, host: host)
        case .overview:
            return nil
        }
    }

    /// Shows `document` (and Upcoming's `agenda`) read again in `page`, the list level's page of
    /// this destination, which the window built as an `ItemsPage`; false if it is not one.
    @MainActor
    private static func show(_ document: ListDocument, agenda: [UpcomingEntry]? = nil, again page: any Page) -> Bool {
        guard let page = page as? ItemsPage else { return false }
        page.showReadAgain(document, agenda: agenda)
        return true
    }
}
