@testable import FlickCore
import Foundation
import XCTest

/// Issue 61: Export into a folder (a phone's) writes "<list>.ics", and a name that is taken
/// gets " (2)", " (3)"…: the file already there is never replaced, and nothing else is left.
final class PrivateFileNewTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-new-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testATakenNameGetsTheNextNumberAndTheFileThereIsKept() throws {
        try Data("mine".utf8).write(to: folder.appendingPathComponent("Garden (2).ics"))
        let first = try PrivateFile.writeNew(Data("one".utf8), in: folder, name: "Garden.ics")
        let second = try PrivateFile.writeNew(Data("two".utf8), in: folder, name: "Garden.ics")

        XCTAssertEqual(first.lastPathComponent, "Garden.ics")
        XCTAssertEqual(second.lastPathComponent, "Garden (3).ics", "(2) was taken by another file")
        XCTAssertEqual(try String(contentsOf: first, encoding: .utf8), "one")
        XCTAssertEqual(try String(contentsOf: second, encoding: .utf8), "two")
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("Garden (2).ics"), encoding: .utf8), "mine")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
                       ["Garden (2).ics", "Garden (3).ics", "Garden.ics"], "no temporary file left")
        let mode = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: second.path)[.posixPermissions] as? Int)
        XCTAssertEqual(mode & 0o777, 0o600)
    }

    func testTheNumberGoesBeforeTheExtension() {
        XCTAssertEqual(PrivateFile.numbered("Garden.ics", 1), "Garden.ics")
        XCTAssertEqual(PrivateFile.numbered("Garden.ics", 2), "Garden (2).ics")
        XCTAssertEqual(PrivateFile.numbered("v1.2 plans.ics", 3), "v1.2 plans (3).ics")
        XCTAssertEqual(PrivateFile.numbered(".ics", 2), ".ics (2)")
        XCTAssertEqual(PrivateFile.numbered("Garden", 2), "Garden (2)")
    }

    func testAFolderThatCannotBeWrittenIsAnErrorAndNothingIsThere() throws {
        let missing = folder.appendingPathComponent("gone")
        XCTAssertThrowsError(try PrivateFile.writeNew(Data("x".utf8), in: missing, name: "Garden.ics"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing.path))
    }
}
