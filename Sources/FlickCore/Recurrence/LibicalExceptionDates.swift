import CLibical
import Foundation

/// A task's EXDATE and RDATE values read by libical from its stored text (`RepeatExceptions`):
/// libical unfolds the lines, splits a list of values (`EXDATE:20260302,20260309`) and reads
/// each value's TZID.
enum LibicalExceptionDates {
    /// The exceptions of the series in `ical` (a VCALENDAR with the task, and perhaps its changed
    /// occurrences, `RECURRENCE-ID`), as dates like `due`. Text libical cannot read has none.
    static func read(from ical: String, like due: DueDate) -> RepeatExceptions {
        LibicalAccess.serialized { () -> RepeatExceptions in
            guard let root = icalcomponent_new_from_string(ical) else { return .none }
            defer { icalcomponent_free(root) }
            guard let task = series(in: root) else { return .none }
            let excluded = values(ICAL_EXDATE_PROPERTY, of: task) { icalproperty_get_exdate($0) }
            // An RDATE may be a period (VALUE=PERIOD); its start is the occurrence.
            let added = values(ICAL_RDATE_PROPERTY, of: task) { property -> icaltimetype in
                let value = icalproperty_get_rdate(property)
                return icaltime_is_null_time(value.time) == 0 ? value.time : value.period.start
            }
            return RepeatExceptions(excluded: excluded.compactMap { dueDate(of: $0, like: due) },
                                    added: added.compactMap { dueDate(of: $0, like: due) })
        }
    }

    /// The VTODO that holds the series: the one without a RECURRENCE-ID.
    private static func series(in root: OpaquePointer) -> OpaquePointer? {
        if icalcomponent_isa(root) == ICAL_VTODO_COMPONENT { return root }
        var task = icalcomponent_get_first_component(root, ICAL_VTODO_COMPONENT)
        while let found = task {
            if icalcomponent_get_first_property(found, ICAL_RECURRENCEID_PROPERTY) == nil { return found }
            task = icalcomponent_get_next_component(root, ICAL_VTODO_COMPONENT)
        }
        return nil
    }

    private static func values(_ kind: icalproperty_kind, of task: OpaquePointer,
                               _ value: (OpaquePointer) -> icaltimetype) -> [(time: icaltimetype, zone: String?)] {
        var found: [(time: icaltimetype, zone: String?)] = []
        var property = icalcomponent_get_first_property(task, kind)
        while let current = property {
            let zone = icalproperty_get_first_parameter(current, ICAL_TZID_PARAMETER)
                .flatMap { icalparameter_get_tzid($0) }.map { String(cString: $0) }
            found.append((value(current), zone))
            property = icalcomponent_get_next_property(task, kind)
        }
        return found
    }

    /// A value as a date like `due`: a date alone stays one; a UTC time, or one in an IANA zone
    /// other than the due date's, becomes the wall clock of the due date's zone at that instant;
    /// a floating time, or one in a zone Flick cannot name (a VTIMEZONE of its own), is read as
    /// the due date's wall clock. A floating due date's zone is the machine's.
    private static func dueDate(of value: (time: icaltimetype, zone: String?), like due: DueDate) -> DueDate? {
        let time = value.time
        guard icaltime_is_null_time(time) == 0, (1...12).contains(time.month), (1...31).contains(time.day) else { return nil }
        let year = Int(time.year), month = Int(time.month), day = Int(time.day)
        if time.is_date != 0 { return DueDate(year: year, month: month, day: day) }
        let wallClock = DueDate(year: year, month: month, day: day, hour: Int(time.hour), minute: Int(time.minute),
                                timeZone: due.timeZone)
        let source = icaltime_is_utc(time) != 0 ? TimeZone(identifier: "UTC") : value.zone.flatMap(TimeZone.init(identifier:))
        let target = due.timeZone.flatMap(TimeZone.init(identifier:)) ?? TimeZone.current
        guard let source, source != target,
              let instant = DueDate(year: year, month: month, day: day, hour: Int(time.hour), minute: Int(time.minute),
                                    timeZone: source.identifier).instant else { return wallClock }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = target
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        return DueDate(year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour, minute: parts.minute,
                       timeZone: due.timeZone)
    }
}
