import GRDB

/// What a list keeps in memory of each of its items: its id, list, rank and whether it
/// is done, 32 bytes a row. That is all the order, the gestures and the counts need. A row's
/// title, due date and marks are read when it is shown (`ListDocument.item(at:)`, through
/// `ItemCache`): at 100,000 items the titles alone held 7 MiB (`make bench`, peak RSS).
public struct ItemRow: Sendable, Equatable, Identifiable {
    public var id: Int64
    public var listID: Int64
    public var rank: Int64
    public var isCompleted: Bool

    public init(id: Int64, listID: Int64, rank: Int64, isCompleted: Bool) {
        self.id = id
        self.listID = listID
        self.rank = rank
        self.isCompleted = isCompleted
    }

    /// The row of an item that has been stored (it has an id).
    public init(_ item: TodoItem) {
        self.init(id: item.id ?? -1, listID: item.listID, rank: item.rank, isCompleted: item.isCompleted)
    }
}

extension ItemRow: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "item"

    /// The columns read, in the order `init(row:)` reads them: all in the index `item_rows`, so a
    /// list is read from the index alone.
    public static var databaseSelection: [any SQLSelectable] {
        ["id", "list_id", "rank", "completed"].map { Column($0) }
    }

    public init(row: Row) throws {
        id = row[0]
        listID = row[1]
        rank = row[2]
        isCompleted = row[3]
    }

    /// Writes the rank only: a row is written when ranks are renumbered (`RankAllocator`) or an
    /// item moves, and every other column stays as stored.
    public func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["rank"] = rank
    }
}

extension ItemRow: RankedRecord {}

extension ItemRow {
    /// The rows of one list in their order, as `TodoItem.ordered(inList:)` gives its items.
    static func ordered(inList listID: Int64) -> QueryInterfaceRequest<ItemRow> {
        ItemRow.filter(Column("list_id") == listID).order(Column("rank"), Column("id"))
    }
}
