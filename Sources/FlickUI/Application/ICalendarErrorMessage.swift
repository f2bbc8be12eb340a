import FlickSync

/// Why a file is not iCalendar Flick can read, in the user's language (FlickSync's own
/// sentences are English, for logs and tests).
enum ICalendarErrorMessage {
    static func text(_ kind: ICalendarError.Kind) -> String {
        switch kind {
        case .empty:
            return tr("The file is empty.")
        case .notICalendar:
            return tr("It does not begin with BEGIN:VCALENDAR, as iCalendar files do.")
        case .invalidUTF8:
            return tr("This line is not valid UTF-8 text.")
        case .nulCharacter:
            return tr("This line contains a NUL character, which is not text.")
        case .continuationWithoutLine:
            return tr("This line begins with a space, but there is no line before it to continue.")
        case .malformedLine:
            return tr("This line has no colon between its name and its value.")
        case .textAfterCalendar:
            return tr("There is text after the end of the calendar (END:VCALENDAR).")
        case .nestedCalendar:
            return tr("A calendar (BEGIN:VCALENDAR) begins inside another calendar.")
        case let .mismatchedEnd(found, expected):
            return tr("END:{found} does not match the open BEGIN:{expected}.", ["found": shortened(found), "expected": expected])
        case let .endWithoutBegin(name):
            return tr("END:{name} has no matching BEGIN:{name}.", ["name": shortened(name)])
        case let .truncated(name):
            return tr("The file ends inside {name} before its END:{name}: it seems to be cut short.", ["name": shortened(name)])
        case let .unreadableDate(property, value):
            return tr("The {property} value “{value}” is not a date or a date and time.",
                      ["property": property, "value": shortened(value)])
        case let .unknownTimeZone(property, tzid):
            return tr("The time zone “{zone}” of {property} is neither a known zone nor defined in the file.",
                      ["property": property, "zone": shortened(tzid)])
        case let .unreadableRepeatRule(value):
            return tr("The repeat rule (RRULE) “{value}” cannot be read.", ["value": shortened(value)])
        case let .notAWholeNumber(property, value):
            return tr("The {property} value “{value}” is not a whole number.", ["property": property, "value": shortened(value)])
        }
    }

    /// A value from the file as it is quoted in a message: on one line, control characters
    /// shown as "�", and cut at 60 characters (a broken file's line can be megabytes long).
    static func shortened(_ value: String) -> String {
        let visible = String(value.unicodeScalars.map { $0.properties.generalCategory == .control ? "\u{FFFD}" : Character($0) })
        return visible.count > 60 ? visible.prefix(60) + "…" : visible
    }
}
