import Foundation
import GRDB

/// Importing items read from .ics files: all of them in one transaction, so a file is imported
/// whole or not at all. An item is known by its UID: one Flick has already (in any list) is
/// updated where it stays, never added twice, so importing a file twice adds nothing.
extension TodoStore {
    public func importLists(_ lists: [ImportedList], into target: ImportTarget, now: Date = Date()) throws -> ImportSummary {
        let texts = lists.flatMap { list in [list.name ?? ""] + list.items.flatMap { [$0.title, $0.notes, $0.ical ?? ""] } }
        if texts.contains(where: { $0.utf8.contains(0) }) { throw StoreError.textContainsNUL }
        let summary = try queue.save { db in
            var summary = ImportSummary()
            let known = try Self.itemsByUID(db, uids: lists.flatMap { $0.items.map(\.uid) })
            var seen = Set<String>()
            for list in lists {
                var added: [ImportedItem] = []
                for item in list.items where seen.insert(item.uid).inserted {
                    if let existing = known[item.uid] {
                        if try Self.update(existing, from: item, db) { summary.updated += 1 } else { summary.unchanged += 1 }
                        if !summary.listIDs.contains(existing.listID) { summary.listIDs.append(existing.listID) }
                    } else {
                        added.append(item)
                    }
                }
                // A task Flick has stays in its list, updated: the list the file names is found or
                // made only for new tasks (`--into B` of tasks already in A made an empty B: issue 29).
                guard !added.isEmpty else { continue }
                let listID = try Self.listID(for: list, target: target, db, summary: &summary)
                if let readOnly = try String.fetchOne(db, sql: """
                    SELECT name FROM list JOIN list_sync ON list_sync.list_id = list.id WHERE list.id = ? AND read_only
                    """, arguments: [listID]) {
                    throw StoreError.listIsReadOnly(readOnly)
                }
                try Self.insert(added, into: listID, db, now: now)
                summary.added += added.count
            }
            return summary
        }
        // Its commits were told as they came; what a query gathers (Today, a search) is read
        // again once, now, unless the file changed nothing (imported twice, it adds nothing).
        if summary.added + summary.updated > 0 { writerFinished() }
        return summary
    }

    /// The id and modification time of every item with one of these UIDs. In chunks: a scan of
    /// the table each (there is no index on UIDs, see `SchemaV2`), few for a file of any size.
    private static func itemsByUID(_ db: Database, uids: [String]) throws -> [String: KnownItem] {
        var found: [String: KnownItem] = [:]
        let unique = Array(Set(uids))
        for start in stride(from: 0, to: unique.count, by: 900) {
            let chunk = Array(unique[start..<min(start + 900, unique.count)])
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            for row in try Row.fetchAll(db, sql: "SELECT uid, id, modified_at, list_id FROM item WHERE uid IN (\(marks))",
                                        arguments: StatementArguments(chunk)) {
                found[row[0]] = KnownItem(id: row[1], modifiedAt: row[2], listID: row[3])
            }
        }
        return found
    }

    private static func listID(for list: ImportedList, target: ImportTarget, _ db: Database,
                               summary: inout ImportSummary) throws -> Int64 {
        let id: Int64
        switch target {
        case let .list(listID):
            guard try Int64.fetchOne(db, sql: "SELECT id FROM list WHERE id = ?", arguments: [listID]) != nil else {
                throw StoreError.listNotFound(listID)
            }
            id = listID
        case let .listNamed(name):
            id = try listID(named: importedListName(name) ?? "Imported", db, summary: &summary)
        case let .listsByName(fallbackName):
            id = try listID(named: importedListName(list.name) ?? importedListName(fallbackName) ?? "Imported", db,
                            summary: &summary)
        }
        if !summary.listIDs.contains(id) { summary.listIDs.append(id) }
        return id
    }

    /// The first list called `name`, or a new one at the end of the overview.
    private static func listID(named name: String, _ db: Database, summary: inout ImportSummary) throws -> Int64 {
        if let existing = try Int64.fetchOne(db, sql: "SELECT id FROM list WHERE name = ? ORDER BY rank LIMIT 1",
                                             arguments: [name]) {
            return existing
        }
        let lastRank = try Int64.fetchOne(db, sql: "SELECT max(rank) FROM list")
        var created = TodoList(name: name, rank: SparseRank.between(lastRank, nil) ?? 0)
        try created.insert(db)
        summary.createdListIDs.append(created.id!)
        return created.id!
    }

    /// Writes the file's version of an item Flick has, unless Flick's is the newer one (changed
    /// after the file's LAST-MODIFIED). True when something changed.
    private static func update(_ existing: KnownItem, from item: ImportedItem, _ db: Database) throws -> Bool {
        if let modified = item.modifiedAt, milliseconds(modified) < existing.modifiedAt { return false }
        // Only a row that differs is written: SQLite counts a row set to what it was as changed.
        var values = fieldValues(of: item)
        // An item its calendar holds keeps its base, the text both sides of the sync last agreed
        // on: with the file's text as the base, the next sync saw nothing to send, and the
        // server kept the old version for good (issue 29). The changed fields mark it to send.
        if let base = try String?.fetchOne(db, sql: """
            SELECT item.ical FROM item JOIN item_sync ON item_sync.item_id = item.id
            WHERE item.id = ? AND item_sync.href IS NOT NULL
            """, arguments: [existing.id]) {
            values[values.count - 1] = base
        } else if item.ical == nil {
            // Another app's export has no iCalendar text: the item keeps the one it has (a task
            // first imported from an .ics file and again from, say, Errands keeps its VTODO).
            values[values.count - 1] = try String?.fetchOne(db, sql: "SELECT ical FROM item WHERE id = ?",
                                                             arguments: [existing.id]) ?? nil
        }
        let assignments = fieldColumns.map { "\($0) = ?" }.joined(separator: ", ")
        let unchanged = fieldColumns.map { "\($0) IS ?" }.joined(separator: " AND ")
        try db.execute(sql: "UPDATE item SET \(assignments) WHERE id = ? AND NOT (\(unchanged))",
                       arguments: StatementArguments(values + [existing.id] + values))
        guard db.changesCount > 0 else { return false }
        try Self.setTimes(of: existing.id, from: item, db)
        return true
    }

    /// Inserts new items: open ones after the list's open items, completed ones at its end,
    /// each group in the file's order.
    private static func insert(_ items: [ImportedItem], into listID: Int64, _ db: Database, now: Date) throws {
        guard !items.isEmpty else { return }
        let open = items.filter { !$0.isCompleted }.sorted { $0.sortOrder < $1.sortOrder }
        let done = items.filter(\.isCompleted).sorted { $0.sortOrder < $1.sortOrder }
        guard let ranks = try ranks(open: open, done: done, listID: listID, db) else {
            try renumber(listID: listID, db)
            return try insert(items, into: listID, db, now: now)
        }
        for (item, rank) in zip(open + done, ranks) {
            try db.execute(sql: insertSQL, arguments: StatementArguments([listID, rank, item.uid] + fieldValues(of: item)))
            try setTimes(of: db.lastInsertedRowID, from: item, db, now: now)
        }
    }

    /// Ranks for `open` followed by `done`, or nil when the list is packed too tight for them.
    private static func ranks(open: [ImportedItem], done: [ImportedItem], listID: Int64, _ db: Database) throws -> [Int64]? {
        let lastOpen = try Int64.fetchOne(db, sql: "SELECT max(rank) FROM item WHERE list_id = ? AND completed = 0",
                                          arguments: [listID])
        let firstDoneAfter = try Int64.fetchOne(db, sql: """
            SELECT min(rank) FROM item WHERE list_id = ? AND completed = 1 AND rank > ifnull(?, -9223372036854775808)
            """, arguments: [listID, lastOpen])
        let last = try Int64.fetchOne(db, sql: "SELECT max(rank) FROM item WHERE list_id = ?", arguments: [listID])
        guard let openRanks = ImportRanks.place(open.map(\.sortOrder), after: lastOpen, before: firstDoneAfter) else {
            return nil
        }
        let afterAll = [last, openRanks.last].compactMap { $0 }.max()
        guard let doneRanks = ImportRanks.place(done.map(\.sortOrder), after: afterAll, before: nil) else { return nil }
        return openRanks + doneRanks
    }

    /// Spaces the list's items evenly, in their order, to make room.
    private static func renumber(listID: Int64, _ db: Database) throws {
        let ids = try Int64.fetchAll(db, sql: "SELECT id FROM item WHERE list_id = ? ORDER BY rank, id", arguments: [listID])
        for (id, rank) in zip(ids, SparseRank.evenlySpaced(count: ids.count)) {
            try db.execute(sql: "UPDATE item SET rank = ? WHERE id = ?", arguments: [rank, id])
        }
    }

    /// The columns an item read from iCalendar sets, in the order of `fieldValues(of:)`; the
    /// base text last.
    static let fieldColumns = ["title", "notes", "completed", "due_day", "due_minute", "due_zone", "reminder", "rrule",
                               "priority", "tags", "parent_uid", "start_day", "start_minute", "start_zone", "ical"]

    static func fieldValues(of item: ImportedItem) -> [(any DatabaseValueConvertible)?] {
        [item.title, item.notes, item.isCompleted, item.due?.dayNumber, item.due?.minutesAfterMidnight,
         item.due?.timeZone, item.reminder?.storedText, item.repeatRule, item.priority, ItemTags.stored(item.tags),
         item.parentUID, item.start?.dayNumber, item.start?.minutesAfterMidnight, item.start?.timeZone, item.ical]
    }

    /// A new item in a list at a rank, with its UID and `fieldValues(of:)`.
    static var insertSQL: String {
        let columns = (["list_id", "rank", "uid"] + fieldColumns).joined(separator: ", ")
        let marks = Array(repeating: "?", count: fieldColumns.count + 3).joined(separator: ", ")
        return "INSERT INTO item (\(columns)) VALUES (\(marks))"
    }

    /// The file's creation, modification and completion times where it has them (the triggers
    /// have set the current time where it has not).
    static func setTimes(of itemID: Int64, from item: ImportedItem, _ db: Database, now: Date = Date()) throws {
        try db.execute(sql: """
            UPDATE item SET created_at = ifnull(?, created_at), modified_at = ?,
                completed_at = CASE WHEN completed THEN coalesce(?, completed_at, ?) END
            WHERE id = ?
            """, arguments: [item.createdAt.map(milliseconds), milliseconds(item.modifiedAt ?? now),
                             item.completedAt.map(milliseconds), milliseconds(now), itemID])
    }

    /// A calendar's name as a list's: on one line, trimmed; nil when nothing is left.
    private static func importedListName(_ name: String?) -> String? {
        let line = (name ?? "").split(whereSeparator: \.isNewline).joined(separator: " ")
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : String(trimmed.prefix(200))
    }

    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }
}
