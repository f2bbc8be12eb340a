import Foundation
import GRDB

/// A failure to read or write Flick's data, classified for the user (`problem`), with the
/// data folder it concerns and the system's or SQLite's own words (`detail`) for the log.
public struct StorageFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public var problem: StorageProblem
    /// The data folder that could not be used.
    public var folder: String
    /// SQLite's or the system's message, never shown as the message itself.
    public var detail: String

    public init(problem: StorageProblem, folder: String, detail: String) {
        self.problem = problem
        self.folder = folder
        self.detail = detail
    }

    /// Classifies `error`. SQLite tells a full disk (SQLITE_FULL) but not a read-only disk from a
    /// failing one: both are SQLITE_IOERR, and `sqlite3_system_errno` reads 0 after a failed
    /// commit (seen with Debian's SQLite 3.40), so `checkingFolder()` asks the folder.
    public init(_ error: Error, folder: URL) {
        self.folder = folder.path
        switch error {
        case let failure as StorageFailure:
            self = failure
        case let error as DatabaseError:
            problem = Self.problem(sqliteCode: error.resultCode)
            detail = "\(error) (extended code \(error.extendedResultCode.rawValue))"
        case let newer as NewerDatabase:
            problem = .newerFlick(version: newer.version, readable: newer.readable)
            detail = newer.description
        case StoreError.dataDirectoryIsAFile(let path):
            problem = .notAFolder
            detail = "\(path) is a file"
        case let error as CocoaError:
            problem = Self.problem(cocoaError: error)
            detail = "\(error)"
        case let error as POSIXError:
            problem = Self.problem(errno: error.code.rawValue) ?? .diskError
            detail = "\(error)"
        default:
            problem = .unknown
            detail = "\(error)"
        }
    }

    public var description: String { "\(problem) in \(folder): \(detail)" }

    /// When SQLite or the system did not say why (a failed open has no OS error to read), the
    /// folder itself is asked: can it be written, is there space left on its disk.
    public func checkingFolder() -> StorageFailure {
        guard problem == .diskError || problem == .unknown else { return self }
        var checked = self
        // A folder that does not exist yet is made in its nearest existing parent.
        var existing = URL(fileURLWithPath: folder)
        while access(existing.path, F_OK) != 0, existing.path != "/" { existing.deleteLastPathComponent() }
        if access(existing.path, W_OK) != 0, let found = Self.problem(errno: errno) {
            checked.problem = found
        } else {
            var stats = statvfs()
            if statvfs(folder, &stats) == 0, stats.f_bavail == 0 { checked.problem = .diskFull }
        }
        return checked
    }

    static func problem(sqliteCode: ResultCode) -> StorageProblem {
        switch sqliteCode {
        case .SQLITE_FULL: return .diskFull
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH: return .readOnly
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .locked
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: return .damaged
        case .SQLITE_IOERR, .SQLITE_CANTOPEN: return .diskError
        default: return .unknown
        }
    }

    /// The problem an OS error stands for, nil for errors that say nothing about storage.
    static func problem(errno code: Int32) -> StorageProblem? {
        switch code {
        case ENOSPC, EDQUOT, EFBIG: return .diskFull
        case EROFS, EACCES, EPERM: return .readOnly
        case EIO, ENXIO, ENODEV, ESTALE: return .diskError
        case ENOTDIR, EISDIR: return .notAFolder
        default: return nil
        }
    }

    static func problem(cocoaError error: CocoaError) -> StorageProblem {
        switch error.code {
        case .fileWriteOutOfSpace: return .diskFull
        case .fileWriteVolumeReadOnly, .fileWriteNoPermission, .fileReadNoPermission: return .readOnly
        default:
            if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
               let problem = problem(errno: Int32(underlying.code)) {
                return problem
            }
            return .diskError
        }
    }
}

extension DatabaseQueue {
    /// `write`, with a failure turned into a `StorageFailure` that names the data folder.
    func save<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try write(body)
        } catch let error as DatabaseError {
            throw StorageFailure(error, folder: URL(fileURLWithPath: path).deletingLastPathComponent())
        }
    }
}
