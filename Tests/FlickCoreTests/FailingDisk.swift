import Foundation
import GRDBSQLite

/// Makes SQLite's writes to its files fail with EIO while a body runs, in this process, as a
/// failing disk does: through the system calls of SQLite's unix VFS (`xSetSystemCall`), which
/// SQLite offers for such tests. A transaction's pages wait in memory until its COMMIT, so that
/// is where the failure comes: "disk I/O error - while executing `COMMIT TRANSACTION`"
/// (SQLITE_IOERR_WRITE), after which SQLite rolls the transaction back by itself, as under the
/// fault shim of the end-to-end tests (tests/fault/faultfs.c). Every connection of the
/// process is affected: only for the tests of one class at a time, which XCTest runs in turn.
enum FailingDisk {
    private static let calls = ["pwrite64", "pwrite", "write"]

    static func during<T>(_ body: () throws -> T) rethrows -> T {
        let vfs = sqlite3_vfs_find(nil)!
        for name in calls {
            // A name this SQLite does not use is not found, and left alone.
            _ = vfs.pointee.xSetSystemCall(vfs, name, failingCall(name))
        }
        defer {
            // nil puts back the system's own call.
            for name in calls { _ = vfs.pointee.xSetSystemCall(vfs, name, nil) }
        }
        return try body()
    }

    private static func failingCall(_ name: String) -> sqlite3_syscall_ptr {
        switch name {
        case "write":
            let call: @convention(c) (Int32, UnsafeRawPointer?, Int) -> Int = { _, _, _ in
                errno = EIO
                return -1
            }
            return unsafeBitCast(call, to: sqlite3_syscall_ptr.self)
        default:
            let call: @convention(c) (Int32, UnsafeRawPointer?, Int, Int64) -> Int = { _, _, _, _ in
                errno = EIO
                return -1
            }
            return unsafeBitCast(call, to: sqlite3_syscall_ptr.self)
        }
    }
}
