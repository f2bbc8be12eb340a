import Foundation

extension TodoStore {
    /// The Today smart list for `day`: its items come from every list; new ones go to the first
    /// list, due that day. Nil when there is no list at all.
    public func todayDocument(day: DueDate) throws -> ListDocument? {
        guard let first = try lists().first, let firstID = first.id else { return nil }
        let items = try queue.readKeepingStatements { db in try TodayQuery.items(dueBy: day.dayNumber).fetchAll(db) }
        let today = TodoList(id: nil, name: first.name, rank: 0, uid: "")
        return tagged(ListDocument(list: today, items: items, queue: queue, scope: .today(day: day.dateOnly, defaultListID: firstID)))
    }

    /// How many open items are due on or before `day` (the Today row's count).
    public func todayCount(day: DueDate) throws -> Int {
        try queue.readKeepingStatements { db in try TodayQuery.count(dueBy: day.dayNumber, in: db) }
    }
}
