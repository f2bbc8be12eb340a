import FlickCore
import Foundation
import XCTest
@testable import FlickSync

/// What an import of a todo.txt file keeps (issue 62, arrivals).
final class TodoTxtFileTests: XCTestCase {
    private func lists() throws -> [ImportedList] {
        try TodoTxtFile.lists(from: ArrivalFixtures.data("todotxt/todo.txt"), zone: ArrivalFixtures.zone)
    }

    func testTheFirstProjectIsTheListInTheFilesOrder() throws {
        let lists = try lists()
        XCTAssertEqual(lists.map(\.name), ["Home", "Admin", nil, "Reading"])
        XCTAssertEqual(lists[0].items.map(\.title),
                       ["Call the landlord about the heating", "Pay the electricity bill", "Water the plants", "Water the plants"])
    }

    func testPriorityDatesContextsAndCompletionAreKept() throws {
        let lists = try lists()
        let landlord = try XCTUnwrap(ArrivalFixtures.item("Call the landlord about the heating", in: lists))
        XCTAssertEqual(landlord.priority, 1)
        XCTAssertEqual(landlord.due, DueDate(year: 2026, month: 3, day: 5))
        XCTAssertEqual(landlord.tags, ["phone"])
        XCTAssertEqual(landlord.createdAt, ArrivalFixtures.instant("2026-02-28T23:00:00Z"))
        let passport = try XCTUnwrap(ArrivalFixtures.item("Renew passport", in: lists))
        XCTAssertEqual(passport.priority, 5)
        XCTAssertEqual(passport.start, DueDate(year: 2026, month: 3, day: 10))
        XCTAssertEqual(passport.due, DueDate(year: 2026, month: 4, day: 15))
        let bill = try XCTUnwrap(ArrivalFixtures.item("Pay the electricity bill", in: lists))
        XCTAssertTrue(bill.isCompleted)
        XCTAssertEqual(bill.completedAt, ArrivalFixtures.instant("2026-03-01T23:00:00Z"))
        XCTAssertEqual(bill.priority, 9, "pri:C of a completed task")
        XCTAssertEqual(ArrivalFixtures.item("Buy bread and 🧀", in: lists)?.tags, ["shops"])
        XCTAssertEqual(ArrivalFixtures.item(#"Read "Der Zauberberg" lang:de"#, in: lists)?.tags, ["evening"],
                       "a key:value Flick does not read stays in the title")
    }

    func testUIDsComeFromTheTextSoTwinsDifferAndCompletionKeepsTheUID() throws {
        let water = try lists()[0].items.filter { $0.title == "Water the plants" }
        XCTAssertEqual(water.count, 2)
        XCTAssertNotEqual(water[0].uid, water[1].uid)
        let open = try TodoTxtFile.lists(from: Data("Pay the electricity bill +Home pri:C\n".utf8))
        let done = try TodoTxtFile.lists(from: Data("x 2026-03-02 2026-02-28 Pay the electricity bill +Home pri:C\n".utf8))
        XCTAssertEqual(open[0].items[0].uid, done[0].items[0].uid)
    }

    func testTextWithoutTodoTxtMarksIsNotTakenForOne() {
        XCTAssertFalse(TodoTxtFile.looksLikeTodoTxt(Data("Dear Ana,\nthank you for the flowers.\nSee you soon\n".utf8)))
        XCTAssertTrue(TodoTxtFile.looksLikeTodoTxt(try ArrivalFixtures.data("todotxt/todo.txt")))
    }
}
