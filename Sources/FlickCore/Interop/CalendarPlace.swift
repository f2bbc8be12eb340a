/// A synced list's place, as the sync of its account's calendar order sees it (schema v13):
/// where Flick shows it is the order these come in.
public struct CalendarPlace: Sendable, Equatable {
    public var listID: Int64
    /// The calendar collection's absolute URL.
    public var url: String
    /// ICAL:calendar-order as the last sync read it; nil when the calendar has none.
    public var serverOrder: Int?
    /// The list's place in the order Flick and the server last agreed on (0 for the first;
    /// only the order of the numbers counts); nil before they ever did. Not the calendar's
    /// calendar-order, which a server may have in any numbers, or not at all: a list the user
    /// moves among calendars without one is told by its place.
    public var agreedOrder: Int?

    public init(listID: Int64, url: String, serverOrder: Int?, agreedOrder: Int?) {
        self.listID = listID
        self.url = url
        self.serverOrder = serverOrder
        self.agreedOrder = agreedOrder
    }
}
