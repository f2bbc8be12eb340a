import Foundation

/// When an item reminds its user: a number of minutes before its due time, or a wall-clock
/// time of its own. Kept as the user chose it, so moving the due date moves a reminder tied to
/// it, and a daylight-saving change moves neither.
public enum Reminder: Sendable, Equatable, Hashable {
    /// Minutes before the due time; 0 is at the due time.
    case beforeDue(minutes: Int)
    /// A date and time of its own (a `DueDate` with a time and zone).
    case at(DueDate)

    /// The hour a reminder tied to a date without a time fires on that day.
    public static let dateOnlyHour = 9

    /// The instant the reminder fires, for an item due at `due`; nil when it cannot fire (tied to
    /// the due time of an item without a due date). A date-only due date fires on the day at
    /// `dateOnlyHour`, in `localZone`.
    public func fireDate(due: DueDate?, localZone: TimeZone) -> Date? {
        switch self {
        case let .beforeDue(minutes):
            guard let due else { return nil }
            guard let start = Self.instant(of: due, localZone: localZone) else { return nil }
            return start.addingTimeInterval(TimeInterval(-minutes * 60))
        case let .at(time):
            return Self.instant(of: time, localZone: localZone)
        }
    }

    /// Whether it fires by the machine's clock, wherever the machine is: a time without a zone,
    /// or a date alone (`dateOnlyHour`), its own or its item's due date's. A new zone moves it.
    public func followsLocalClock(due: DueDate?) -> Bool {
        switch self {
        case .beforeDue: due.map(Self.isOnLocalClock) ?? false
        case let .at(time): Self.isOnLocalClock(time)
        }
    }

    private static func isOnLocalClock(_ date: DueDate) -> Bool {
        date.instant == nil
    }

    private static func instant(of date: DueDate, localZone: TimeZone) -> Date? {
        if let instant = date.instant { return instant }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = date.timeZone.flatMap(TimeZone.init(identifier:)) ?? localZone
        return calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day,
                                                  hour: date.hour ?? dateOnlyHour, minute: date.minute ?? 0))
    }

    // MARK: Stored form

    /// The text the database keeps: "before:15", or "at:20261203:480:Europe/Berlin".
    public var storedText: String {
        switch self {
        case let .beforeDue(minutes):
            return "before:\(minutes)"
        case let .at(time):
            return "at:\(time.dayNumber):\(time.minutesAfterMidnight ?? 0):\(time.timeZone ?? "")"
        }
    }

    /// Reads `storedText`; nil for text it does not recognise.
    public init?(storedText: String) {
        let parts = storedText.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
        switch parts.first {
        case "before" where parts.count == 2:
            guard let minutes = Int(parts[1]), abs(minutes) <= 525_600 else { return nil }
            self = .beforeDue(minutes: minutes)
        case "at" where parts.count == 4:
            guard let day = Int32(parts[1]), let minute = Int(parts[2]),
                  let time = DueDate(dayNumber: day, minuteOfDay: minute, timeZone: parts[3].isEmpty ? nil : parts[3])
            else { return nil }
            self = .at(time)
        default:
            return nil
        }
    }
}
