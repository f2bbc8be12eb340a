/// What went wrong when Flick tried to keep something on disk, in terms a person can act on.
public enum StorageProblem: Equatable, Sendable {
    /// No space left on the disk (ENOSPC, a quota, SQLITE_FULL).
    case diskFull
    /// The data folder or the database may not be written (EROFS, EACCES, EPERM, SQLITE_READONLY).
    case readOnly
    /// The disk reported an error (EIO and other failed reads or writes).
    case diskError
    /// Another program holds the database locked (SQLITE_BUSY, SQLITE_LOCKED).
    case locked
    /// The database file is damaged (SQLITE_CORRUPT, SQLITE_NOTADB while in use).
    case damaged
    /// The data folder's path names a file.
    case notAFolder
    /// The database was written by a newer Flick (`NewerDatabase`): its schema version, when
    /// it says one, and the highest this Flick reads. Updating Flick is the remedy.
    case newerFlick(version: Int?, readable: Int)
    /// Anything else: the log has the details.
    case unknown
}
