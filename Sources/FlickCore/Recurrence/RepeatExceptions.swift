/// The dates a repeating task's series has beside its rule (RFC 5545 §3.8.5.1-2): EXDATE takes
/// an occurrence out (jtx Board and Thunderbird write one for an occurrence deleted from a
/// series), RDATE adds one the rule does not name. Both come from other clients; Flick's own
/// editor writes neither, and keeps them in the item's text (`item.ical`) as they came.
///
/// Each date is kept as the task's due date is: a date alone, or a wall-clock time in the due
/// date's zone (`LibicalExceptionDates` turns a UTC or another zone's time into it).
public struct RepeatExceptions: Sendable, Equatable {
    /// EXDATE: occurrences the series does not have.
    public var excluded: [DueDate]
    /// RDATE: occurrences the series has though its rule does not name them.
    public var added: [DueDate]

    public static let none = RepeatExceptions(excluded: [], added: [])

    public init(excluded: [DueDate], added: [DueDate]) {
        self.excluded = excluded
        self.added = added
    }

    /// The EXDATE and RDATE of the task whose text is `ical`, for a series due like `due`. Reads
    /// the text only when it names one: most repeating tasks have neither.
    public init(ical: String?, like due: DueDate) {
        guard let ical, ical.contains("EXDATE") || ical.contains("RDATE") else {
            self = .none
            return
        }
        self = LibicalExceptionDates.read(from: ical, like: due)
    }

    public var isEmpty: Bool { excluded.isEmpty && added.isEmpty }

    /// Whether an EXDATE takes out the occurrence at `occurrence`: the same wall-clock time on the
    /// same day, or the same day where either is a date alone (a DATE EXDATE beside a timed DUE,
    /// as some clients write it, still names that day's occurrence).
    public func excludes(_ occurrence: DueDate) -> Bool {
        excluded.contains { Self.isSameOccurrence($0, occurrence) }
    }

    static func isSameOccurrence(_ one: DueDate, _ other: DueDate) -> Bool {
        guard one.hasTime, other.hasTime else { return one.dayNumber == other.dayNumber }
        return one.dayNumber == other.dayNumber && one.minutesAfterMidnight == other.minutesAfterMidnight
    }
}
