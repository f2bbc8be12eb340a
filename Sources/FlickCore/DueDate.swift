import Foundation

/// When an item is due (DESIGN 3): a date without a time or zone, or a date and a wall-clock
/// time in an IANA time zone. It is kept as the user said it, never as an instant, so a
/// daylight-saving change moves nothing.
public struct DueDate: Sendable, Equatable, Hashable {
    public var year: Int
    public var month: Int
    public var day: Int
    /// The time of day, or nil for a date alone.
    public var hour: Int?
    public var minute: Int?
    /// The IANA zone of a date-time (nil for a date alone).
    public var timeZone: String?

    public init(year: Int, month: Int, day: Int, hour: Int? = nil, minute: Int? = nil, timeZone: String? = nil) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.timeZone = hour == nil ? nil : timeZone
    }

    public var hasTime: Bool { hour != nil }

    /// The instant a date-time stands for, in its zone; nil for a date alone or an unknown zone.
    public var instant: Date? {
        guard let hour, let zoneName = timeZone, let zone = TimeZone(identifier: zoneName) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute ?? 0))
    }
}
