import FlickCore
import Foundation

/// A repeat rule in words, as the notice after quick entry names it: "every Friday",
/// "every 2 weeks", "daily", "monthly on day 1", "every weekday". Weekday names are the
/// locale's, as the details' repeat editor shows them. The end date and parts Flick does not
/// follow (COUNT, another program's BYSETPOS) are not said: this names how often, the details
/// say the rest.
enum RepeatRuleText {
    /// - Parameter calendar: its weekday names and first weekday say the days; by default the
    ///   week of the repeat editor's toggles (`LocaleWeek`).
    static func text(for rule: RepeatRule, calendar: Calendar = LocaleWeek.calendar()) -> String {
        switch rule.frequency {
        case .daily:
            return rule.interval == 1 ? tr("daily") : trPlural("every {count} day", "every {count} days", rule.interval,
                                                                ["count": String(rule.interval)])
        case .weekly:
            return weekly(rule, calendar: calendar)
        case .monthly:
            return monthly(rule)
        case .yearly:
            return rule.interval == 1 ? tr("yearly") : trPlural("every {count} year", "every {count} years", rule.interval,
                                                                 ["count": String(rule.interval)])
        }
    }

    private static func weekly(_ rule: RepeatRule, calendar: Calendar) -> String {
        let count = ["count": String(rule.interval)]
        if rule.weekdays.isEmpty {
            return rule.interval == 1 ? tr("weekly") : trPlural("every {count} week", "every {count} weeks", rule.interval, count)
        }
        if rule.interval == 1, rule.weekdays == RepeatRule.weekdaysOnly.weekdays { return tr("every weekday") }
        let days = ["weekdays": weekdayList(rule.weekdays, calendar: calendar)]
        guard rule.interval > 1 else { return tr("every {weekdays}", days) }
        return trPlural("every {count} week on {weekdays}", "every {count} weeks on {weekdays}", rule.interval,
                        count.merging(days) { one, _ in one })
    }

    private static func monthly(_ rule: RepeatRule) -> String {
        let count = ["count": String(rule.interval)]
        // Only days counted from the start are said; "-1" (the last day) comes from elsewhere.
        guard !rule.monthDays.isEmpty, rule.monthDays.allSatisfy({ $0 > 0 }) else {
            return rule.interval == 1 ? tr("monthly") : trPlural("every {count} month", "every {count} months", rule.interval, count)
        }
        let days = ["days": list(rule.monthDays.map(String.init))]
        guard rule.interval > 1 else { return tr("monthly on day {days}", days) }
        return trPlural("every {count} month on day {days}", "every {count} months on day {days}", rule.interval,
                        count.merging(days) { one, _ in one })
    }

    /// The weekdays in the locale's week order ("Monday and Thursday"; "Sunday, Monday and
    /// Tuesday" where weeks begin on Sunday).
    private static func weekdayList(_ weekdays: Set<Int>, calendar: Calendar) -> String {
        let ordered = LocaleWeek.weekdays(startingOn: calendar.firstWeekday).filter(weekdays.contains)
        return list(ordered.map { calendar.weekdaySymbols[$0 - 1] })
    }

    /// "a", "a and b", "a, b and c".
    private static func list(_ names: [String]) -> String {
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return tr("{list} and {last}", ["list": names.dropLast().joined(separator: ", "), "last": last])
    }
}
