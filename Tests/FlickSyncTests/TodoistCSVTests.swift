import FlickCore
import Foundation
import XCTest
@testable import FlickSync

/// What an import of Todoist's CSV keeps (issue 62, arrivals).
final class TodoistCSVTests: XCTestCase {
    private func lists() throws -> [ImportedList] {
        try TodoistCSV.lists(from: ArrivalFixtures.data("todoist/Umzug.csv"), zone: ArrivalFixtures.zone)
    }

    func testTheFileIsOneListWithSubtasksByIndent() throws {
        let lists = try lists()
        XCTAssertEqual(lists.count, 1)
        XCTAssertNil(lists[0].name, "named after the file")
        let items = lists[0].items
        XCTAssertEqual(items.map(\.title),
                       ["Kisten packen", "Bücher", "Geschirr, in Zeitung", "Nachsendeauftrag prüfen", "Internet anmelden"])
        XCTAssertEqual(items[1].parentUID, items[0].uid)
        XCTAssertEqual(items[2].parentUID, items[0].uid)
        XCTAssertNil(items[3].parentUID)
    }

    func testPriorityLabelsDatesNotesAndSectionsAreKept() throws {
        let lists = try lists()
        let boxes = try XCTUnwrap(ArrivalFixtures.item("Kisten packen", in: lists))
        XCTAssertEqual(boxes.priority, 1, "p1")
        XCTAssertEqual(boxes.tags, ["packen"])
        XCTAssertEqual(boxes.due, DueDate(year: 2026, month: 3, day: 20))
        XCTAssertEqual(boxes.notes, "Bücher zuerst, dann Geschirr")
        XCTAssertEqual(ArrivalFixtures.item("Bücher", in: lists)?.priority, 0, "p4 is no priority")
        XCTAssertEqual(ArrivalFixtures.item("Geschirr, in Zeitung", in: lists)?.notes,
                       "Zeitungen vom Nachbarn holen\n(der Stapel im Keller)", "the comment under it")
        let forwarding = try XCTUnwrap(ArrivalFixtures.item("Nachsendeauftrag prüfen", in: lists))
        XCTAssertEqual(forwarding.priority, 5)
        XCTAssertEqual(forwarding.tags, ["Nach dem Umzug"])
        XCTAssertNil(forwarding.due)
        XCTAssertEqual(forwarding.notes, "Todoist date: every monday", "a date in words is kept in the notes")
        let internet = try XCTUnwrap(ArrivalFixtures.item("Internet anmelden", in: lists))
        XCTAssertEqual(internet.due, DueDate(year: 2026, month: 4, day: 2, hour: 10, minute: 30, timeZone: "Europe/Vienna"),
                       "in the row's TIMEZONE")
        XCTAssertEqual(internet.priority, 9)
        XCTAssertEqual(internet.tags, ["anrufen", "Nach dem Umzug"])
    }

    func testAnUnclosedQuoteIsRefusedAtItsLine() {
        let text = "TYPE,CONTENT,PRIORITY,INDENT\ntask,fine,4,1\ntask,\"never closed,4,1\n"
        XCTAssertThrowsError(try TodoistCSV.lists(from: Data(text.utf8))) { error in
            XCTAssertEqual(error as? ArrivalError, ArrivalError(.todoist, .unclosedQuote, line: 3))
        }
    }
}
