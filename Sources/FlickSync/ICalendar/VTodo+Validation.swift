import Foundation

/// Refusing a VTODO whose values Flick reads cannot be read, with the line at fault, so an
/// import never silently drops a due date or a repeat rule.
extension VTodo {
    /// `usableTimeZones`: the TZIDs of the calendar's VTIMEZONEs that libical can use.
    func validate(usableTimeZones: Set<String>) throws(ICalendarError) {
        for name in ["DUE", "DTSTART", "COMPLETED", "CREATED", "LAST-MODIFIED"] {
            try validateDate(name, usableTimeZones: usableTimeZones)
        }
        if let index = Self.topLevelIndex(of: "RRULE", in: lines) {
            let value = lines[index].content.value
            guard LibicalBridge.isValidRecurrenceRule(value) else {
                throw ICalendarError(line: lines[index].number, kind: .unreadableRepeatRule(value))
            }
        }
        if let index = Self.topLevelIndex(of: "X-APPLE-SORT-ORDER", in: lines) {
            let value = lines[index].content.value
            guard Int64(value.trimmingCharacters(in: .whitespaces)) != nil else {
                throw ICalendarError(line: lines[index].number,
                                     kind: .notAWholeNumber(property: "X-APPLE-SORT-ORDER", value: value))
            }
        }
    }

    private func validateDate(_ name: String, usableTimeZones: Set<String>) throws(ICalendarError) {
        guard let index = Self.topLevelIndex(of: name, in: lines) else { return }
        let line = lines[index].content
        guard let value = DateTimeValue(line) else {
            throw ICalendarError(line: lines[index].number, kind: .unreadableDate(property: name, value: line.value))
        }
        guard case let .zone(tzid) = value.anchor else { return }
        switch resolver.zone(tzid) {
        case .iana?:
            return
        case .defined? where usableTimeZones.contains(tzid):
            return
        default:
            throw ICalendarError(line: lines[index].number, kind: .unknownTimeZone(property: name, tzid: tzid))
        }
    }
}
