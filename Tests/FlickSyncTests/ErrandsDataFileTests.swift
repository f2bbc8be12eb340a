import FlickCore
import Foundation
import XCTest
@testable import FlickSync

/// What an import of Errands' data file keeps (issue 62, arrivals).
final class ErrandsDataFileTests: XCTestCase {
    private func lists() throws -> [ImportedList] {
        try ErrandsDataFile.lists(from: ArrivalFixtures.data("errands/data.json"), zone: ArrivalFixtures.zone)
    }

    func testListsKeepTheirNamesAndOrderWithoutTheDeletedOrTrash() throws {
        let lists = try lists()
        XCTAssertEqual(lists.map(\.name), ["Maison & jardin", "Vélo 🚲"])
        XCTAssertEqual(lists[0].items.map(\.title), ["Tailler les rosiers", "Aiguiser le sécateur", "Sortir les poubelles"])
        XCTAssertEqual(lists[1].items.map(\.title), ["Graisser la chaîne"], "the task in the trash is left out")
    }

    func testTasksKeepParentTagsNotesDatesPriorityAndRepeat() throws {
        let lists = try lists()
        let roses = try XCTUnwrap(ArrivalFixtures.item("Tailler les rosiers", in: lists))
        XCTAssertEqual(roses.uid, "e1a2b3c4-0001-4000-8000-00000000a001")
        XCTAssertEqual(roses.due, DueDate(year: 2026, month: 3, day: 15))
        XCTAssertEqual(roses.start, DueDate(year: 2026, month: 3, day: 10))
        XCTAssertEqual(roses.priority, 1)
        XCTAssertEqual(roses.tags, ["garden"])
        XCTAssertEqual(roses.notes, "Les rosiers d'abord.\nPuis la haie.")
        XCTAssertEqual(roses.modifiedAt, ArrivalFixtures.instant("2026-03-05T09:15:00Z"))
        let sharpen = try XCTUnwrap(ArrivalFixtures.item("Aiguiser le sécateur", in: lists))
        XCTAssertTrue(sharpen.isCompleted)
        XCTAssertEqual(sharpen.parentUID, roses.uid)
        let bins = try XCTUnwrap(ArrivalFixtures.item("Sortir les poubelles", in: lists))
        XCTAssertEqual(bins.due, DueDate(year: 2026, month: 3, day: 6, hour: 19, minute: 30, timeZone: "Europe/Berlin"))
        XCTAssertEqual(bins.repeatRule, "FREQ=WEEKLY;BYDAY=FR")
        XCTAssertEqual(bins.priority, 5)
        XCTAssertEqual(ArrivalFixtures.item("Graisser la chaîne", in: lists)?.tags, ["bike", "garden"])
    }

    func testAFileWithoutTasksIsRefusedNamingWhatIsMissing() {
        XCTAssertThrowsError(try ErrandsDataFile.lists(from: Data(#"{"lists": [], "tags": []}"#.utf8))) { error in
            XCTAssertEqual(error as? ArrivalError, ArrivalError(.errands, .missing("tasks")))
        }
    }
}
