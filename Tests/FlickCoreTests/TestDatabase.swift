import Foundation
import XCTest
@testable import FlickCore

/// A private temporary data directory per test, removed afterwards.
final class TestDatabase {
    let directory: URL
    var url: URL { directory.appendingPathComponent(DataDirectory.databaseFileName) }

    init() {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("flick-core-\(UUID().uuidString)", isDirectory: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    func openStore() throws -> TodoStore {
        try TodoStore(databaseURL: url)
    }

    /// A store with one list holding `titles`, and its document, whose invariants are checked
    /// after each change it tells of (`checkingInvariants`).
    func document(_ titles: [String]) throws -> (TodoStore, ListDocument) {
        let store = try openStore()
        let list = try store.createList(name: "Test", titles: titles)
        return (store, Self.checkingInvariants(try store.document(listID: list.id)!))
    }

    /// The document, its `checkInvariants()` run after each change it tells of: each action, undo,
    /// redo and change taken in (`onChanges` comes once the items in memory are as written). Each
    /// rule broken fails the test, or goes to `report`. A test that sets `onChanges` itself
    /// replaces the check.
    static func checkingInvariants(_ document: ListDocument, report: ((ListDocumentViolation) -> Void)? = nil,
                                   file: StaticString = #filePath, line: UInt = #line) -> ListDocument {
        document.onChanges = { [unowned document] _ in
            for violation in document.checkInvariants() {
                if let report { report(violation) } else { XCTFail("after a change: \(violation)", file: file, line: line) }
            }
        }
        return document
    }

    func writeFile(_ bytes: Data) throws {
        try DataDirectory.prepare(directory)
        try bytes.write(to: url)
    }

    func filesInDirectory() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }
}
