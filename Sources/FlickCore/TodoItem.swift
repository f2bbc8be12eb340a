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

    /// The columns every request for items selects, in this order, which `init(row:)` reads.
    public static var databaseSelection: [any SQLSelectable] {
        [CodingKeys.id, .listID, .title, .isCompleted, .rank].map { Column($0.stringValue) }
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
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// The items of one list in their order.
    static func ordered(inList listID: Int64) -> QueryInterfaceRequest<TodoItem> {
        TodoItem.filter(Column("list_id") == listID).order(Column("rank"), Column("id"))
    }
}
