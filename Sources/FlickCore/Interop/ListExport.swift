import Foundation
import GRDB

/// Reads lists for writing them out as .ics: from the store, or read-only from a file for
/// `flick --export`, which may run beside a Flick that has it open.
public enum ListExport {
    /// The lists with these ids (every list when nil), in the overview's order.
    public static func read(_ db: Database, listIDs: [Int64]?) throws -> [ExportedList] {
        let lists = try TodoList.order(Column("rank"), Column("id")).fetchAll(db)
            .filter { list in listIDs.map { $0.contains(list.id!) } ?? true }
        let columnNames = Set(try db.columns(in: "item").map(\.name))
        return try lists.map { list in
            ExportedList(name: list.name, uid: list.uid,
                         items: try items(db, listID: list.id!, present: columnNames))
        }
    }

    private static func items(_ db: Database, listID: Int64, present: Set<String>) throws -> [ExportedItem] {
        let rows = try Row.fetchCursor(db, sql: """
            SELECT \(columns(present: present)) FROM item WHERE list_id = ? ORDER BY rank, id
            """, arguments: [listID])
        var items: [ExportedItem] = []
        while let row = try rows.next() {
            items.append(exportedItem(row))
        }
        return items
    }

    /// The columns `exportedItem(_:from:)` reads, of the table `item`, in its order. Those a file
    /// of an older schema has not (not in `present`, when given) are read as their defaults: the
    /// command line exports such a file as it is, without migrating it.
    static func columns(present: Set<String>? = nil) -> String {
        let read: [(name: String, absent: String)] = [
            ("uid", "NULL"), ("title", "''"), ("notes", "''"), ("completed", "0"), ("completed_at", "NULL"),
            ("due_day", "NULL"), ("due_minute", "NULL"), ("due_zone", "NULL"), ("reminder", "NULL"), ("rrule", "NULL"),
            ("created_at", "0"), ("modified_at", "0"), ("rank", "0"), ("ical", "NULL"), ("base_rank", "NULL"),
            // Before v8 they were in the iCalendar text only: marked unread, the text's are written.
            ("priority", "\(SchemaV8.unread)"), ("tags", "NULL"), ("parent_uid", "NULL"),
            // Before v12 the start was in the iCalendar text only: unread, the text's is written.
            ("start_day", "\(SchemaV12.unread)"), ("start_minute", "NULL"), ("start_zone", "NULL"),
        ]
        return read.map { column in
            present.map { $0.contains(column.name) } ?? true ? "item.\(column.name)" : column.absent
        }.joined(separator: ", ")
    }

    /// The item of a row whose columns from `start` on are `columns()`.
    static func exportedItem(_ row: Row, from start: Int = 0) -> ExportedItem {
        let day: Int32? = row[start + 5]
        let startDay: Int32? = row[start + 18]
        return ExportedItem(
            uid: row[start], title: row[start + 1], notes: row[start + 2], isCompleted: row[start + 3],
            completedAt: (row[start + 4] as Int64?).map(date),
            due: day.flatMap { DueDate(dayNumber: $0, minuteOfDay: row[start + 6], timeZone: row[start + 7]) },
            reminder: (row[start + 8] as String?).flatMap(Reminder.init(storedText:)), repeatRule: row[start + 9],
            createdAt: date(row[start + 10]), modifiedAt: date(row[start + 11]), rank: row[start + 12], ical: row[start + 13],
            baseRank: row[start + 14], priority: row[start + 15], tags: ItemTags.tags(stored: row[start + 16]),
            parentUID: row[start + 17],
            start: startDay.flatMap { DueDate(dayNumber: $0, minuteOfDay: row[start + 19], timeZone: row[start + 20]) },
            startUnread: startDay == Int32(SchemaV12.unread))
    }

    private static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
