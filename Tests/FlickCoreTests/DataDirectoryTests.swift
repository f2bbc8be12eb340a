import Foundation
import XCTest
@testable import FlickCore

final class DataDirectoryTests: XCTestCase {
    func testOptionWinsOverEnvironment() {
        let url = DataDirectory.resolve(option: "/opt/a", environment: ["FLICK_DATA_DIR": "/opt/b", "XDG_DATA_HOME": "/opt/c"])
        XCTAssertEqual(url.path, "/opt/a")
    }

    func testEnvironmentWinsOverXDG() {
        let url = DataDirectory.resolve(option: nil, environment: ["FLICK_DATA_DIR": "/opt/b", "XDG_DATA_HOME": "/opt/c"])
        XCTAssertEqual(url.path, "/opt/b")
    }

    func testXDGDataHomeThenHome() {
        XCTAssertEqual(DataDirectory.resolve(option: nil, environment: ["XDG_DATA_HOME": "/x"]).path,
                       "/x/io.github.flicktodo.Flick")
        XCTAssertEqual(DataDirectory.resolve(option: nil, environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"]).path,
                       "/home/u/.local/share/io.github.flicktodo.Flick")
    }

    func testDirectoryAndFilesArePrivate() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a"])
        try document.insert(title: "b", at: 1)
        _ = store
        func mode(_ path: String) throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! NSNumber).intValue
        }
        XCTAssertEqual(try mode(db.directory.path), 0o700)
        for name in try db.filesInDirectory() {
            XCTAssertEqual(try mode(db.directory.appendingPathComponent(name).path), 0o600, name)
        }
        XCTAssertTrue(try db.filesInDirectory().contains("flick.sqlite-wal"), "WAL mode")
    }

    func testDataDirectoryThatIsAFileIsAnError() throws {
        let db = TestDatabase()
        try FileManager.default.createDirectory(at: db.directory, withIntermediateDirectories: true)
        let file = db.directory.appendingPathComponent("plain")
        try Data("x".utf8).write(to: file)
        XCTAssertThrowsError(try TodoStore(databaseURL: file.appendingPathComponent("flick.sqlite")))
    }
}
