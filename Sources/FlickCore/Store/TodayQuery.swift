import GRDB

/// The items of the Today smart list: open, due on or before a day, from every list. Overdue
/// ones first, then by day; on a day, those without a time before the timed ones (a date alone
/// means "some time that day", as Endeavour and Apple's Reminders list them), then in their
/// lists' order. The partial index `item_due` holds only dated items.
enum TodayQuery {
    static func items(dueBy day: Int32) -> QueryInterfaceRequest<TodoItem> {
        TodoItem
            .filter(sql: "completed = 0 AND due_day IS NOT NULL AND due_day <= ?", arguments: [day])
            .order(sql: """
                due_day, due_minute IS NOT NULL, due_minute, (SELECT rank FROM list WHERE list.id = item.list_id), rank, id
                """)
    }

    static func count(dueBy day: Int32, in db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM item WHERE completed = 0 AND due_day IS NOT NULL AND due_day <= ?",
                         arguments: [day]) ?? 0
    }
}
