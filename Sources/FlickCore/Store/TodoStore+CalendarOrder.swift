import GRDB

/// A synced list's place and colour among its account's calendars (schema v13):
/// what the last sync read of them, the order Flick and the server agreed on, and a new order
/// of the lists another client made.
extension TodoStore {
    /// Records the calendar's ICAL:calendar-order and ICAL:calendar-color as a sync read them.
    /// The colour is kept, never sent: Flick's rows take the heat map's colours, and a colour
    /// another client gave the calendar stays the server's as it was.
    public func setCalendarAppearance(listID: Int64, order: Int?, color: String?) throws {
        try queue.save { db in
            try db.execute(sql: """
                UPDATE list_sync SET server_order = ?, color = ?
                WHERE list_id = ? AND (server_order IS NOT ? OR color IS NOT ?)
                """, arguments: [order, color, listID, order, color])
        }
    }

    /// The colour the calendar of `listID` had at the last sync (ICAL:calendar-color).
    public func calendarColor(listID: Int64) throws -> String? {
        try queue.readKeepingStatements { db in
            try String.fetchOne(db, sql: "SELECT color FROM list_sync WHERE list_id = ?", arguments: [listID])
        }
    }

    /// The account's synced lists (not the read-only ones: those are other people's calendars,
    /// whose place is theirs) in the order Flick shows them.
    public func calendarPlaces(accountID: Int64) throws -> [CalendarPlace] {
        try queue.readKeepingStatements { db in
            try Row.fetchAll(db, sql: """
                SELECT s.list_id, s.url, s.server_order, s.agreed_order FROM list_sync s JOIN list l ON l.id = s.list_id
                WHERE s.account_id = ? AND NOT s.read_only ORDER BY l.rank, l.id
                """, arguments: [accountID]).map { CalendarPlace(listID: $0[0], url: $0[1], serverOrder: $0[2], agreedOrder: $0[3]) }
        }
    }

    /// Records each list's place in the order Flick and the server now agree on (only the
    /// places that changed are written).
    public func setAgreedCalendarOrders(_ orders: [(listID: Int64, order: Int?)]) throws {
        try queue.save { db in
            let update = try db.cachedStatement(sql: """
                UPDATE list_sync SET agreed_order = ? WHERE list_id = ? AND agreed_order IS NOT ?
                """)
            for (listID, order) in orders { try update.execute(arguments: [order, listID, order]) }
        }
    }

    /// Puts the lists `order` names in that order in the places they hold in the overview
    /// (each place keeps its rank, so the other lists stay where they are and only the lists
    /// that change places are written), as another client ordered their calendars. Returns
    /// false, changing nothing, when two of the lists share a rank (no place to keep).
    @discardableResult
    public func arrangeLists(_ order: [Int64]) throws -> Bool {
        guard order.count > 1 else { return true }
        return try queue.save { db in
            let ranks = try Int64.fetchAll(db, sql: "SELECT rank FROM list WHERE id IN (\(IDArray.values)) ORDER BY rank, id",
                                           arguments: [IDArray.argument(order)])
            guard ranks.count == order.count, Set(ranks).count == ranks.count else { return false }
            let update = try db.cachedStatement(sql: "UPDATE list SET rank = ? WHERE id = ? AND rank <> ?")
            for (listID, rank) in zip(order, ranks) { try update.execute(arguments: [rank, listID, rank]) }
            return true
        }
    }
}
