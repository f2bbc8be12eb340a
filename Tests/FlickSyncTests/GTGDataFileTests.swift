import FlickCore
import Foundation
import XCTest
@testable import FlickSync

/// What an import of Getting Things GNOME's data file keeps (issue 62, arrivals).
final class GTGDataFileTests: XCTestCase {
    private func lists() throws -> [ImportedList] {
        try GTGDataFile.lists(from: ArrivalFixtures.data("gtg/gtg_data.xml"), zone: ArrivalFixtures.zone)
    }

    func testTasksGoIntoOneListSubtasksInTheirParentsOrder() throws {
        let lists = try lists()
        XCTAssertEqual(lists.map(\.name), ["Getting Things GNOME"])
        XCTAssertEqual(lists[0].items.map(\.title),
                       ["Finish the conference talk", "Draw the slides", "Write the abstract — 200 mots", "Book a hotel"])
        XCTAssertEqual(lists[0].items[1].parentUID, "c0a80101-0000-4000-8000-000000000001")
        XCTAssertEqual(lists[0].items[2].parentUID, "c0a80101-0000-4000-8000-000000000001")
    }

    func testTagsDatesNotesAndStatusAreKept() throws {
        let lists = try lists()
        let talk = try XCTUnwrap(ArrivalFixtures.item("Finish the conference talk", in: lists))
        XCTAssertEqual(talk.tags, ["work"])
        XCTAssertEqual(talk.due, DueDate(year: 2026, month: 3, day: 18))
        XCTAssertEqual(talk.start, DueDate(year: 2026, month: 3, day: 2))
        XCTAssertEqual(talk.notes, "Twenty minutes, then questions.", "without the tag line and the subtask links")
        let abstract = try XCTUnwrap(ArrivalFixtures.item("Write the abstract — 200 mots", in: lists))
        XCTAssertTrue(abstract.isCompleted)
        XCTAssertEqual(abstract.completedAt, ArrivalFixtures.instant("2026-02-24T23:00:00Z"))
        XCTAssertEqual(abstract.tags, ["écriture"])
        XCTAssertNil(ArrivalFixtures.item("Draw the slides", in: lists)?.due, "a fuzzy date is no date")
        let hotel = try XCTUnwrap(ArrivalFixtures.item("Book a hotel", in: lists))
        XCTAssertTrue(hotel.isCompleted, "dismissed is closed")
        XCTAssertEqual(hotel.notes, "Staying with friends instead.")
    }

    func testACutOffFileIsRefused() throws {
        let data = try ArrivalFixtures.data("gtg/gtg_data.xml")
        XCTAssertThrowsError(try GTGDataFile.lists(from: data.prefix(data.count / 2))) { error in
            XCTAssertEqual(error as? ArrivalError, ArrivalError(.gtg, .malformed))
        }
    }
}
