import FlickCore
import Foundation
import XCTest
@testable import FlickSync

/// GNOME To Do's and Endeavour's local lists: Evolution's folder of task files, each list named
/// from its source's key file (issue 62, arrivals).
final class EvolutionTaskFolderTests: XCTestCase {
    private let tasks = ArrivalFixtures.folder.appendingPathComponent("evolution/data/evolution/tasks")
    private let config = ArrivalFixtures.folder.appendingPathComponent("evolution/config")

    private func lists(_ files: [URL]) throws -> [ImportedList] {
        try ArrivalImport.lists(ofTaskFiles: files, configFolder: config, zone: ArrivalFixtures.zone) { try Data(contentsOf: $0) }
    }

    func testTheTasksFolderGivesEveryListNamedFromItsSource() throws {
        let files = EvolutionTaskFolder.taskFiles(in: tasks)
        XCTAssertEqual(files.map { $0.deletingLastPathComponent().lastPathComponent },
                       ["8f14e45f-ceea-467f-a8f5-7c1b0d0e2a55", "system-task-list"])
        let lists = try lists(files)
        XCTAssertEqual(lists.map(\.name), ["Courses du samedi", "Personal"])
        XCTAssertEqual(lists[0].items.map(\.title), ["Fromage de chèvre", "Pain aux noix"])
        XCTAssertEqual(lists[0].items[0].tags, ["marché"])
    }

    func testTasksKeepWhatTheirICalendarSays() throws {
        let lists = try lists(EvolutionTaskFolder.taskFiles(in: tasks.appendingPathComponent("system-task-list")))
        let tax = try XCTUnwrap(ArrivalFixtures.item("Steuererklärung abschicken", in: lists))
        XCTAssertEqual(tax.due, DueDate(year: 2026, month: 3, day: 31))
        XCTAssertEqual(tax.priority, 1)
        XCTAssertNotNil(tax.ical, "the VTODO is kept, as for any .ics file")
        let receipts = try XCTUnwrap(ArrivalFixtures.item("Quittungen sortieren", in: lists))
        XCTAssertTrue(receipts.isCompleted)
        XCTAssertEqual(receipts.parentUID, tax.uid)
    }

    func testATasksFileOutsideEvolutionIsNamedAsAnyICSFile() throws {
        let file = tasks.appendingPathComponent("8f14e45f-ceea-467f-a8f5-7c1b0d0e2a55/tasks.ics")
        let elsewhere = ArrivalFixtures.folder.appendingPathComponent("elsewhere/Downloads/tasks.ics")
        let lists = try ArrivalImport.lists(ofTaskFiles: [elsewhere], configFolder: config, folderNames: false) { _ in
            try Data(contentsOf: file)
        }
        XCTAssertEqual(lists.map(\.name), [nil], "not “Downloads”: the file's name is the fallback, as for any .ics file")
    }

    func testAKeyFilesNameIsUnescapedAndOnlyTakenFromDataSource() {
        XCTAssertEqual(EvolutionTaskFolder.displayName(inKeyFile: "[Task List]\nDisplayName=No\n[Data Source]\nDisplayName=A\\sb\\\\c\n"),
                       "A b\\c")
        XCTAssertNil(EvolutionTaskFolder.displayName(inKeyFile: "[Task List]\nDisplayName=No\n"))
    }

    func testAFolderWithoutTaskFilesHasNone() {
        XCTAssertEqual(EvolutionTaskFolder.taskFiles(in: ArrivalFixtures.folder.appendingPathComponent("gtg")), [])
    }
}
