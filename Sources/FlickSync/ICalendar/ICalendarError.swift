/// Why a text could not be read as iCalendar, and on which line (1-based, the first physical line
/// of the content line at fault).
public struct ICalendarError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong. Every reason Flick can give is one case, worded in `description`, so the
    /// sentences live in one place (and can be made translatable there).
    public enum Kind: Equatable, Sendable, CustomStringConvertible {
        /// There is nothing but blank lines.
        case empty
        /// The text does not begin with BEGIN:VCALENDAR.
        case notICalendar
        /// The bytes of the line are not UTF-8 text.
        case invalidUTF8
        /// The line holds a NUL byte: no text has one, and the store could not keep it.
        case nulCharacter
        /// A folded continuation line (beginning with a space) with no line before it.
        case continuationWithoutLine
        /// A line with no colon between its name (and parameters) and its value.
        case malformedLine
        /// Something other than another calendar after END:VCALENDAR.
        case textAfterCalendar
        /// BEGIN:VCALENDAR inside a calendar.
        case nestedCalendar
        /// END:`found` where END:`expected` was due.
        case mismatchedEnd(found: String, expected: String)
        /// END:`name` with no component open.
        case endWithoutBegin(String)
        /// The text stops inside component `name`: it was cut short.
        case truncated(insideComponent: String)
        /// A date or date-time Flick reads (DUE, DTSTART, COMPLETED, …) that cannot be read.
        case unreadableDate(property: String, value: String)
        /// A TZID that is neither an IANA zone nor defined by a usable VTIMEZONE in the file.
        case unknownTimeZone(property: String, tzid: String)
        /// An RRULE that libical cannot read.
        case unreadableRepeatRule(String)
        /// A property that must be a whole number (X-APPLE-SORT-ORDER) and is not.
        case notAWholeNumber(property: String, value: String)

        public var description: String {
            switch self {
            case .empty:
                return "The file is empty."
            case .notICalendar:
                return "This is not an iCalendar file: it does not begin with BEGIN:VCALENDAR."
            case .invalidUTF8:
                return "This line is not valid UTF-8 text."
            case .nulCharacter:
                return "This line contains a NUL character, which is not text."
            case .continuationWithoutLine:
                return "This line begins with a space, but there is no line before it to continue."
            case .malformedLine:
                return "This line has no colon between its name and its value."
            case .textAfterCalendar:
                return "There is text after the end of the calendar (END:VCALENDAR)."
            case .nestedCalendar:
                return "A calendar (BEGIN:VCALENDAR) begins inside another calendar."
            case let .mismatchedEnd(found, expected):
                return "END:\(found) does not match the open BEGIN:\(expected)."
            case let .endWithoutBegin(name):
                return "END:\(name) has no matching BEGIN:\(name)."
            case let .truncated(name):
                return "The file ends inside \(name) before its END:\(name): it seems to be cut short."
            case let .unreadableDate(property, value):
                return "The \(property) value “\(value)” is not a date or a date and time."
            case let .unknownTimeZone(property, tzid):
                return "The time zone “\(tzid)” of \(property) is neither a known zone nor defined in the file."
            case let .unreadableRepeatRule(value):
                return "The repeat rule (RRULE) “\(value)” cannot be read."
            case let .notAWholeNumber(property, value):
                return "The \(property) value “\(value)” is not a whole number."
            }
        }
    }

    /// The 1-based line number.
    public let line: Int
    /// What is wrong.
    public let kind: Kind

    public init(line: Int, kind: Kind) {
        self.line = line
        self.kind = kind
    }

    /// What is wrong, in a plain sentence.
    public var reason: String { kind.description }

    public var description: String { "Line \(line): \(reason)" }
}
