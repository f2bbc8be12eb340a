import XCTest
@testable import FlickInteraction

/// Pulls at the edges (DESIGN 2.6): when they begin, what they show, what a release does.
final class EdgePullTests: XCTestCase {
    private let rowHeight = 56.0

    private func pull(_ edge: EdgePull.Edge, to travel: Double, canGoUp: Bool = true, hasCompleted: Bool = true) -> EdgePull {
        var pull = EdgePull(edge: edge, rowHeight: rowHeight, canGoUp: canGoUp, hasCompleted: hasCompleted)
        pull.moved(to: travel)
        return pull
    }

    func testAPullBeginsOnlyPastEightPixelsAtTheEdge() {
        XCTAssertFalse(EdgePull.begins(afterMoving: 8, atEdge: true))
        XCTAssertTrue(EdgePull.begins(afterMoving: 8.5, atEdge: true))
        XCTAssertFalse(EdgePull.begins(afterMoving: 200, atEdge: false), "a list scrolled away from its edge scrolls")
    }

    func testPullDownStagesByRowHeights() {
        XCTAssertEqual(pull(.top, to: 56).stage, .pulling, "exactly one row is not past it")
        XCTAssertEqual(pull(.top, to: 57).stage, .releaseToCreate)
        XCTAssertEqual(pull(.top, to: 112).stage, .releaseToCreate)
        XCTAssertEqual(pull(.top, to: 113).stage, .releaseToGoUp)
        XCTAssertEqual(pull(.top, to: 500, canGoUp: false).stage, .releaseToCreate, "the overview has no level above")
    }

    func testPullUpClearsPastOneAndAHalfRowsAndOnlyWithCompletedItems() {
        XCTAssertEqual(pull(.bottom, to: 84).stage, .pulling)
        XCTAssertEqual(pull(.bottom, to: 85).stage, .releaseToClear)
        XCTAssertEqual(pull(.bottom, to: 400, hasCompleted: false).stage, .pulling)
    }

    func testTravelNeverGoesBelowZero() {
        XCTAssertEqual(pull(.top, to: -30).travel, 0)
        XCTAssertEqual(pull(.top, to: -30).shownDistance, 0)
    }

    func testThePlaceholderFlipsFromEdgeOnToFlatOverOneRow() {
        XCTAssertEqual(pull(.top, to: 0).placeholderRotation, .pi / 2, accuracy: 1e-9)
        XCTAssertEqual(pull(.top, to: 28).placeholderRotation, .pi / 2 - asin(0.5), accuracy: 1e-9)
        XCTAssertEqual(pull(.top, to: 56).placeholderRotation, 0, accuracy: 1e-9)
        XCTAssertEqual(pull(.top, to: 300).placeholderRotation, 0, accuracy: 1e-9)
    }

    func testTheRubberBandFollowsAtFirstSlowsDownAndStaysBelowItsConstant() {
        let c = 3 * rowHeight
        XCTAssertEqual(pull(.top, to: 2).shownDistance, 2, accuracy: 0.05, "almost 1:1 for a small pull")
        XCTAssertEqual(pull(.top, to: c).shownDistance, c / 2, accuracy: 1e-9)
        XCTAssertLessThan(pull(.top, to: 100_000).shownDistance, c)
    }

    /// Random pulls: what is shown never shrinks as the hand goes further, stays under the
    /// rubber band's constant, and the stages only ever advance in their order.
    func testRandomPullsKeepTheirOrder() {
        var random = SplitMix64(seed: 2026)
        let order: [EdgePull.Stage] = [.pulling, .releaseToCreate, .releaseToGoUp]
        for _ in 0..<500 {
            var distances = (0..<20).map { _ in Double(random.next() % 10_000) / 10 }
            distances.sort()
            var shown = -1.0
            var stageIndex = 0
            for distance in distances {
                let current = pull(.top, to: distance)
                XCTAssertGreaterThanOrEqual(current.shownDistance, shown)
                XCTAssertLessThan(current.shownDistance, 3 * rowHeight)
                shown = current.shownDistance
                let index = order.firstIndex(of: current.stage)!
                XCTAssertGreaterThanOrEqual(index, stageIndex)
                stageIndex = index
            }
        }
    }
}
