import FlickCore
import Foundation
import StoreTestSupport
import XCTest
@testable import FlickSync

/// A task moved between two synced lists is never lost, whatever the server says (issue 34):
/// the copy in the list it left is deleted only once the list it went to holds it; a calendar
/// that refuses it sends it back; a server with one copy of a UID per account (Cyrus) gets the
/// deletion first.
final class MoveSyncTests: AccountSyncTestCase {
    private let workURL = "http://127.0.0.1:5232/alice/work/"
    private let archiveURL = "http://127.0.0.1:5232/alice/archive/"
    private var work: Int64 = 0
    private var archive: Int64 = 0

    override func setUpWithError() throws {
        try super.setUpWithError()
        let list = try store.createList(name: "Work", titles: ["Pay rent", "Call Anna"])
        work = list.id!
        try store.linkList(work, accountID: account.id, url: workURL)
        archive = try store.addCalendarList(name: "Archive", accountID: account.id, url: archiveURL, readOnly: false)
        try sync(work)
        XCTAssertEqual(server.calendar(workURL).titles, ["Call Anna", "Pay rent"])
    }

    private func sendDeletions(_ listID: Int64) throws -> Int {
        let list = try XCTUnwrap(try store.syncedLists().first { $0.listID == listID })
        return try CalendarSync(store: store, server: server, localZone: ICS.berlin).sendDeletions(list)
    }

    private func titles(_ listID: Int64) throws -> [String] {
        try store.document(listID: listID)!.wholeItems.map(\.title).sorted()
    }

    private func moveRent(to listID: Int64) throws {
        let document = try XCTUnwrap(try store.document(listID: work))
        let rent = try XCTUnwrap(document.wholeItems.first { $0.title == "Pay rent" })
        try document.move(rent.id!, toList: listID)
    }

    func testTheOldCopyIsDeletedOnlyOnceTheNewListHoldsTheTask() throws {
        try moveRent(to: archive)
        let left = try sync(work)
        XCTAssertEqual(left.deleted, 0, "the list it left syncs first: its copy waits for the new one")
        XCTAssertEqual(server.calendar(workURL).titles, ["Call Anna", "Pay rent"])
        let arrived = try sync(archive)
        XCTAssertEqual(arrived.sent, 1)
        XCTAssertEqual(server.calendar(archiveURL).titles, ["Pay rent"])
        XCTAssertEqual(try sendDeletions(work), 1, "now the old copy goes")
        XCTAssertEqual(server.calendar(workURL).titles, ["Call Anna"])
        XCTAssertEqual(try store.outboxCount(), 0)
    }

    func testOneSyncOfEveryListCompletesAMove() throws {
        try moveRent(to: archive)
        let report = runner().run()
        XCTAssertTrue(report.succeeded)
        XCTAssertEqual(server.calendar(workURL).titles, ["Call Anna"])
        XCTAssertEqual(server.calendar(archiveURL).titles, ["Pay rent"])
        XCTAssertEqual(try store.outboxCount(), 0)
    }

    /// A sync tells its end through the store, after its commits (issue 75: one door), so that
    /// what a query gathers (Today, Upcoming, a search) is read again once; a sync that changed
    /// nothing here tells nothing.
    func testASyncThatChangedTheStoreTellsItsEndAfterItsCommits() throws {
        let heard = HeardChanges(store)
        XCTAssertTrue(runner().run().succeeded)
        XCTAssertEqual(heard.changes, [], "nothing came from the server")
        let task = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\nUID:from-the-server\r\n"
            + "DTSTAMP:20260101T000000Z\r\nSUMMARY:Water the plants\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        _ = try server.put(task, at: workURL + "from-the-server.ics", in: try XCTUnwrap(URL(string: workURL)), condition: .absent)
        XCTAssertEqual(runner().run().changedListIDs, [work])
        let changes = heard.changes
        XCTAssertEqual(changes.last, .writerFinished, "\(changes)")
        XCTAssertTrue(changes.dropLast().contains { if case .committed = $0 { true } else { false } }, "\(changes)")
        XCTAssertEqual(changes.filter { $0 == .writerFinished }.count, 1)
    }

    private func runner() -> SyncRunner {
        SyncRunner(store: store, localZone: ICS.berlin, password: { _ in "secret" }, makeServer: { _, _ in self.server })
    }

    func testAMoveARefusingCalendarRefusesGoesBackWhicheverListSyncsFirst() throws {
        for leftFirst in [true, false] {
            try setUpWithError()
            server.calendar(archiveURL).readOnly = true
            try moveRent(to: archive)
            if leftFirst { try sync(work) }
            let refused = try sync(archive)
            XCTAssertEqual(refused.returnedMoves, [ReturnedMove(title: "Pay rent", listID: work, listName: "Work")])
            try sync(work)
            XCTAssertEqual(try titles(work), ["Call Anna", "Pay rent"], "back in the list it came from")
            XCTAssertEqual(try titles(archive), [])
            XCTAssertEqual(server.calendar(workURL).titles, ["Call Anna", "Pay rent"], "never deleted on the server")
            XCTAssertEqual(server.calendar(archiveURL).titles, [])
            XCTAssertEqual(try store.outboxCount(), 0)
            XCTAssertFalse(server.calendar(workURL).requests.contains("DELETE"))
            tearDown()
        }
    }

    func testARefusedMoveIsAFailedSync() throws {
        server.calendar(archiveURL).readOnly = true
        try moveRent(to: archive)
        let report = runner().run()
        XCTAssertFalse(report.succeeded, "flick --sync exits 1")
        XCTAssertEqual(report.changedListIDs, [work, archive])
    }

    func testOnAServerWithOneUIDPerAccountTheOldCopyIsDeletedFirst() throws {
        server.oneUIDPerAccount = true
        try moveRent(to: archive)
        let arrived = try sync(archive)
        XCTAssertEqual(arrived.sent, 1)
        XCTAssertEqual(arrived.returnedMoves, [])
        XCTAssertEqual(server.calendar(workURL).titles, ["Call Anna"])
        XCTAssertEqual(server.calendar(archiveURL).titles, ["Pay rent"])
        try sync(work)
        XCTAssertEqual(try titles(archive), ["Pay rent"])
        XCTAssertEqual(try store.outboxCount(), 0)
    }

    func testWhenTheNewCalendarStillRefusesTheTaskIsMadeAgainWhereItWas() throws {
        server.oneUIDPerAccount = true
        server.calendar(archiveURL).readOnly = true
        try moveRent(to: archive)
        let refused = try sync(archive)
        XCTAssertEqual(refused.returnedMoves.map(\.title), ["Pay rent"])
        XCTAssertEqual(server.calendar(workURL).titles, ["Call Anna", "Pay rent"], "made again in the list it left")
        try sync(work)
        try sync(work)
        XCTAssertEqual(try titles(work), ["Call Anna", "Pay rent"])
        XCTAssertEqual(server.calendar(workURL).titles, ["Call Anna", "Pay rent"])
        XCTAssertEqual(try store.outboxCount(), 0)
    }

    func testAMoveUndoneBeforeASyncSendsNothing() throws {
        try moveRent(to: archive)
        let archived = try XCTUnwrap(try store.document(listID: archive))
        try archived.move(archived.wholeItems[0].id!, toList: work)
        server.calendar(workURL).requests.removeAll()
        try sync(archive)
        try sync(work)
        XCTAssertEqual(server.calendar(workURL).titles, ["Call Anna", "Pay rent"])
        XCTAssertFalse(server.calendar(workURL).requests.contains("DELETE"))
        XCTAssertFalse(server.calendar(workURL).requests.contains("PUT"), "the item has its resource back")
        XCTAssertEqual(server.calendar(archiveURL).titles, [])
    }
}
