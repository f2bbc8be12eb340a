/// A calendar of an account that holds tasks (VTODO), as discovery found it.
public struct DiscoveredCalendar: Sendable, Equatable {
    /// The collection's absolute URL.
    public var url: String
    public var name: String
    public var color: String?
    /// The user may not write to it.
    public var readOnly: Bool
}
