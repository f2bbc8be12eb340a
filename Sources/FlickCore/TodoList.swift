import GRDB

/// A named list of items.
public struct TodoList: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64?
    public var name: String
    public var rank: Int64

    public init(id: Int64? = nil, name: String, rank: Int64) {
        self.id = id
        self.name = name
        self.rank = rank
    }
}

extension TodoList: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "list"

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
