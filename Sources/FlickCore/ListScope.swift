/// What a `ListDocument` shows: one list's items in their order, or the Today smart list
/// (issue 9): every open item due on or before a day, from every list, in due order.
public enum ListScope: Sendable, Equatable {
    case list
    /// New items go to the list `defaultListID`, due `day`; items are not reordered here.
    case today(day: DueDate, defaultListID: Int64)

    public var isToday: Bool {
        if case .today = self { return true }
        return false
    }
}
