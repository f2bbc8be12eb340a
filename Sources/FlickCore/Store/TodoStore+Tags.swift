import Foundation
import GRDB

extension TodoStore {
    /// Every tag any item has, once each (the first spelling met), in the locale's order: what
    /// the details' tags field offers to complete.
    public func allTags() throws -> [String] {
        let stored = try queue.readKeepingStatements { db in
            try String.fetchAll(db, sql: "SELECT DISTINCT tags FROM item WHERE tags IS NOT NULL")
        }
        return ItemTags.cleaned(stored.flatMap { ItemTags.tags(stored: $0) })
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    }
}
