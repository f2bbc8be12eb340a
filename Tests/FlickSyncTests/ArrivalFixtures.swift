import FlickCore
import Foundation
@testable import FlickSync

/// The fixtures of tests/fixtures/arrivals and what the arrival tests share.
enum ArrivalFixtures {
    static let zone = TimeZone(identifier: "Europe/Berlin")!

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("tests/fixtures/arrivals")

    static func data(_ path: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(path))
    }

    /// Every fixture file that is one import (the Evolution ones are .ics files), by format.
    static let files: [(format: ArrivalFormat, path: String)] = [
        (.planify, "planify/planify-backup.json"), (.errands, "errands/data.json"), (.gtg, "gtg/gtg_data.xml"),
        (.todoTxt, "todotxt/todo.txt"), (.todoist, "todoist/Umzug.csv"),
        (.iCalendar, "evolution/data/evolution/tasks/system-task-list/tasks.ics"),
    ]

    static func instant(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }

    /// The item of `lists` titled `title`.
    static func item(_ title: String, in lists: [ImportedList]) -> ImportedItem? {
        lists.flatMap(\.items).first { $0.title == title }
    }

    /// A store in a folder of its own, which `cleanUp` removes.
    static func temporaryStore() throws -> (store: TodoStore, cleanUp: () -> Void) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flick-arrivals-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try TodoStore(databaseURL: directory.appendingPathComponent("flick.sqlite"))
        return (store, { try? FileManager.default.removeItem(at: directory) })
    }
}
