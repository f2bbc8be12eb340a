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
    /// The day of its start date ("not before", `ItemFields.start`), without its time: all a
    /// row needs to say whether the item has started. Written with the fields, not by `encode`.
    public var startsOn: DueDate?

    public init(id: Int64? = nil, listID: Int64, title: String, isCompleted: Bool = false, rank: Int64,
                due: DueDate? = nil, marks: ItemMarks = [], startsOn: DueDate? = nil) {
        self.id = id
        self.listID = listID
        self.title = title
        self.isCompleted = isCompleted
        self.rank = rank
        self.due = due
        self.marks = marks
        self.startsOn = startsOn
    }

    /// Whether the item waits for its start date on `day` (`DueDate.dayNumber`; `StartRule`).
    public func waitsForStart(on day: Int32) -> Bool {
        StartRule.waits(start: startsOn, due: due, isCompleted: isCompleted, on: day)
    }
}

extension TodoItem: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "item"

    /// The columns every request for items selects, in this order, which `init(row:)` reads.
    /// The marks, the due day and its minute come packed in one integer (`packedSQL`): each
    /// column read costs about as much as the SQL that packs them, and a list of 100,000 items
    /// is read at every start.
    public static var databaseSelection: [any SQLSelectable] {
        selectionBeforeStarts + [Column("start_day")]
    }

    /// The columns of a file from before schema v12, which the command line reads as it is.
    static var selectionBeforeStarts: [any SQLSelectable] {
        ["id", "list_id", "title", "completed", "rank"].map { Column($0) } + [SQL(sql: packedSQL), Column("due_zone")]
    }

    /// marks (5 bits) | minute of the day + 1, or 0 (11 bits) | due day as yyyymmdd, or 0.
    static let packedSQL = "(marks | (ifnull(due_minute + 1, 0) << 5) | (ifnull(due_day, 0) << 16))"

    /// Reads the columns by position (see `databaseSelection`), without Codable's decoder or
    /// a lookup by name, which cost several times more per row. The zone is read only for a
    /// due date with a time.
    public init(row: Row) throws {
        id = row[0]
        listID = row[1]
        title = row[2]
        isCompleted = row[3]
        rank = row[4]
        let packed: Int64 = row[5]
        marks = ItemMarks(rawValue: UInt8(packed & 31))
        let day = Int32(truncatingIfNeeded: packed >> 16)
        if day != 0 {
            let minute = Int((packed >> 5) & 2047) - 1
            due = minute < 0 ? DueDate(dayNumber: day, minuteOfDay: nil, timeZone: nil)
                : DueDate(dayNumber: day, minuteOfDay: minute, timeZone: row[6])
        }
        // A file from before v12, read as it is by the command line, has no start (`ListSnapshot`).
        if row.count > 7 {
            startsOn = (row[7] as Int32?).flatMap { DueDate(dayNumber: $0, minuteOfDay: nil, timeZone: nil) }
        }
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

    /// The stored items of these ids, in no order; the ids go as one argument (`IDArray`), so
    /// one statement reads any number of them.
    static func stored(_ ids: [Int64], _ db: Database) throws -> [TodoItem] {
        try TodoItem.filter(sql: "id IN (\(IDArray.values))", arguments: [IDArray.argument(ids)]).fetchAll(db)
    }

    /// The items of one list in their order.
    static func ordered(inList listID: Int64) -> QueryInterfaceRequest<TodoItem> {
        TodoItem.filter(Column("list_id") == listID).order(Column("rank"), Column("id"))
    }
}
