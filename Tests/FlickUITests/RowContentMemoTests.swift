import FlickCore
import Foundation
import XCTest
@testable import FlickUI

/// An edit refreshes every bound row; a row is made again only when what it is made from
/// changed (issue 30), and a due time still turns overdue in its minute.
final class RowContentMemoTests: XCTestCase {
    private static let berlinNoon = DueDate(year: 2026, month: 11, day: 26, hour: 12, minute: 0, timeZone: "Europe/Berlin")

    private static func inputs(title: String = "Call Sam", due: DueDate? = nil, heatStep: Int? = 3, minute: Int = 0) -> ItemRowInputs {
        var item = TodoItem(id: 7, listID: 1, title: title, rank: 1)
        item.due = due
        return ItemRowInputs(item: item, heatStep: heatStep, minute: minute, listName: nil, parentTitle: nil, tags: [],
                             subtasks: nil)
    }

    func testARowIsMadeAgainOnlyWhenWhatItIsMadeFromChanged() {
        MainActor.assumeIsolated {
            let memo = RowContentMemo<ItemRowInputs>()
            var made = 0
            let make = { (inputs: ItemRowInputs) -> RowContent in
                made += 1
                return ItemsPage.content(from: inputs)
            }
            XCTAssertEqual(memo.content(of: 7, from: Self.inputs(), make: make).title, "Call Sam")
            XCTAssertEqual(memo.content(of: 7, from: Self.inputs(), make: make).title, "Call Sam")
            XCTAssertEqual(made, 1, "the same inputs: the row kept")
            XCTAssertEqual(memo.content(of: 7, from: Self.inputs(title: "Call Kim"), make: make).title, "Call Kim")
            XCTAssertEqual(memo.content(of: 7, from: Self.inputs(title: "Call Kim", heatStep: 4), make: make).heatClass, "heat-4")
            XCTAssertNil(memo.content(of: 7, from: Self.inputs(title: "Call Kim", heatStep: nil), make: make).heatClass)
            XCTAssertEqual(made, 4, "a new title, a new colour, completed: made again each time")
        }
    }

    func testTheMemoStartsAgainPastItsCapacity() {
        MainActor.assumeIsolated {
            let memo = RowContentMemo<ItemRowInputs>(capacity: 3)
            for id in Int64(1)...3 { _ = memo.content(of: id, from: Self.inputs(), make: ItemsPage.content(from:)) }
            XCTAssertEqual(memo.count, 3)
            _ = memo.content(of: 2, from: Self.inputs(title: "Other"), make: ItemsPage.content(from:))
            XCTAssertEqual(memo.count, 3, "a row kept is replaced in place")
            _ = memo.content(of: 4, from: Self.inputs(), make: ItemsPage.content(from:))
            XCTAssertEqual(memo.count, 1, "a fourth row: the memo started again")
        }
    }

    func testADueTimeIsOverdueFromItsMinuteOn() throws {
        let noon = try XCTUnwrap(Self.berlinNoon.instant)
        let minute = Int(noon.timeIntervalSince1970 / 60)
        let before = ItemsPage.content(from: Self.inputs(due: Self.berlinNoon, minute: minute - 1))
        let at = ItemsPage.content(from: Self.inputs(due: Self.berlinNoon, minute: minute))
        XCTAssertFalse(before.detailIsWarning, "the minute before")
        XCTAssertTrue(at.detailIsWarning, "its own minute")
        XCTAssertTrue(at.accessibleName.contains("overdue"), at.accessibleName)
        XCTAssertFalse(before.accessibleName.contains("overdue"), before.accessibleName)
    }
}
