import Foundation
import GRDB

/// Reads lists for writing them out as .ics: from the store, or read-only from a file for
/// `flick --export`, which may run beside a Flick that has it open.
public enum ListExport {
    /// The lists with these ids (every list when nil), in the overview's order.
    public static func read(_ db: Database, listIDs: [Int64]?) throws -> [ExportedList] {
        let lists = try TodoList.order(Column("rank"), Column("id")).fetchAll(db)
            .filter { list in listIDs.map { $0.contains(list.id!) } ?? true }
        let hasICal = try db.columns(in: "item").contains { $0.name == "ical" }
        return try lists.map { list in
            ExportedList(name: list.name, uid: list.uid, items: try items(db, listID: list.id!, hasICal: hasICal))
        }
    }

    private static func items(_ db: Database, listID: Int64, hasICal: Bool) throws -> [ExportedItem] {
        let rows = try Row.fetchCursor(db, sql: """
            SELECT uid, title, notes, completed, completed_at, due_day, due_minute, due_zone, reminder, rrule,
                created_at, modified_at, rank, \(hasICal ? "ical" : "NULL")
            FROM item WHERE list_id = ? ORDER BY rank, id
            """, arguments: [listID])
        var items: [ExportedItem] = []
        while let row = try rows.next() {
            let day: Int32? = row[5]
            items.append(ExportedItem(
                uid: row[0], title: row[1], notes: row[2], isCompleted: row[3], completedAt: (row[4] as Int64?).map(date),
                due: day.flatMap { DueDate(dayNumber: $0, minuteOfDay: row[6], timeZone: row[7]) },
                reminder: (row[8] as String?).flatMap(Reminder.init(storedText:)), repeatRule: row[9],
                createdAt: date(row[10]), modifiedAt: date(row[11]), rank: row[12], ical: row[13]))
        }
        return items
    }

    private static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
