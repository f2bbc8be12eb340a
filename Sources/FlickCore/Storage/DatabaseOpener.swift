import Foundation
import Glibc
import GRDB

/// Opens Flick's database file, checking it first without writing to it. A file that cannot be
/// used is renamed aside with a timestamp, never overwritten or deleted, and a fresh database
/// takes its place. A newer Flick's file is refused (`NewerDatabase`) and left as it is; an
/// older one is copied into `backups/` before it is migrated (`UpgradeCopy`).
public enum DatabaseOpener {
    public struct Opened: Sendable {
        public var queue: DatabaseQueue
        /// True when no usable database existed: the caller seeds the first-run list.
        public var isNew: Bool
        /// Set when an existing file could not be used and was kept aside.
        public var keptAside: UnreadableDatabase?
    }

    /// - Parameters:
    ///   - now: the time stamped on a file kept aside, and the day named by a copy before an
    ///     upgrade (an input, for tests).
    ///   - checked: the file has just passed the same check (`StorePreload`): not repeated.
    /// - Throws: `NewerDatabase` for a newer Flick's file, before anything in its folder changes.
    public static func open(at url: URL, now: Date = Date(), checked: Bool = false) throws -> Opened {
        if let newer = NewerDatabase.inHeader(of: url) { throw newer }
        try DataDirectory.prepare(url.deletingLastPathComponent())
        var keptAside: UnreadableDatabase?
        var isNew = !FileManager.default.fileExists(atPath: url.path)
        if !isNew, !checked, let problem = try inspect(url) {
            let aside = try keepAside(url, now: now)
            keptAside = UnreadableDatabase(reason: problem.reason, keptAsideURL: aside, detail: problem.detail)
            isNew = true
        }
        if isNew {
            try createPrivateFile(url)
        } else {
            // Before SQLite opens it: SQLite gives the -wal and -shm files it makes the main file's mode.
            try restrictPermissions(of: url)
        }
        let queue = try openForWriting(url, now: now)
        CleanCloseMark.remove(for: url)  // From here the file changes: a crash must not find it vouched for.
        try restrictPermissions(of: url)
        return Opened(queue: queue, isNew: isNew, keptAside: keptAside)
    }

    /// Opens the file for writing and brings its schema up to date. Turning a file to WAL needs
    /// it to itself for a moment: a program reading it just then (a second Flick's `--list`, a
    /// backup, a script) makes SQLite answer "busy" at once, and Flick did not start (seen on a
    /// first run while a test read the new file). It waits for such a reader a little. A file
    /// of an older schema is copied before its migration, once.
    private static func openForWriting(_ url: URL, now: Date) throws -> DatabaseQueue {
        let deadline = Date().addingTimeInterval(BusyWait.seconds)
        var copied = false
        while true {
            do {
                let queue = try DatabaseQueue(path: url.path, configuration: writingConfiguration())
                if !copied {
                    try UpgradeCopy.makeIfDue(of: queue, now: now)
                    copied = true
                }
                try Schema.migrator.migrate(queue)
                try queue.write(FlickRelease.recordWriter)
                return queue
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && Date() < deadline {
                usleep(busyRetryMicroseconds)
            }
        }
    }

    /// The pause between two tries while another connection holds the file. One that holds it
    /// longer than `BusyWait.seconds` (a transaction left open) is reported as the file being in use.
    static let busyRetryMicroseconds: UInt32 = 50_000

    /// What makes a database file unusable, and SQLite's words for it.
    struct Problem {
        var reason: UnreadableDatabase.Reason
        var detail: String
    }

    /// Reads the file read-only and says what, if anything, makes it unusable. Damage is found
    /// only by a check that ran to its end (in one read transaction: a snapshot no other
    /// connection changes) or by SQLite saying so itself (SQLITE_CORRUPT, SQLITE_NOTADB). Any
    /// other answer (busy, locked, a write-ahead log being checkpointed or recovered, no
    /// permission, a disk error) says nothing about the file: it is tried again for a while,
    /// then thrown for the caller to say in words, and the file stays where it is.
    private static func inspect(_ url: URL) throws -> Problem? {
        let deadline = Date().addingTimeInterval(BusyWait.seconds)
        while true {
            do {
                return try checkOnce(url)
            } catch is DatabaseError where Date() < deadline {
                usleep(busyRetryMicroseconds)
            }
        }
    }

    private static func checkOnce(_ url: URL) throws -> Problem? {
        do {
            let queue = try DatabaseQueue(path: url.path, configuration: BusyWait.readOnly())
            defer { try? queue.close() }
            let closedCleanly = CleanCloseMark.isCurrent(for: url)
            return try queue.read { db in try problem(in: db, closedCleanly: closedCleanly) }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            return Problem(reason: .notADatabase, detail: error.message ?? "\(error)")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT {
            return Problem(reason: .damaged, detail: error.message ?? "\(error)")
        }
    }

    /// Checks an open database without writing to it (also used by `ListSnapshot`).
    /// - Parameter closedCleanly: the file is as Flick closed it (`CleanCloseMark`): its pages
    ///   and its schema were checked when Flick opened it, and only SQLite wrote to it since, so
    ///   they are not read again; what a newer Flick may have done to it still is.
    /// - Throws: `NewerDatabase` for a newer Flick's file, which is no problem of the file's.
    static func problem(in db: Database, closedCleanly: Bool = false) throws -> Problem? {
        let tableCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
        if tableCount == 0 {
            return nil  // An empty file is a valid, empty database.
        }
        if !closedCleanly, let damaged = try pagesProblem(in: db) {
            return damaged
        }
        if let owner = try ownerProblem(in: db) {
            return owner
        }
        return closedCleanly ? nil : try schemaProblem(in: db)
    }

    /// Damage to the pages, indexes or schema of a file whose owner was checked already
    /// (`ownerProblem`): reads every page (a third of a second at 100,000 items), so a start
    /// after a crash runs it beside the first frame (`DeferredDatabaseCheck`).
    static func damage(in db: Database) throws -> Problem? {
        try pagesProblem(in: db) ?? schemaProblem(in: db)
    }

    /// Whether the file is another program's, or a newer Flick's (thrown, `NewerDatabase`): a
    /// few reads of its header and schema, the part of the check that every start waits for.
    /// The header alone told already, unless the newer version is still in the write-ahead log
    /// (a newer Flick ended by a crash) or only its migrations say so.
    static func ownerProblem(in db: Database) throws -> Problem? {
        let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        if applicationID != Schema.applicationID {
            return Problem(reason: .foreign, detail: "application_id \(applicationID)")
        }
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        if version > Schema.version {
            throw NewerDatabase(version: version, detail: "user_version \(version)")
        }
        // A migration this Flick does not know was made by a newer one, whatever the version says.
        let known = Set(Schema.migrator.migrations)
        if let unknown = try Schema.migrator.appliedIdentifiers(db).subtracting(known).sorted().first {
            throw NewerDatabase(version: nil, detail: "migration \(unknown) with user_version \(version)")
        }
        return nil
    }

    private static func pagesProblem(in db: Database) throws -> Problem? {
        // Not quick_check: it does not compare indexes with their tables, and a file whose
        // index disagrees passed it, then failed as "malformed" at its first read, every start.
        let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
        return integrity == ["ok"] ? nil : Problem(reason: .damaged, detail: integrity.prefix(3).joined(separator: "; "))
    }

    private static func schemaProblem(in db: Database) throws -> Problem? {
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        return try SchemaCheck.problem(in: db, version: version).map { Problem(reason: .damaged, detail: $0) }
    }

    /// Renames the database and its journal files to `<name>.<label>-<UTC time>`: unreadable,
    /// or replaced by a file set aside and reopened (`SetAsideDatabase`).
    static func keepAside(_ url: URL, now: Date, label: String = unreadableLabel) throws -> URL {
        let base = url.path + "." + label + "-" + SetAsideStamp.text(for: now)
        var target = base
        var counter = 1
        while FileManager.default.fileExists(atPath: target) {
            counter += 1
            target = "\(base)-\(counter)"
        }
        try FileManager.default.moveItem(atPath: url.path, toPath: target)
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: url.path + suffix) {
            try FileManager.default.moveItem(atPath: url.path + suffix, toPath: target + suffix)
        }
        // A rename keeps the mode: a file kept aside holds the user's items as much as the database did.
        try restrictPermissions(of: URL(fileURLWithPath: target))
        return URL(fileURLWithPath: target)
    }

    static let unreadableLabel = "unreadable"
    static let replacedLabel = "replaced"

    private static func writingConfiguration() -> Configuration {
        var configuration = Configuration()
        // WAL is set here, not with GRDB's `journalMode = .wal`: that one also commits a dummy
        // table whenever the -wal file is missing, which it is after every clean close, so every
        // start wrote to the file and synced it twice before the window could be built. That
        // write is for GRDB's DatabasePool readers; Flick's readers are plain connections, and
        // read the file with no -wal (StorePreload reads it before this connection opens).
        configuration.prepareDatabase { db in
            let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            guard mode == "wal" else {
                throw DatabaseError(message: "could not turn on write-ahead logging (journal mode \(mode ?? "none"))")
            }
            // As GRDB's WAL set-up does: a commit survives Flick crashing at once, a power cut
            // once the log is next synced (a checkpoint): commits do not wait for the disk.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // Statement journals in memory. A statement inside a transaction that may fail half
            // way (a trigger, a foreign key) keeps the pages it changes, to undo that statement
            // alone; past 64 KiB SQLite writes them to a file in /var/tmp, two write calls a page
            // (its number, then the page). A Clear Completed of 1,428 items among 10,000, or its
            // undo, made about 1,800 such calls. The journal is dropped at the
            // statement's end, so it never needs a file.
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
        }
        configuration.foreignKeysEnabled = true
        BusyWait.apply(to: &configuration)
        // Never deliver to DispatchQueue.main: GTK owns the main loop and does not drain it.
        configuration.label = "flick"
        return configuration
    }

    /// SQLite gives the -wal and -shm files the main file's mode, so the main file is made
    /// 0600 before SQLite first opens it. `open` with that mode, not FileManager, whose file
    /// is 0666 less the umask (0666 under umask 000) until it changes the mode.
    private static func createPrivateFile(_ url: URL) throws {
        let descriptor = Glibc.open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        // EEXIST: another process made it meanwhile; its mode is restricted below, as any existing file's.
        guard descriptor >= 0 || errno == EEXIST else { throw PrivateFile.lastError() }
        if descriptor >= 0 { close(descriptor) }
    }

    /// Each of the three files that exists is made 0600. Not "if it exists, change it": another
    /// process's last connection deletes the -wal and -shm files as it closes, between the two
    /// steps (a `flick --import` ending as a `flick --add` began failed the add with a disk
    /// error, seen on Debian 13). A file gone meanwhile needs no mode.
    private static func restrictPermissions(of url: URL) throws {
        for suffix in ["", "-wal", "-shm"] {
            try PrivateFile.restrictMode(ofPath: url.path + suffix)
        }
    }
}
