/// Where swiping a row past its menu, or the Postpone key, moves an item: the
/// preference `postpone-to` chooses one.
public enum PostponeTarget: String, Sendable, CaseIterable {
    case tomorrow
    /// The coming Monday, as "next week" means in quick dates and the details' quick picks.
    case nextWeek = "next-week"
    /// No date at all: the item waits until the user picks one.
    case someday

    /// The due date an item due `due` gets when postponed on `today` (a date alone).
    ///
    /// The target's day, keeping the time of day and zone. An item already due on that day or
    /// later is postponed from its own date instead, by a day or a week, so that postponing never
    /// brings a date nearer: an item due next Friday postponed "to tomorrow" goes to Saturday.
    public func due(postponing due: DueDate?, today: DueDate) -> DueDate? {
        let step: Int
        let target: DueDate
        switch self {
        case .someday:
            return nil
        case .tomorrow:
            step = 1
            target = today.addingDays(1)
        case .nextWeek:
            step = 7
            target = today.addingDays(Self.daysToNextMonday(from: today))
        }
        guard let due else { return target }
        let from = due.dayNumber >= target.dayNumber ? due.addingDays(step) : target
        return DueDate(year: from.year, month: from.month, day: from.day, hour: due.hour, minute: due.minute,
                       timeZone: due.timeZone)
    }

    /// 1 to 7: a Monday's next Monday is a week on.
    static func daysToNextMonday(from day: DueDate) -> Int {
        // Counted from a known Monday, 3 January 2000.
        let monday = DueDate(year: 2000, month: 1, day: 3)
        let weekdayFromMonday = ((day.days(since: monday) % 7) + 7) % 7
        return 7 - weekdayFromMonday
    }
}
