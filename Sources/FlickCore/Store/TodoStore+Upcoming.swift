import GRDB

extension TodoStore {
    /// The Upcoming view's items for `day`: every open item due before the end of
    /// the view's last day, overdue ones included, from every list, in Today's order; read
    /// through the due-day index as Today is, so 100,000 items undated or due later cost
    /// nothing. New ones go to the first list, due `day`. Nil when there is no list at all.
    /// The agenda's entries come from the same items, with the rules of the repeating ones
    /// read beside them: reading the fortnight again for them was a ninth of opening Upcoming
    /// on 100,000 items (`make bench`). The first list is read in the same transaction: every
    /// list, in one of its own, was 0.3-0.4 ms more. While the file is as the last read saw
    /// it, that read is used again (`UpcomingReadCache`).
    public func upcoming(day: DueDate) throws -> UpcomingRead? {
        let day = day.dateOnly
        let read = try queue.readKeepingStatements { db -> UpcomingReadCache.Read? in
            let version = try StoreVersion.current(db)
            if let kept = upcomingCache.read(day: day, version: version) { return kept }
            guard let read = try Self.readUpcoming(day: day, db) else { return nil }
            upcomingCache.keep(read, day: day, version: version)
            return read
        }
        guard let read, let firstID = read.firstList.id else { return nil }
        let upcoming = TodoList(id: nil, name: read.firstList.name, rank: 0, uid: "")
        let document = tagged(ListDocument(list: upcoming, items: read.items, queue: queue, scope: .upcoming(day: day, defaultListID: firstID)))
        return UpcomingRead(document: document, entries: read.entries)
    }

    private static func readUpcoming(day: DueDate, _ db: Database) throws -> UpcomingReadCache.Read? {
        let end = day.addingDays(UpcomingAgenda.dayCount - 1).dayNumber
        guard let first = try TodoList.fetchOne(db.cachedStatement(sql: "SELECT * FROM list ORDER BY rank LIMIT 1")) else { return nil }
        let items = try TodayQuery.items(dueBy: end).fetchAll(db)
        let repeating = items.lazy.filter { $0.marks.contains(.repeats) }.compactMap(\.id)
        let rules = try repeatRules(of: Array(repeating), db)
        let entries = items.compactMap { item -> UpcomingEntry? in
            guard let id = item.id, !item.isCompleted, let due = item.due, due.dayNumber <= end else { return nil }
            let rule = rules[id]
            return UpcomingEntry(id: id, due: due, rule: rule?.rule, exceptions: RepeatExceptions(ical: rule?.ical, like: due))
        }
        return UpcomingReadCache.Read(firstList: first, items: items, entries: entries)
    }

    /// The repeat rules of these items, by id, each with its text when that has an EXDATE or an
    /// RDATE (`RepeatExceptions`); a rule that does not parse is left out, as `upcomingEntries`
    /// leaves it.
    private static func repeatRules(of itemIDs: [Int64], _ db: Database) throws -> [Int64: (rule: RepeatRule, ical: String?)] {
        guard !itemIDs.isEmpty else { return [:] }
        var rules: [Int64: (rule: RepeatRule, ical: String?)] = [:]
        let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT id, rrule, \(exceptionText) FROM item WHERE id IN (\(IDArray.values))"),
                                       arguments: [IDArray.argument(itemIDs)])
        while let row = try rows.next() {
            if let rule = (row[1] as String?).flatMap(RepeatRule.init(rrule:)) { rules[row[0]] = (rule, row[2]) }
        }
        return rules
    }

    /// The item's text only where it may hold an EXDATE or RDATE: most repeating items' text is
    /// left in the file.
    private static let exceptionText = "CASE WHEN ical LIKE '%EXDATE%' OR ical LIKE '%RDATE%' THEN ical END"


    /// What the Upcoming view for `day` shows of these items (a document's, in its order):
    /// those still open and due by the view's last day, with their due dates and repeat rules
    /// as stored now. One read through the due-day index.
    public func upcomingEntries(day: DueDate, of itemIDs: [Int64]) throws -> [UpcomingEntry] {
        let end = day.addingDays(UpcomingAgenda.dayCount - 1).dayNumber
        let stored = try queue.readKeepingStatements { db in
            var found: [Int64: UpcomingEntry] = [:]
            let rows = try Row.fetchCursor(db, sql: """
                SELECT id, due_day, due_minute, due_zone, rrule, \(Self.exceptionText) FROM item
                WHERE completed = 0 AND due_day IS NOT NULL AND due_day <= ?
                """, arguments: [end])
            while let row = try rows.next() {
                let rule = (row[4] as String?).flatMap(RepeatRule.init(rrule:))
                guard let due = DueDate(dayNumber: row[1], minuteOfDay: row[2], timeZone: row[3]) else { continue }
                let exceptions = rule == nil ? .none : RepeatExceptions(ical: row[5], like: due)
                found[row[0]] = UpcomingEntry(id: row[0], due: due, rule: rule, exceptions: exceptions)
            }
            return found
        }
        return itemIDs.compactMap { stored[$0] }
    }
}
