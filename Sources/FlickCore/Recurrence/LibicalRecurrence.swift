import CLibical

/// The occurrences of a repeat rule as libical computes them (RFC 5545 §3.3.10, every part:
/// BYDAY with ordinals, BYSETPOS, BYWEEKNO, WKST, …), for the rules whose parts Flick does not
/// step itself: "the first Monday of the month" (`FREQ=MONTHLY;BYDAY=1MO`) is due 6 April after
/// 2 March, where stepping by the month alone said 2 April and synced it to every other client.
///
/// The series starts at the item's due date, as Flick moves a repeating item's due date to the
/// next occurrence when one is done (`RepeatRule.countingOneDone`). It is expanded by the wall
/// clock of the due date's own zone, as RFC 5545 §3.3.10 expands a rule in its start's local
/// time, so libical is given the time floating: given the zone, libical 3.0.16 moves a daily
/// 02:30 in Berlin to 03:30 on the day of the spring gap and keeps 03:30 on the next day, which
/// has a 02:30, and turned some 02:30 occurrences in Sydney months from any change into 03:30.
enum LibicalRecurrence {
    /// At most this many of libical's occurrences are read for one call: those before the start
    /// (BYWEEKNO=1 gives the days of a year's first week in the December before) are passed over.
    private static let stepLimit = 100_000

    /// The occurrences of `rrule` after `start`, the series beginning at `start`, up to `limit`
    /// of them and none after `lastDay` (a yyyymmdd day number). A rule libical cannot read or
    /// expand has none ("every 30 February", `FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30`, is refused):
    /// completing its item completes it, the rule kept, rather than moving it to a day the rule
    /// does not name.
    static func occurrences(of rrule: String, after start: DueDate, limit: Int, through lastDay: Int32) -> [DueDate] {
        guard !DaylessRule.namesNoDay(rrule) else { return [] }
        return LibicalAccess.serialized { () -> [DueDate] in
            let rule = icalrecurrencetype_from_string(rrule)
            guard icalerrno_return().pointee == ICAL_NO_ERROR, rule.freq != ICAL_NO_RECURRENCE,
                  let iterator = icalrecur_iterator_new(rule, time(of: start)) else { return [] }
            defer { icalrecur_iterator_free(iterator) }
            var found: [DueDate] = []
            for _ in 0..<stepLimit where found.count < limit {
                let next = icalrecur_iterator_next(iterator)
                guard icaltime_is_null_time(next) == 0, let occurrence = dueDate(of: next, like: start),
                      occurrence.dayNumber <= lastDay else { break }
                if occurrence.isLater(than: start) { found.append(occurrence) }
            }
            return found
        }
    }

    /// The due date as libical's DTSTART: a DATE for a date alone, else a floating DATE-TIME
    /// (see the type's comment). Inside `serialized`.
    private static func time(of due: DueDate) -> icaltimetype {
        var time = icaltime_null_time()
        time.year = Int32(due.year)
        time.month = Int32(due.month)
        time.day = Int32(due.day)
        guard let hour = due.hour else {
            time.is_date = 1
            return time
        }
        time.is_date = 0
        time.hour = Int32(hour)
        time.minute = Int32(due.minute ?? 0)
        return time
    }

    /// An occurrence as Flick keeps dates: libical's wall-clock time in the start's zone.
    private static func dueDate(of time: icaltimetype, like start: DueDate) -> DueDate? {
        guard (1...12).contains(time.month), (1...31).contains(time.day) else { return nil }
        guard start.hasTime else { return DueDate(year: Int(time.year), month: Int(time.month), day: Int(time.day)) }
        return DueDate(year: Int(time.year), month: Int(time.month), day: Int(time.day), hour: Int(time.hour),
                       minute: Int(time.minute), timeZone: start.timeZone)
    }
}
