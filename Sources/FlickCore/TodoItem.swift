import GRDB

/// One to-do item as a row shows it: what every item of an open list keeps in memory. `rank`
/// orders items within their list (ascending, sparse). The rest of an item (notes, reminder,
/// repeat rule, UID, times) stays in the database until asked for (`ItemDetails`); `marks`
/// says which of those a row should hint at.
public struct TodoItem: Sendable, Equatable, Identifiable {
    public var id: Int64?
    public var listID: Int64
    public var title: String
    public var isCompleted: Bool
    public var rank: Int64
    public var due: DueDate?
    public var marks: ItemMarks

    public init(id: Int64? = nil, listID: Int64, title: String, isCompleted: Bool = false, rank: Int64,
                due: DueDate? = nil, marks: ItemMarks = []) {
        self.id = id
        self.listID = listID
        self.title = title
        self.isCompleted = isCompleted
        self.rank = rank
        self.due = due
        self.marks = marks
    }
}

extension TodoItem: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "item"

    /// The columns every request for items selects, in this order, which `init(row:)` reads.
    public static var databaseSelection: [any SQLSelectable] {
        ["id", "list_id", "title", "completed", "rank", "due_day", "due_minute", "due_zone", "marks"].map { Column($0) }
    }

    /// Reads the columns by position (see `databaseSelection`), without Codable's decoder or
    /// a lookup by name, which cost several times more per row: a list of 100,000 items is read
    /// at every start.
    public init(row: Row) throws {
        id = row[0]
        listID = row[1]
        title = row[2]
        isCompleted = row[3]
        rank = row[4]
        if let day: Int32 = row[5] {
            due = DueDate(dayNumber: day, minuteOfDay: row[6], timeZone: row[7])
        }
        marks = ItemMarks(rawValue: row[8])
    }

    /// Writes what the row keeps; the details are written by `ItemDetails` and `ItemFields`, and
    /// the marks by the database's triggers.
    public func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["list_id"] = listID
        container["title"] = title
        container["completed"] = isCompleted
        container["rank"] = rank
        container["due_day"] = due?.dayNumber
        container["due_minute"] = due?.minutesAfterMidnight
        container["due_zone"] = due?.timeZone
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// The items of one list in their order.
    static func ordered(inList listID: Int64) -> QueryInterfaceRequest<TodoItem> {
        TodoItem.filter(Column("list_id") == listID).order(Column("rank"), Column("id"))
    }
}
