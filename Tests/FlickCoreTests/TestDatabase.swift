import Foundation
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

    /// A store with one list holding `titles`, and its document.
    func document(_ titles: [String]) throws -> (TodoStore, ListDocument) {
        let store = try openStore()
        let list = try store.createList(name: "Test", titles: titles)
        return (store, try store.document(listID: list.id)!)
    }

    func writeFile(_ bytes: Data) throws {
        try DataDirectory.prepare(directory)
        try bytes.write(to: url)
    }

    func filesInDirectory() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }
}
