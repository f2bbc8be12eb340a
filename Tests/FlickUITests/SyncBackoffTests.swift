import XCTest
@testable import FlickUI

/// The waits between syncs the network failed: 5 s, doubling, at most the regular period; a
/// sync that reached the server starts again from 5 s.
final class SyncBackoffTests: XCTestCase {
    func testTheWaitDoublesUpToThePeriodAndASuccessStartsItAgain() {
        var backoff = SyncBackoff()
        let waits = (0..<10).map { _ in backoff.failed(longest: 900) }
        XCTAssertEqual(waits, [5, 10, 20, 40, 80, 160, 320, 640, 900, 900])
        backoff.succeeded()
        XCTAssertEqual(backoff.failed(longest: 900), 5)
    }

    func testAThousandFailuresInARowWaitThePeriod() {
        var backoff = SyncBackoff()
        for _ in 0..<1000 { _ = backoff.failed(longest: 900) }
        XCTAssertEqual(backoff.failed(longest: 900), 900)
    }
}
