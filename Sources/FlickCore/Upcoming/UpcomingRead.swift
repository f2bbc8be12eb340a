/// Upcoming as one read gives it (`TodoStore.upcoming(day:)`): the document of its items and
/// the entries its agenda is made of, taken from the same items.
public struct UpcomingRead {
    public let document: ListDocument
    public let entries: [UpcomingEntry]
}
