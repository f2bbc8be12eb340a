@testable import FlickCore
import Foundation
import XCTest

/// The database's files are made 0600 as Flick opens it, while other Flick processes may be
/// closing the same file: their last connection deletes the -wal and -shm files at any moment
/// (a `flick --add` failed with a disk error when a `flick --import` ended just then).
final class PrivateFileModeTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-mode-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testAFileOpenToOthersBecomesTheUsersAlone() throws {
        let file = folder.appendingPathComponent("todo.sqlite-wal")
        FileManager.default.createFile(atPath: file.path, contents: Data("log".utf8), attributes: [.posixPermissions: 0o644])

        try PrivateFile.restrictMode(ofPath: file.path)

        let mode = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int)
        XCTAssertEqual(mode & 0o777, 0o600)
    }

    func testAFileAnotherProcessDeletedMeanwhileIsNoFailure() {
        XCTAssertNoThrow(try PrivateFile.restrictMode(ofPath: folder.appendingPathComponent("todo.sqlite-shm").path))
    }

    func testAPathThatCannotBeAFileIsStillAFailure() throws {
        let notAFolder = folder.appendingPathComponent("todo.sqlite")
        FileManager.default.createFile(atPath: notAFolder.path, contents: Data())

        XCTAssertThrowsError(try PrivateFile.restrictMode(ofPath: notAFolder.appendingPathComponent("x").path)) { error in
            XCTAssertEqual((error as? POSIXError)?.code, .ENOTDIR)
        }
    }
}
