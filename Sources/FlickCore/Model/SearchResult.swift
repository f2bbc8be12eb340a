import GRDB

/// One item a search found, with what a result row shows: its title, its list's name (results
/// come from every list), whether it is done, its due date and marks; and the ids to open it.
public struct SearchResult: Sendable, Equatable, Identifiable {
    public var id: Int64
    public var listID: Int64
    public var listName: String
    public var title: String
    public var isCompleted: Bool
    public var due: DueDate?
    public var marks: ItemMarks

    public init(id: Int64, listID: Int64, listName: String, title: String, isCompleted: Bool = false,
                due: DueDate? = nil, marks: ItemMarks = []) {
        self.id = id
        self.listID = listID
        self.listName = listName
        self.title = title
        self.isCompleted = isCompleted
        self.due = due
        self.marks = marks
    }

    /// The columns `init(row:)` reads, in its order, from `item` joined with `list`.
    static let selectionSQL = """
        item.id, item.list_id, list.name, item.title, item.completed, item.due_day, item.due_minute, item.due_zone, \
        \(ItemMarks.selectionSQL)
        """

    /// Reads the columns by position (see `selectionSQL`), as `TodoItem.init(row:)` does.
    init(row: Row) {
        id = row[0]
        listID = row[1]
        listName = row[2]
        title = row[3]
        isCompleted = row[4]
        if let day: Int32 = row[5] {
            due = DueDate(dayNumber: day, minuteOfDay: row[6], timeZone: row[7])
        }
        marks = ItemMarks(rawValue: row[8])
    }
}
