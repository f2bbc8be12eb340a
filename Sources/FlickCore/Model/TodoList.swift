import Foundation
import GRDB

/// A named list of items.
public struct TodoList: Sendable, Equatable, Identifiable {
    public var id: Int64?
    public var name: String
    public var rank: Int64
    /// The list's stable UID (the calendar's, once synced): a new list gets a fresh UUID.
    public var uid: String

    public init(id: Int64? = nil, name: String, rank: Int64, uid: String = UUID().uuidString.lowercased()) {
        self.id = id
        self.name = name
        self.rank = rank
        self.uid = uid
    }
}

extension TodoList: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "list"

    public static var databaseSelection: [any SQLSelectable] {
        [Column("id"), Column("name"), Column("rank"), Column("uid")]
    }

    public init(row: Row) throws {
        id = row[0]
        name = row[1]
        rank = row[2]
        uid = row[3]
    }

    public func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["name"] = name
        container["rank"] = rank
        container["uid"] = uid
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
