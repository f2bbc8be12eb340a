import XCTest
@testable import FlickCore

/// What of a list's subtasks is shown at its top level (issue 32): nothing is out of reach.
final class ItemTreeTests: XCTestCase {
    func testSubtasksOfItemsInTheListStayBelowThem() {
        // 2 and 3 under 1 (a root), 4 under 3.
        XCTAssertEqual(ItemTree.promoted([2: 1, 3: 1, 4: 3]), [])
    }

    func testASubtaskWhoseParentIsMissingIsShownAtTheTop() {
        // 5's parent is not here; 6 is under 5, reached through it.
        XCTAssertEqual(ItemTree.promoted([5: Int64?.none, 6: 5]), [5])
    }

    func testOneItemOfEachLoopIsShownAtTheTop() {
        XCTAssertEqual(ItemTree.promoted([7: 8, 8: 7]), [7])
        XCTAssertEqual(ItemTree.promoted([3: 4, 4: 5, 5: 3, 6: 5]), [3], "6 hangs below the loop, reached through it")
        XCTAssertEqual(ItemTree.promoted([9: 9]), [9], "its own parent")
        XCTAssertEqual(ItemTree.promoted([1: 2, 2: 1, 10: 11, 11: 10]), [1, 10], "two loops, one each")
    }

    func testALongChainIsWalkedOnce() {
        var parents: [Int64: Int64?] = [:]
        for id in Int64(2)...20_000 { parents[id] = id - 1 }
        XCTAssertEqual(ItemTree.promoted(parents), [])
        parents[1] = 20_000
        XCTAssertEqual(ItemTree.promoted(parents), [1], "the chain closed into one loop")
    }
}
