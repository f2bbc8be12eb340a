import GRDB

/// Which state of the file a read saw: SQLite's `data_version`, which changes when another
/// connection (another program, another Flick) commits, and this connection's count of rows
/// it has inserted, changed or deleted, triggers' included, which changes with each of its
/// own writes. Equal versions read the same data: a read kept with one stays true until the
/// version moves (a rolled-back write moves it too, which only costs a read again).
struct StoreVersion: Equatable {
    var dataVersion: Int64
    var ownChanges: Int

    /// The version `db` reads now; call it inside the read it vouches for.
    static func current(_ db: Database) throws -> StoreVersion {
        let dataVersion = try Int64.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0
        return StoreVersion(dataVersion: dataVersion, ownChanges: db.totalChangesCount)
    }
}
