import GRDB

/// One to-do item as stored. `rank` orders items within their list (ascending, sparse).
public struct TodoItem: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64?
    public var listID: Int64
    public var title: String
    public var isCompleted: Bool
    public var rank: Int64

    public init(id: Int64? = nil, listID: Int64, title: String, isCompleted: Bool = false, rank: Int64) {
        self.id = id
        self.listID = listID
        self.title = title
        self.isCompleted = isCompleted
        self.rank = rank
    }

    enum CodingKeys: String, CodingKey {
        case id
        case listID = "list_id"
        case title
        case isCompleted = "completed"
        case rank
    }
}

extension TodoItem: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "item"

    /// Reads the columns by name without Codable's decoder, which costs several times more
    /// per row: a list of 100,000 items is read at every start.
    public init(row: Row) throws {
        id = row[CodingKeys.id.stringValue]
        listID = row[CodingKeys.listID.stringValue]
        title = row[CodingKeys.title.stringValue]
        isCompleted = row[CodingKeys.isCompleted.stringValue]
        rank = row[CodingKeys.rank.stringValue]
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// The items of one list in their order.
    static func ordered(inList listID: Int64) -> QueryInterfaceRequest<TodoItem> {
        TodoItem.filter(Column("list_id") == listID).order(Column("rank"), Column("id"))
    }
}
