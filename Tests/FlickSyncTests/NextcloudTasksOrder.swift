import Foundation

/// Nextcloud Tasks' order of a list sorted by hand ("manual"), computed from its rule and apart
/// from Flick's code, so the tests can hold Flick's order against it: a task's key is its
/// X-APPLE-SORT-ORDER, else the seconds from 2001-01-01 00:00:00 to its CREATED (the clock
/// time, zone left aside, as ical.js's `subtractDate` counts), else 0; lower keys first.
/// Nextcloud sorts with Array.prototype.sort, stable, over tasks in the order the server listed
/// them, so tasks of equal keys come in no order it promises (nextcloud/tasks src/models/task.js,
/// the constructor and `getSortOrder()`; src/store/storeHelper.js, `sortBySortOrder`).
enum NextcloudTasksOrder {
    /// One task as Nextcloud reads it: its SUMMARY and its key.
    struct Task: Equatable {
        var title: String
        var key: Int64
    }

    static func task(_ text: String) -> Task {
        let lines = text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
        func value(_ name: String) -> String? {
            guard let line = lines.first(where: { $0.hasPrefix(name + ":") || $0.hasPrefix(name + ";") }),
                  let colon = line.firstIndex(of: ":") else { return nil }
            return String(line[line.index(after: colon)...])
        }
        let key = value("X-APPLE-SORT-ORDER").flatMap { Int64($0) } ?? value("CREATED").map(secondsSince2001) ?? 0
        return Task(title: value("SUMMARY") ?? "", key: key)
    }

    /// "20260301T080000Z" (or without its Z, or a date alone) as seconds from 2001-01-01 00:00.
    private static func secondsSince2001(_ value: String) -> Int64 {
        let digits = Array(value.filter(\.isNumber))
        func number(_ range: Range<Int>) -> Int { range.upperBound <= digits.count ? Int(String(digits[range]))! : 0 }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: number(0..<4), month: number(4..<6), day: number(6..<8),
                                        hour: number(8..<10), minute: number(10..<12), second: number(12..<14))
        let start = calendar.date(from: DateComponents(year: 2001, month: 1, day: 1))!
        return Int64(calendar.date(from: components)!.timeIntervalSince(start))
    }

    /// The keys of `titles` (a client's order of `tasks`), when every task is there once;
    /// Nextcloud could show that order when the keys never go down.
    static func keys(of titles: [String], in tasks: [Task]) -> [Int64]? {
        let byTitle = Dictionary(tasks.map { ($0.title, $0.key) }, uniquingKeysWith: { first, _ in first })
        guard titles.count == tasks.count, Set(titles) == Set(byTitle.keys) else { return nil }
        return titles.map { byTitle[$0]! }
    }

    /// Whether Nextcloud, sorting `tasks` by hand, may show them in the order `titles`.
    static func allows(_ titles: [String], of tasks: [Task]) -> Bool {
        guard let keys = keys(of: titles, in: tasks) else { return false }
        return zip(keys, keys.dropFirst()).allSatisfy { $0 <= $1 }
    }
}
