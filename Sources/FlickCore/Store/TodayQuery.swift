import GRDB

/// The items of the Today smart list: open, from every list, due on or before a day, or
/// started by then (an item whose start date has come is in Today from that day on,
/// due later or never, until it is done, as Things' "When" puts a task in Today on its day and
/// keeps it there). Overdue ones first, then by day (the due day, or for an item due later or
/// never, its start day); on a day, those without a time before the timed ones (a date alone
/// means "some time that day", as Endeavour and Apple's Reminders list them), then in their
/// lists' order. The partial indexes `item_due` and `item_start` hold only dated items.
enum TodayQuery {
    static func items(dueBy day: Int32, withStarts: Bool = true) -> QueryInterfaceRequest<TodoItem> {
        let dayKey = withStarts ? "CASE WHEN due_day <= ?1 THEN due_day ELSE start_day END" : "due_day"
        return (withStarts ? TodoItem.all() : TodoItem.select(TodoItem.selectionBeforeStarts))
            .filter(sql: condition(withStarts: withStarts), arguments: [day])
            .order(sql: """
                \(dayKey), due_minute IS NOT NULL, due_minute, (SELECT rank FROM list WHERE list.id = item.list_id), rank, id
                """)  // ?1: the filter's day, the statement's one argument.
    }

    static func count(dueBy day: Int32, in db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM item WHERE \(condition(withStarts: true))", arguments: [day]) ?? 0
    }

    /// Open, and due by the day or started by it. `SchemaV12.unread` (-1) is no start. Without
    /// starts: a file from before v12 read by the command line, as it is.
    private static func condition(withStarts: Bool) -> String {
        let due = "(due_day IS NOT NULL AND due_day <= ?1)"
        guard withStarts else { return "completed = 0 AND \(due)" }
        return "completed = 0 AND (\(due) OR (start_day IS NOT NULL AND start_day > 0 AND start_day <= ?1))"
    }
}
