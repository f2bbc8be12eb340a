import FlickCore
import FlickSync
import XCTest
@testable import FlickUI

/// What a sync says of the changes the server refused (issue 34): a 403 is called a read-only
/// calendar only when Flick knows the calendar is one; a refused move names the task and the
/// list it is back in, in `flick --sync`'s line and in the window's status.
final class SyncReportTextTests: XCTestCase {
    private func report(_ result: ListSyncResult) -> SyncReport {
        var report = SyncReport()
        report.lists = [SyncReport.ListOutcome(listID: 2, name: "Archive", result: .success(result))]
        return report
    }

    func testARefusalIsCalledReadOnlyOnlyForACalendarKnownToBe() {
        var result = ListSyncResult()
        result.refused = 1
        XCTAssertEqual(SyncReportText.summary(result), "1 change refused by the server and undone")
        result.calendarIsReadOnly = true
        XCTAssertEqual(SyncReportText.summary(result), "1 change refused by the server (read-only calendar) and undone")
    }

    func testARefusedMoveIsSaidWithTheTaskAndWhereItIsBack() {
        var result = ListSyncResult()
        result.returnedMoves = [ReturnedMove(title: "Pay rent", listID: 1, listName: "Work")]
        let report = report(result)
        XCTAssertEqual(SyncReportText.lines(report), "Archive: “Pay rent” was refused by the server and is back in Work\n")
        XCTAssertFalse(report.succeeded, "flick --sync exits 1")
        let status = MainActor.assumeIsolated { SyncController.status(after: report) }
        guard case let .refused(_, what) = status else { return XCTFail("the window's status is \(status)") }
        XCTAssertEqual(what, "Archive: “Pay rent” was refused by the server and is back in Work")
    }

    func testASyncWithNothingRefusedIsUpToDate() {
        var result = ListSyncResult()
        result.sent = 2
        let report = report(result)
        let status = MainActor.assumeIsolated { SyncController.status(after: report) }
        guard case .upToDate = status else { return XCTFail("the window's status is \(status)") }
    }
}
