/// Where an account's calendars are (RFC 6764, RFC 4791 §6.2.1), and its task calendars.
public struct DiscoveredAccount: Sendable, Equatable {
    public var principalURL: String
    public var homeURL: String
    public var calendars: [DiscoveredCalendar]
}
