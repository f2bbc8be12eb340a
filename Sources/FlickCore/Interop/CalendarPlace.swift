/// A synced list's place, as the sync of its account's calendar order sees it (schema v13):
/// where Flick shows it is the order these come in.
public struct CalendarPlace: Sendable, Equatable {
    public var listID: Int64
    /// The calendar collection's absolute URL.
    public var url: String
    /// ICAL:calendar-order as the last sync read it; nil when the calendar has none.
    public var serverOrder: Int?
    /// The calendar-order Flick and the server last agreed on; nil before they ever did.
    public var agreedOrder: Int?

    public init(listID: Int64, url: String, serverOrder: Int?, agreedOrder: Int?) {
        self.listID = listID
        self.url = url
        self.serverOrder = serverOrder
        self.agreedOrder = agreedOrder
    }
}
