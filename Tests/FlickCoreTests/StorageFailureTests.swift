import Foundation
import GRDB
import XCTest
@testable import FlickCore

/// Every storage error Flick can meet becomes a problem the user can act on.
final class StorageFailureTests: XCTestCase {
    private let folder = URL(fileURLWithPath: "/home/ada/.local/share/io.github.flicktodo.Flick")

    private func problem(_ code: ResultCode) -> StorageProblem {
        StorageFailure(DatabaseError(resultCode: code, message: "x"), folder: folder).problem
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

    func testOSErrors() {
        XCTAssertEqual(StorageFailure.problem(errno: ENOSPC), .diskFull)
        XCTAssertEqual(StorageFailure.problem(errno: EDQUOT), .diskFull)
        XCTAssertEqual(StorageFailure.problem(errno: EROFS), .readOnly)
        XCTAssertEqual(StorageFailure.problem(errno: EACCES), .readOnly)
        XCTAssertEqual(StorageFailure.problem(errno: EPERM), .readOnly)
        XCTAssertEqual(StorageFailure.problem(errno: EIO), .diskError)
        XCTAssertEqual(StorageFailure.problem(errno: ENOTDIR), .notAFolder)
        XCTAssertNil(StorageFailure.problem(errno: EINTR), "says nothing about storage")
    }

    func testTheDetailKeepsSQLitesWords() {
        let failure = StorageFailure(DatabaseError(resultCode: .SQLITE_IOERR_WRITE, message: "disk I/O error"), folder: folder)
        XCTAssertEqual(failure.problem, .diskError)
        XCTAssertTrue(failure.detail.contains("disk I/O error"), failure.detail)
        XCTAssertTrue(failure.detail.contains("778"), "the extended code: \(failure.detail)")
        XCTAssertEqual(failure.folder, folder.path)
    }

    func testAProblemSQLiteNamedIsNotSecondGuessedByTheFolder() {
        let full = StorageFailure(DatabaseError(resultCode: .SQLITE_FULL, message: "x"), folder: folder)
        XCTAssertEqual(full.checkingFolder().problem, .diskFull)
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
        XCTAssertEqual(document.wholeItems.map(\.title), ["a"], "the failed insert changed nothing")
        try document.insert(title: "b", at: 1)
        XCTAssertEqual(document.wholeItems.map(\.title), ["a", "b"], "saving works again once the lock is gone")
    }
}
