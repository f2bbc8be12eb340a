import GRDB

/// The list's tree as the database holds it: `parent_uid` names a parent by UID, in the same list.
extension ItemTree {
    /// The list's items that name a parent, each with the id of the item of the list that has
    /// that UID (the lowest, should two share it), or nil when none has. Read through
    /// `item_parent` (v8) and `item_uid` (v10): a list without subtasks costs one probe.
    static func parents(inList listID: Int64, _ db: Database) throws -> [Int64: Int64?] {
        var parents: [Int64: Int64?] = [:]
        let rows = try Row.fetchCursor(db, sql: """
            SELECT child.id, (SELECT parent.id FROM item AS parent
                              WHERE parent.list_id = child.list_id AND parent.uid = child.parent_uid
                              ORDER BY parent.id LIMIT 1)
            FROM item AS child WHERE child.list_id = ? AND child.parent_uid IS NOT NULL
            """, arguments: [listID])
        while let row = try rows.next() { parents[row[0]] = .some(row[1]) }
        return parents
    }

    /// The list's top level in its order: the items that name no parent (read from the index
    /// `item_rows` alone), and those `promoted` shows there.
    static func topLevel(inList listID: Int64, _ db: Database) throws -> [ItemRow] {
        let roots = try ItemRow.filter(Column("list_id") == listID && Column("parent_uid") == nil)
            .order(Column("rank"), Column("id")).fetchAll(db)
        let promotedIDs = promoted(try parents(inList: listID, db))
        guard !promotedIDs.isEmpty else { return roots }
        let promotedItems = try ItemRow.filter(sql: "id IN (\(IDArray.values))", arguments: [IDArray.argument(promotedIDs)]).fetchAll(db)
        // Rare (a file's broken tree), so a sort of the whole is cheap enough.
        return (roots + promotedItems).sorted { ($0.rank, $0.id) < ($1.rank, $1.id) }
    }

    /// The ids of the item's subtasks at every depth, in its list; a loop of parents is walked
    /// once (UNION drops the rows already found).
    static func descendants(of itemID: Int64, _ db: Database) throws -> [Int64] {
        // Cached: every deletion asks, and compiling the query was most of its cost.
        try Int64.fetchAll(db.cachedStatement(sql: """
            WITH RECURSIVE tree(id, uid, list_id) AS (
                SELECT id, uid, list_id FROM item WHERE id = ?
                UNION
                SELECT child.id, child.uid, child.list_id FROM item AS child
                    JOIN tree ON child.list_id = tree.list_id AND child.parent_uid = tree.uid)
            SELECT id FROM tree WHERE id <> ?
            """), arguments: [itemID, itemID])
    }

    /// The items above this one, from the list's top level down to its parent: the levels a
    /// search result that is a subtask opens through. Stops at a loop of parents and at a
    /// parent shown at the top level (`promoted`), as the list's pages do.
    static func ancestors(of itemID: Int64, _ db: Database) throws -> [(id: Int64, title: String)] {
        guard let listID = try Int64.fetchOne(db, sql: "SELECT list_id FROM item WHERE id = ?", arguments: [itemID]) else { return [] }
        let parents = try Self.parents(inList: listID, db)
        let promoted = Self.promoted(parents)
        var chain: [Int64] = []
        var current = itemID
        while !promoted.contains(current), let parent = parents[current] ?? nil, !chain.contains(parent), parent != itemID {
            chain.append(parent)
            current = parent
        }
        return try chain.reversed().map { id in
            (id, try String.fetchOne(db, sql: "SELECT title FROM item WHERE id = ?", arguments: [id]) ?? "")
        }
    }

    /// The title of each of these items' parent, for those that are subtasks: what Today and a
    /// search say of a subtask ("subtask of Plan the trip").
    static func parentTitles(of itemIDs: [Int64], _ db: Database) throws -> [Int64: String] {
        var titles: [Int64: String] = [:]
        let rows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT child.id, (SELECT parent.title FROM item AS parent
                              WHERE parent.list_id = child.list_id AND parent.uid = child.parent_uid AND parent.id <> child.id
                              ORDER BY parent.id LIMIT 1)
            FROM item AS child WHERE child.id IN (\(IDArray.values)) AND child.parent_uid IS NOT NULL
            """), arguments: [IDArray.argument(itemIDs)])
        while let row = try rows.next() {
            if let title: String = row[1] { titles[row[0]] = title }
        }
        return titles
    }

    /// The subtasks of the item `parentUID` names in the list, in their order.
    static func children(ofUID parentUID: String, inList listID: Int64, _ db: Database) throws -> [TodoItem] {
        // Through `item_parent`, named, for the reason `progress` gives.
        try TodoItem.fetchAll(db, sql: """
            SELECT id, list_id, title, completed, rank, \(TodoItem.packedSQL), due_zone, start_day FROM item INDEXED BY item_parent
            WHERE list_id = ? AND parent_uid = ? ORDER BY rank, id
            """, arguments: [listID, parentUID])
    }

    /// How many subtasks each item of the list has, and how many of them are done, by the
    /// item's id: what a row's progress chip says ("2/5"). Only direct subtasks count. Read
    /// through `item_parent`, named: left to itself SQLite scans the whole list in `item_rows`,
    /// which covers `completed` (at 100,000 items, a tenth of a core after every change).
    static func progress(inList listID: Int64, _ db: Database) throws -> [Int64: SubtaskProgress] {
        var progress: [Int64: SubtaskProgress] = [:]
        // Cached: it is read again after every change to the list.
        let rows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT parent.id, count(*), total(child.completed)
            FROM item AS child INDEXED BY item_parent
                JOIN item AS parent ON parent.list_id = child.list_id AND parent.uid = child.parent_uid
            WHERE child.list_id = ? AND child.parent_uid IS NOT NULL AND parent.id <> child.id
            GROUP BY parent.id
            """), arguments: [listID])
        while let row = try rows.next() {
            progress[row[0]] = SubtaskProgress(done: Int(row[2] as Double), total: row[1])
        }
        return progress
    }
}
