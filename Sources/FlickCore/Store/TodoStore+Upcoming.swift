import GRDB

extension TodoStore {
    /// The Upcoming view's items for `day` (issue 59): every open item due before the end of
    /// the view's last day, overdue ones included, from every list, in Today's order; read
    /// through the due-day index as Today is, so 100,000 items undated or due later cost
    /// nothing. New ones go to the first list, due `day`. Nil when there is no list at all.
    public func upcomingDocument(day: DueDate) throws -> ListDocument? {
        guard let first = try lists().first, let firstID = first.id else { return nil }
        let end = day.addingDays(UpcomingAgenda.dayCount - 1).dayNumber
        let items = try queue.readKeepingStatements { db in try TodayQuery.items(dueBy: end).fetchAll(db) }
        let upcoming = TodoList(id: nil, name: first.name, rank: 0, uid: "")
        return ListDocument(list: upcoming, items: items, queue: queue, scope: .upcoming(day: day.dateOnly, defaultListID: firstID))
    }

    /// What the Upcoming view for `day` shows of these items (a document's, in its order):
    /// those still open and due by the view's last day, with their due dates and repeat rules
    /// as stored now. One read through the due-day index.
    public func upcomingEntries(day: DueDate, of itemIDs: [Int64]) throws -> [UpcomingEntry] {
        let end = day.addingDays(UpcomingAgenda.dayCount - 1).dayNumber
        let stored = try queue.readKeepingStatements { db in
            var found: [Int64: UpcomingEntry] = [:]
            let rows = try Row.fetchCursor(db, sql: """
                SELECT id, due_day, due_minute, due_zone, rrule FROM item
                WHERE completed = 0 AND due_day IS NOT NULL AND due_day <= ?
                """, arguments: [end])
            while let row = try rows.next() {
                let rule = (row[4] as String?).flatMap(RepeatRule.init(rrule:))
                guard let due = DueDate(dayNumber: row[1], minuteOfDay: row[2], timeZone: row[3]) else { continue }
                found[row[0]] = UpcomingEntry(id: row[0], due: due, rule: rule)
            }
            return found
        }
        return itemIDs.compactMap { stored[$0] }
    }
}
