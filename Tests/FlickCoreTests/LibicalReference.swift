import CLibical
@testable import FlickCore

/// libical's own expansion of a rule, called as its documentation shows (a DTSTART, then
/// `icalrecur_iterator_next` until a null time), for the differential test: the answer every
/// libical client (Evolution, GNOME's to-do apps) computes for the same rule.
///
/// Times are given to libical floating, expanded by the wall clock, as RFC 5545 §3.3.10 expands a
/// rule in its start's local time. Given the zone instead, libical 3.0.16 moves a daily 02:30 in
/// Berlin to 03:30 on the day of the spring gap and keeps 03:30 the day after, which exists.
enum LibicalReference {
    /// The occurrences of `rrule` from `start` (the first may be `start` itself), at most
    /// `limit`, none after `lastDay`; nil when libical cannot read the rule.
    static func series(_ rrule: String, from start: DueDate, limit: Int, through lastDay: Int32) -> [DueDate]? {
        LibicalAccess.serialized { () -> [DueDate]? in
            let rule = icalrecurrencetype_from_string(rrule)
            guard icalerrno_return().pointee == ICAL_NO_ERROR, rule.freq != ICAL_NO_RECURRENCE else { return nil }
            let iterator = icalrecur_iterator_new(rule, icaltime_from_string(text(of: start)))
            defer { icalrecur_iterator_free(iterator) }
            var found: [DueDate] = []
            while found.count < limit {
                let next = icalrecur_iterator_next(iterator)
                guard icaltime_is_null_time(next) == 0 else { break }
                let day = DueDate(year: Int(next.year), month: Int(next.month), day: Int(next.day),
                                  hour: start.hasTime ? Int(next.hour) : nil, minute: start.hasTime ? Int(next.minute) : nil,
                                  timeZone: start.timeZone)
                guard day.dayNumber <= lastDay else { break }
                found.append(day)
            }
            return found
        }
    }

    /// The due dates that completing a task again and again reaches when each completion starts
    /// the series anew at its next occurrence with COUNT one lower, each computed by libical from
    /// the rule as written there. The first after the due date, not the first libical gives:
    /// for BYWEEKNO=1 it gives the days of 2026's first week in December 2025 before its start.
    static func restarts(_ rrule: String, from start: DueDate, count: Int, through lastDay: Int32) -> [DueDate] {
        var rule = rrule, due = start, reached: [DueDate] = []
        while reached.count < count, let next = series(rule, from: due, limit: 8, through: lastDay)?
            .first(where: { $0.isLater(than: due) }) {
            guard let counted = countingOneDown(rule) else { break }
            reached.append(next)
            rule = counted
            due = next
        }
        return reached
    }

    /// The rule with its COUNT one lower; nil when COUNT is 1, the last occurrence.
    private static func countingOneDown(_ rrule: String) -> String? {
        var parts = rrule.split(separator: ";").map(String.init)
        guard let index = parts.firstIndex(where: { $0.hasPrefix("COUNT=") }) else { return rrule }
        guard let count = Int(parts[index].dropFirst(6)), count > 1 else { return nil }
        parts[index] = "COUNT=\(count - 1)"
        return parts.joined(separator: ";")
    }

    /// "20260302" or "20260302T093000".
    static func text(of due: DueDate) -> String {
        let date = String(format: "%04d%02d%02d", due.year, due.month, due.day)
        guard let hour = due.hour else { return date }
        return date + String(format: "T%02d%02d00", hour, due.minute ?? 0)
    }
}
