/// What a `ListDocument` shows: one list's items in their order, the Today smart list (issue 9:
/// every open item due on or before a day, from every list, in due order), or the items that
/// match a search, from every list.
public enum ListScope: Sendable, Equatable {
    case list
    /// New items go to the list `defaultListID`, due `day`.
    case today(day: DueDate, defaultListID: Int64)
    /// New items go to the list `defaultListID`.
    case search(text: String, defaultListID: Int64)

    public var isToday: Bool {
        if case .today = self { return true }
        return false
    }

    public var isSearch: Bool {
        if case .search = self { return true }
        return false
    }

    /// The items come from many lists: they are not reordered here, and each keeps its place
    /// in its own list.
    public var spansLists: Bool { self != .list }
}
