import Foundation
import GRDB
import XCTest
@testable import FlickCore

/// Every storage error Flick can meet becomes a problem the user can act on.
final class StorageFailureTests: XCTestCase {
    private let folder = URL(fileURLWithPath: "/home/ada/.local/share/io.github.flicktodo.Flick")

    private func problem(_ code: ResultCode, errno: Int32 = 0) -> StorageProblem {
        StorageFailure(DatabaseError(resultCode: code, message: "x"), systemErrno: errno, folder: folder).problem
    }

    func testSQLiteResultCodes() {
        XCTAssertEqual(problem(.SQLITE_FULL), .diskFull)
        XCTAssertEqual(problem(.SQLITE_READONLY), .readOnly)
        XCTAssertEqual(problem(.SQLITE_PERM), .readOnly)
        XCTAssertEqual(problem(.SQLITE_BUSY), .locked)
        XCTAssertEqual(problem(.SQLITE_LOCKED), .locked)
        XCTAssertEqual(problem(.SQLITE_CORRUPT), .damaged)
        XCTAssertEqual(problem(.SQLITE_NOTADB), .damaged)
        XCTAssertEqual(problem(.SQLITE_IOERR), .diskError, "an I/O error with no OS error behind it")
        XCTAssertEqual(problem(.SQLITE_MISUSE), .unknown)
    }

    func testTheOSErrorBehindAnIOErrorDecides() {
        XCTAssertEqual(problem(.SQLITE_IOERR, errno: ENOSPC), .diskFull)
        XCTAssertEqual(problem(.SQLITE_IOERR, errno: EDQUOT), .diskFull)
        XCTAssertEqual(problem(.SQLITE_IOERR, errno: EROFS), .readOnly)
        XCTAssertEqual(problem(.SQLITE_IOERR, errno: EACCES), .readOnly)
        XCTAssertEqual(problem(.SQLITE_IOERR, errno: EPERM), .readOnly)
        XCTAssertEqual(problem(.SQLITE_IOERR, errno: EIO), .diskError)
        XCTAssertEqual(problem(.SQLITE_CANTOPEN, errno: EACCES), .readOnly)
        XCTAssertEqual(problem(.SQLITE_CANTOPEN, errno: ENOTDIR), .notAFolder)
    }

    func testTheDetailKeepsSQLitesAndTheSystemsWords() {
        let failure = StorageFailure(DatabaseError(resultCode: .SQLITE_IOERR, message: "disk I/O error"),
                                     systemErrno: EROFS, folder: folder)
        XCTAssertTrue(failure.detail.contains("disk I/O error"), failure.detail)
        XCTAssertTrue(failure.detail.contains("errno \(EROFS)"), failure.detail)
        XCTAssertEqual(failure.folder, folder.path)
    }

    func testFolderAndFileErrors() {
        XCTAssertEqual(StorageFailure(StoreError.dataDirectoryIsAFile("/tmp/x"), folder: folder).problem, .notAFolder)
        XCTAssertEqual(StorageFailure(CocoaError(.fileWriteNoPermission), folder: folder).problem, .readOnly)
        XCTAssertEqual(StorageFailure(CocoaError(.fileWriteVolumeReadOnly), folder: folder).problem, .readOnly)
        XCTAssertEqual(StorageFailure(CocoaError(.fileWriteOutOfSpace), folder: folder).problem, .diskFull)
        let underlying = NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))
        XCTAssertEqual(StorageFailure(CocoaError(.fileWriteUnknown, userInfo: [NSUnderlyingErrorKey: underlying]),
                                      folder: folder).problem, .diskFull)
        XCTAssertEqual(StorageFailure(POSIXError(.EROFS), folder: folder).problem, .readOnly)
        XCTAssertEqual(StorageFailure(POSIXError(.EIO), folder: folder).problem, .diskError)
        struct Odd: Error {}
        XCTAssertEqual(StorageFailure(Odd(), folder: folder).problem, .unknown)
    }

    func testAWriteToAReadOnlyDatabaseIsReportedAsReadOnly() throws {
        let db = TestDatabase()
        _ = try db.document(["a"])
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: db.url.path, configuration: configuration)
        XCTAssertThrowsError(try queue.save { db in try db.execute(sql: "DELETE FROM item") }) { error in
            XCTAssertEqual((error as? StorageFailure)?.problem, .readOnly, "\(error)")
            XCTAssertEqual((error as? StorageFailure)?.folder, db.directory.path)
        }
    }

    func testADatabaseLockedByAnotherProgramIsReportedAsLocked() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a"])
        let other = try DatabaseQueue(path: db.url.path)
        try other.writeWithoutTransaction { holder in
            try holder.execute(sql: "BEGIN EXCLUSIVE")
            XCTAssertThrowsError(try document.insert(title: "b", at: 1)) { error in
                XCTAssertEqual((error as? StorageFailure)?.problem, .locked, "\(error)")
            }
            try holder.execute(sql: "ROLLBACK")
        }
        XCTAssertEqual(document.items.map(\.title), ["a"], "the failed insert changed nothing")
        try document.insert(title: "b", at: 1)
        XCTAssertEqual(document.items.map(\.title), ["a", "b"], "saving works again once the lock is gone")
    }
}
