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

    /// Issue 62: a text the server would not keep, and what it dropped, named with the list in
    /// both places; only the first makes `flick --sync` exit 1 (the subtasks are all here).
    func testWhatTheServerWouldNotKeepIsNamedWithTheList() {
        var result = ListSyncResult()
        result.notKept = [NotKeptItem(itemID: 7, title: "Pay rent", refusal: .text(status: 415)),
                          NotKeptItem(itemID: 8, title: "Standup", refusal: .noTasks)]
        XCTAssertEqual(SyncReportText.lines(report(result)),
                       "Archive: the server would not keep “Pay rent” (415); it stays here and is sent again at the next sync, "
                           + "the calendar on the server takes no tasks, so “Standup” stays here only; it is sent again at the next sync\n")
        XCTAssertFalse(report(result).succeeded)
        var dropped = ListSyncResult()
        dropped.sent = 1
        dropped.droppedProperties = ["RELATED-TO", "X-APPLE-SORT-ORDER", "X-OTHER"]
        let report = report(dropped)
        XCTAssertTrue(report.succeeded)
        let status = MainActor.assumeIsolated { SyncController.status(after: report) }
        guard case let .refused(_, what) = status else { return XCTFail("the window's status is \(status)") }
        XCTAssertEqual(what, "Archive: the server does not keep subtasks; they are subtasks here only; "
                           + "Archive: the server does not keep the order of the tasks; it is kept here only; "
                           + "Archive: the server does not keep X-OTHER; they are kept here only")
    }

    func testASyncWithNothingRefusedIsUpToDate() {
        var result = ListSyncResult()
        result.sent = 2
        let report = report(result)
        let status = MainActor.assumeIsolated { SyncController.status(after: report) }
        guard case .upToDate = status else { return XCTFail("the window's status is \(status)") }
    }
}
