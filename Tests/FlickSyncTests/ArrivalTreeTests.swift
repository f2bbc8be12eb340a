import FlickCore
import XCTest
@testable import FlickSync

/// The order imported items take: each parent followed by its subtasks, and no subtask of a
/// task the list does not hold (issue 62, arrivals).
final class ArrivalTreeTests: XCTestCase {
    private func item(_ uid: String, parent: String? = nil) -> ImportedItem {
        ImportedItem(uid: uid, title: uid, sortOrder: 0, ical: nil, parentUID: parent)
    }

    func testSubtasksFollowTheirParentInTheSourcesOrder() {
        let ordered = ArrivalTree.ordered([item("b1", parent: "b"), item("a"), item("b"), item("a1", parent: "a"),
                                           item("b2", parent: "b"), item("b1x", parent: "b1")])
        XCTAssertEqual(ordered.map(\.uid), ["a", "a1", "b", "b1", "b1x", "b2"])
        XCTAssertEqual(ordered.map(\.sortOrder), (1...6).map { Int64($0) * SparseRank.spacing })
    }

    func testAMissingParentOrALoopLeavesTheItemAtTheTopLevel() {
        let ordered = ArrivalTree.ordered([item("orphan", parent: "gone"), item("x", parent: "y"), item("y", parent: "x"),
                                           item("self", parent: "self")])
        XCTAssertEqual(ordered.map(\.uid), ["orphan", "self", "x", "y"])
        XCTAssertEqual(ordered.first { $0.uid == "orphan" }?.parentUID, nil)
        XCTAssertEqual(ordered.first { $0.uid == "self" }?.parentUID, nil)
        XCTAssertEqual(ordered.first { $0.uid == "x" }?.parentUID, nil, "the loop is broken at its first item")
        XCTAssertEqual(ordered.first { $0.uid == "y" }?.parentUID, "x")
    }
}
