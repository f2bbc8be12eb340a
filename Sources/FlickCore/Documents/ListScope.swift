/// What a `ListDocument` shows: one list's top-level items in their order, the subtasks of one
/// of its items, the Today smart list (every open item due on or before a day, from every
/// list, in due order), the Upcoming view's items, or the items that match a search, from
/// every list.
public enum ListScope: Sendable, Equatable {
    case list
    /// The subtasks of the item `parentID`, whose UID they name as their parent; new items
    /// are its subtasks too.
    case subtasks(parentID: Int64, parentUID: String)
    /// New items go to the list `defaultListID`, due `day`.
    case today(day: DueDate, defaultListID: Int64)
    /// The Upcoming view: every open item due before the end of the next two weeks,
    /// from every list; new items go to the list `defaultListID`, due `day`.
    case upcoming(day: DueDate, defaultListID: Int64)
    /// New items go to the list `defaultListID`.
    case search(text: String, defaultListID: Int64)

    public var isToday: Bool {
        if case .today = self { return true }
        return false
    }

    public var isUpcoming: Bool {
        if case .upcoming = self { return true }
        return false
    }

    public var isSearch: Bool {
        if case .search = self { return true }
        return false
    }

    public var isSubtasks: Bool {
        if case .subtasks = self { return true }
        return false
    }

    /// The items are one list's, in their order, taken in from the store as they change: a
    /// list's top level or an item's subtasks.
    public var isOneList: Bool { self == .list || isSubtasks }

    /// The items come from many lists: they are not reordered here, and each keeps its place
    /// in its own list.
    public var spansLists: Bool { !isOneList }
}
