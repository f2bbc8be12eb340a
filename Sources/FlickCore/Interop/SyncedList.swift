/// A list that is a CalDAV calendar, with what the last sync learnt of the calendar.
public struct SyncedList: Sendable, Equatable {
    public var listID: Int64
    public var name: String
    public var accountID: Int64
    /// The calendar collection's absolute URL.
    public var url: String
    /// The collection's ctag and sync token as last seen: unchanged, nothing changed.
    public var ctag: String?
    public var syncToken: String?
    public var readOnly: Bool
}
