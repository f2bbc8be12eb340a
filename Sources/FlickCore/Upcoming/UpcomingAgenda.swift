/// The rows of the Upcoming view: what is overdue under its heading, then each of
/// the next `dayCount` days from today under its own heading, each day's items with a date
/// alone before the timed ones (as Today orders them), and the later occurrences of repeating
/// items on the days their rules give. A day with nothing due keeps its heading: it is a place
/// to drop an item on.
public struct UpcomingAgenda: Sendable, Equatable {
    /// Today and the thirteen days after it.
    public static let dayCount = 14

    public let today: DueDate
    public private(set) var rows: [UpcomingRow] = []
    /// Each row's index by id.
    private var indices: [Int64: Int] = [:]
    /// The due date each item and occurrence row shows.
    private var dues: [Int64: DueDate] = [:]

    /// `entries` in the order their items are to keep on a day; open items only.
    public init(entries: [UpcomingEntry], today: DueDate) {
        self.today = today.dateOnly
        // Each day's number, found by a lookup: a thousand overdue or dated items made as many
        // date computations with a Calendar each (a third of reading them, `make bench`).
        let days = (0..<Self.dayCount).map { self.today.addingDays($0).dayNumber }
        let offsets = Dictionary(uniqueKeysWithValues: days.enumerated().map { ($1, $0) })
        let end = days[days.count - 1]
        var overdue: [(row: UpcomingRow, due: DueDate)] = []
        var byDay = [[(row: UpcomingRow, due: DueDate)]](repeating: [], count: Self.dayCount)
        for entry in entries where entry.due.dayNumber <= end {
            if let offset = offsets[entry.due.dayNumber] {
                byDay[offset].append((.item(id: entry.id), entry.due))
            } else {
                overdue.append((.item(id: entry.id), entry.due))
            }
            for occurrence in Self.occurrences(of: entry, today: self.today, through: end) {
                guard let offset = offsets[occurrence.dayNumber] else { continue }
                byDay[offset].append((.occurrence(itemID: entry.id, offset: offset), occurrence))
            }
        }
        if !overdue.isEmpty { append(.overdueHeading, due: nil) }
        for (row, due) in overdue { append(row, due: due) }
        for offset in 0..<Self.dayCount {
            append(.dayHeading(offset: offset), due: nil)
            for (row, due) in Self.inTimeOrder(byDay[offset]) { append(row, due: due) }
        }
    }

    private mutating func append(_ row: UpcomingRow, due: DueDate?) {
        indices[row.id] = rows.count
        if let due { dues[row.id] = due }
        rows.append(row)
    }

    /// A date alone first ("some time that day"), then by time; otherwise as they came.
    private static func inTimeOrder(_ rows: [(row: UpcomingRow, due: DueDate)]) -> [(row: UpcomingRow, due: DueDate)] {
        rows.enumerated().sorted { left, right in
            let a = (left.element.due.minutesAfterMidnight ?? -1, left.offset)
            let b = (right.element.due.minutesAfterMidnight ?? -1, right.offset)
            return a < b
        }.map(\.element)
    }

    /// The days after the item's due date its rule falls on, from today to `end`, as
    /// completing each in turn would reach them (`RepeatSeries.occurrences`).
    static func occurrences(of entry: UpcomingEntry, today: DueDate, through end: Int32) -> [DueDate] {
        guard let rule = entry.rule else { return [] }
        // A daily rule on an item overdue for years has every day since: bounded, as no
        // rule falls on more days than the view has after today.
        return RepeatSeries(rule: rule, exceptions: entry.exceptions).occurrences(after: entry.due, through: end, limit: 10_000)
            .filter { $0.dayNumber >= today.dayNumber }
    }

    public func index(of id: Int64) -> Int? { indices[id] }

    /// The due date the row shows (nil for a heading).
    public func due(of id: Int64) -> DueDate? { dues[id] }

    /// The day of a heading row, or of the heading an item or occurrence is under (nil:
    /// overdue).
    public func day(under index: Int) -> DueDate? {
        headingDay(above: rows[...index])
    }

    /// The day a row dropped at `index` (the rows' order once it is taken out and put there)
    /// lands on: that of the heading above that place. Nil above every day's heading or among
    /// the overdue items, which is no day to move an item to.
    public func day(droppingRow id: Int64, at index: Int) -> DueDate? {
        guard let from = indices[id] else { return nil }
        var others = rows
        others.remove(at: from)
        return headingDay(above: others[..<min(max(index, 0), others.count)])
    }

    /// The day of the last heading in `rows`: nil when it is Overdue's, or there is none.
    private func headingDay(above rows: ArraySlice<UpcomingRow>) -> DueDate? {
        for row in rows.reversed() {
            switch row {
            case .overdueHeading: return nil
            case let .dayHeading(offset): return today.addingDays(offset)
            case .item, .occurrence: continue
            }
        }
        return nil
    }

    /// How many items and occurrences are under the heading at `index`.
    public func count(under index: Int) -> Int {
        rows[(index + 1)...].prefix { !$0.isHeading }.count
    }
}
