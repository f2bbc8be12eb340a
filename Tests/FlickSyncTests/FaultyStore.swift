import FlickCore
import Foundation
import FuzzSupport
import GRDB

/// A store in a temporary folder whose writes to items and lists can be made to fail after a
/// chosen number, by triggers of this connection only (TEMP), to check that an import that
/// fails halfway leaves nothing behind.
final class FaultyStore {
    let directory: URL
    let store: TodoStore
    private let now = Date(timeIntervalSince1970: 1_790_000_000)

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("flick-fuzz-\(UUID().uuidString)")
        store = try TodoStore(databaseURL: directory.appendingPathComponent(DataDirectory.databaseFileName))
        try store.createList(name: "Inbox", titles: ["first", "second"])
        try store.queue.inDatabase { db in
            try db.execute(sql: "CREATE TEMP TABLE fuzz_budget (n INTEGER NOT NULL); INSERT INTO fuzz_budget VALUES (0)")
            for (table, event) in [("item", "INSERT"), ("item", "UPDATE"), ("list", "INSERT")] {
                try db.execute(sql: """
                    CREATE TEMP TRIGGER fuzz_fault_\(table)_\(event.lowercased()) BEFORE \(event) ON main.\(table) BEGIN
                        UPDATE fuzz_budget SET n = n - 1;
                        SELECT RAISE(ABORT, 'fuzz: injected write failure') WHERE (SELECT n FROM fuzz_budget) < 0;
                    END
                    """)
            }
        }
    }

    deinit {
        try? store.queue.close()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Imports `lists` into a random target with a random number of writes allowed. What went
    /// wrong, or nil: a failed import must leave every table as it was; one that succeeded must
    /// have added the items and lists it says.
    func checkImport(_ lists: [ImportedList], _ random: inout FuzzRandom) throws -> String? {
        let writes = lists.reduce(0) { $0 + $1.items.count } * 2 + lists.count
        let budget = random.chance(0.5) ? 1_000_000 : random.below(writes + 1)
        let existing = try store.lists()
        let target: ImportTarget = switch random.below(4) {
        case 0: .list(id: existing[random.below(existing.count)].id!)
        case 1: .list(id: 987_654)
        case 2: .listNamed(random.pick(["Imported", "", " \n ", "Work\u{0}", "\u{202E}קניות", String(repeating: "ü", count: 500)]))
        default: .listsByName(fallbackName: "Imported")
        }
        let before = try contents()
        try store.queue.inDatabase { db in try db.execute(sql: "UPDATE fuzz_budget SET n = ?", arguments: [budget]) }
        do {
            let summary = try store.importLists(lists, into: target, now: now)
            let after = try contents()
            let added = (after["item"]?.count ?? 0) - (before["item"]?.count ?? 0)
            let madeLists = (after["list"]?.count ?? 0) - (before["list"]?.count ?? 0)
            if added != summary.added || madeLists != summary.createdListIDs.count {
                return "the import says it added \(summary.added) items and \(summary.createdListIDs.count) lists, " +
                    "but \(added) items and \(madeLists) lists are new"
            }
        } catch {
            if try contents() != before { return "a failed import (\(error)) left some of its changes behind" }
            let expected = "\(error)".contains("fuzz: injected write failure") || error as? StoreError == .listNotFound(987_654)
            if !expected { return "the import failed unexpectedly: \(error)" }
        }
        return nil
    }

    /// Every row of every table, by table.
    private func contents() throws -> [String: [Row]] {
        try store.queue.read { db in
            var tables: [String: [Row]] = [:]
            for name in try String.fetchAll(db, sql: "SELECT name FROM main.sqlite_master WHERE type = 'table'") {
                // Sorted here: some of FTS5's tables have no rowid to order by.
                tables[name] = try Row.fetchAll(db, sql: "SELECT * FROM main.\"\(name)\"").sorted { "\($0)" < "\($1)" }
            }
            return tables
        }
    }
}
