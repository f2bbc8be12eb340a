import GRDB

/// Items an undo puts back (a deletion's, a Clear Completed's, a list's), each with the details it had,
/// written as whole rows in as few statements as SQLite allows. One statement per row (an
/// insert, then an update of its details) cost most of the undo of a Clear Completed of 1,428
/// items in `make bench`: every statement that touches the search index makes SQLite save and
/// release it (FTS5 writes its pending terms at each), so the index was written 2,856 times.
struct RestoredItemRows {
    private var rows: [(item: TodoItem, details: ItemDetails)] = []

    /// Rows per statement: 24 values each, well under SQLite's limit on bound parameters.
    private static let rowsPerStatement = 400

    private static let columns = """
        id, list_id, title, completed, rank, due_day, due_minute, due_zone, uid, notes, reminder, reminded_at,
        snoozed_until, rrule, created_at, completed_at, ical, priority, tags, parent_uid, start_day, start_minute,
        start_zone, modified_at
        """
    /// The modification time is now: the item came back, which a sync must hear of.
    private static let rowValues = "(" + Array(repeating: "?", count: 23).joined(separator: ", ") + ", \(SchemaV2.nowSQL))"

    var isEmpty: Bool { rows.isEmpty }

    mutating func add(_ item: TodoItem, details: ItemDetails) {
        rows.append((item, details))
    }

    /// Writes the rows added so far and forgets them: before anything that reads or renumbers
    /// the list's ranks in the database.
    ///
    /// In the order of their ids, not of their places: FTS5 writes out the search terms it holds
    /// whenever a row comes in with a smaller id than the one before (a new segment of the index,
    /// and a merge of segments). Items are often added at the top, so a list's order is mostly
    /// the reverse of its ids, and the undo of a Clear Completed of 1,428 items wrote 706 segments
    /// in place of four (callgrind on SQLite 3.40: the insert's instructions halved once sorted).
    mutating func write(_ db: Database) throws {
        rows.sort { ($0.item.id ?? 0) < ($1.item.id ?? 0) }
        for start in stride(from: 0, to: rows.count, by: Self.rowsPerStatement) {
            let chunk = rows[start..<min(start + Self.rowsPerStatement, rows.count)]
            var arguments = StatementArguments()
            for (item, details) in chunk { arguments += Self.values(item, details) }
            let values = Array(repeating: Self.rowValues, count: chunk.count).joined(separator: ", ")
            // Cached: the chunks of one undo are mostly full, so they share one compiled statement.
            try db.cachedStatement(sql: "INSERT INTO item (\(Self.columns)) VALUES \(values)").execute(arguments: arguments)
        }
        rows.removeAll()
    }

    /// One row's values in the order of `columns` (the marks are the database's triggers' to set).
    private static func values(_ item: TodoItem, _ details: ItemDetails) -> StatementArguments {
        [item.id, item.listID, item.title, item.isCompleted, item.rank, item.due?.dayNumber, item.due?.minutesAfterMidnight,
         item.due?.timeZone, details.uid, details.notes, details.reminder, details.remindedAt, details.snoozedUntil,
         details.rrule, details.createdAt, details.completedAt, details.ical, details.priority, details.tags,
         details.parentUID, details.startDay, details.startMinute, details.startZone]
    }
}
