import FlickCore
import Foundation
import XCTest
@testable import FlickSync

/// What an import of Planify's backup keeps (issue 62, arrivals).
final class PlanifyBackupTests: XCTestCase {
    private func lists() throws -> [ImportedList] {
        try PlanifyBackup.lists(from: ArrivalFixtures.data("planify/planify-backup.json"), zone: ArrivalFixtures.zone)
    }

    func testProjectsBecomeListsInPlanifysOrderWithoutTheDeletedOnes() throws {
        let lists = try lists()
        XCTAssertEqual(lists.map(\.name), ["Inbox", "Umzug nach Köln"])
        XCTAssertEqual(lists[0].items.map(\.title), ["Hafermilch"], "the deleted item is left out")
    }

    func testItemsComeSectionBySectionEachParentBeforeItsSubtasks() throws {
        let move = try lists()[1]
        XCTAssertEqual(move.items.map(\.title),
                       ["Umzugskartons besorgen", "Adresse ummelden", "Termin beim Bürgeramt buchen", "Kühlschrank abtauen"])
        XCTAssertEqual(move.items.map(\.sortOrder), move.items.map(\.sortOrder).sorted())
        XCTAssertEqual(move.items[2].parentUID, "i-address")
        XCTAssertEqual(move.items.map(\.uid), ["i-boxes", "i-address", "i-appointment", "i-fridge"])
    }

    func testDatesPriorityLabelsNotesAndCompletionAreKept() throws {
        let lists = try lists()
        let boxes = try XCTUnwrap(ArrivalFixtures.item("Umzugskartons besorgen", in: lists))
        XCTAssertEqual(boxes.due, DueDate(year: 2026, month: 3, day: 20), "a midnight is Planify's date alone")
        XCTAssertEqual(boxes.priority, 5, "Planify's 3 is p2")
        XCTAssertEqual(boxes.tags, ["Besorgung"])
        XCTAssertEqual(boxes.notes, "Mindestens 30 Stück, Bücherkartons extra.")
        XCTAssertNil(boxes.ical, "stored as an item typed in Flick")
        let address = try XCTUnwrap(ArrivalFixtures.item("Adresse ummelden", in: lists))
        XCTAssertEqual(address.due, DueDate(year: 2026, month: 4, day: 1, hour: 9, minute: 30, timeZone: "Europe/Lisbon"),
                       "in the due date's own zone")
        XCTAssertEqual(address.priority, 1, "Planify's 4 is p1")
        XCTAssertEqual(address.tags, ["Papierkram"], "the section's name")
        let appointment = try XCTUnwrap(ArrivalFixtures.item("Termin beim Bürgeramt buchen", in: lists))
        XCTAssertTrue(appointment.isCompleted)
        XCTAssertEqual(appointment.completedAt, ArrivalFixtures.instant("2026-02-05T11:00:00Z"))
        XCTAssertEqual(appointment.tags, ["📞 anrufen", "Papierkram"])
        XCTAssertEqual(appointment.priority, 0)
        let fridge = try XCTUnwrap(ArrivalFixtures.item("Kühlschrank abtauen", in: lists))
        XCTAssertEqual(fridge.due, DueDate(year: 2026, month: 3, day: 30), "the deadline, without a due date")
        XCTAssertEqual(fridge.priority, 9)
        XCTAssertEqual(fridge.createdAt, ArrivalFixtures.instant("2026-02-06T19:00:00Z"))
    }

    func testADueDateThatIsNoDateRefusesTheFile() throws {
        var text = String(decoding: try ArrivalFixtures.data("planify/planify-backup.json"), as: UTF8.self)
        text = text.replacingOccurrences(of: "2026-03-20T00:00:00", with: "next Tuesday")
        XCTAssertThrowsError(try PlanifyBackup.lists(from: Data(text.utf8))) { error in
            XCTAssertEqual(error as? ArrivalError, ArrivalError(.planify, .badDate(field: "due", value: "next Tuesday")))
        }
    }
}
