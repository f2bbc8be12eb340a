import Foundation

/// The week as the date buttons' GtkCalendar lays it out, so that what Flick shows by weekday
/// (the repeat editor's day toggles, a rule's days in words) begins where that calendar's rows
/// begin. GTK 4.8 takes the first day from glibc's LC_TIME (`gtk_calendar_init`,
/// gtk/gtkcalendar.c): `_NL_TIME_WEEK_1STDAY` is a date whose weekday is where the locale's
/// day list starts (19971130, a Sunday, or 19971201, a Monday), and `_NL_TIME_FIRST_WEEKDAY`
/// counts from that day, 1 being the day itself: Sunday in C and en_US, Monday in de_DE.
/// Foundation's `Calendar.current.firstWeekday` is not read from there: under C.UTF-8 the
/// repeat editor began on Monday beside a calendar beginning on Sunday.
enum LocaleWeek {
    /// Calendar's number of the locale's first weekday (1 Sunday, 2 Monday, … 7 Saturday).
    static func firstWeekday() -> Int {
        let origin = UInt32(truncatingIfNeeded: UInt(bitPattern: nl_langinfo(nl_item(_NL_TIME_WEEK_1STDAY))))
        // GTK counts any origin other than a Monday from Sunday (with a warning).
        let originIndex = origin == 19971201 ? 1 : 0
        let first = Int(nl_langinfo(nl_item(_NL_TIME_FIRST_WEEKDAY))?.pointee ?? 1)
        return (originIndex + max(first, 1) - 1) % 7 + 1
    }

    /// The current calendar with the first weekday GtkCalendar has.
    static func calendar() -> Calendar {
        var calendar = Calendar.current
        calendar.firstWeekday = firstWeekday()
        return calendar
    }

    /// The seven weekdays, Calendar's numbers, in a week beginning on `first`.
    static func weekdays(startingOn first: Int) -> [Int] {
        (0..<7).map { (first - 1 + $0) % 7 + 1 }
    }
}
