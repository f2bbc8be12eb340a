import FlickCore
import Foundation
import XCTest
@testable import FlickSync

/// Issue 62, point 3: the overview's order of an account's lists is its calendars'
/// ICAL:calendar-order, sent for the calendars whose place changed once the user moved a list
/// (issue 74: never by a sync alone) and taken from another client that moved them; their
/// ICAL:calendar-color is read and kept, never written.
final class CalendarOrderSyncTests: XCTestCase {
    private let home = "http://127.0.0.1:5232/alice/"
    private var directory: URL!
    private var server: AccountCalendarServer!
    private var store: TodoStore!
    private var accountID: Int64 = 0

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("flick-places-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = try TodoStore(databaseURL: directory.appendingPathComponent("flick.sqlite"))
        server = AccountCalendarServer()
        accountID = try store.addAccount(url: "http://127.0.0.1:5232", user: "alice").id
        for name in ["Home", "Work", "Shopping", "Garden"] {
            _ = try store.addCalendarList(name: name, accountID: accountID, url: url(name), readOnly: false)
        }
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func url(_ name: String) -> String { home + name.lowercased() + "/" }

    private func sync() {
        let server = self.server!
        _ = SyncRunner(store: store, password: { _ in "secret" }, makeServer: { _, _ in server }).run()
    }

    private func flickOrder() throws -> [String] {
        try store.lists().sorted { $0.rank < $1.rank }.map(\.name).filter { $0 != "Welcome to Flick" }
    }

    /// The calendars by their calendar-order, as Nextcloud lists them (lowest first).
    private func serverOrder() -> [String] {
        ["Home", "Work", "Shopping", "Garden"].sorted { (server.calendar(url($0)).order ?? .max) < (server.calendar(url($1)).order ?? .max) }
    }

    private func proppatches() -> [String] {
        ["Home", "Work", "Shopping", "Garden"].filter { server.calendar(url($0)).requests.contains("PROPPATCH") }
    }

    private func forgetRequests() {
        for name in ["Home", "Work", "Shopping", "Garden"] { server.calendar(url(name)).requests.removeAll() }
    }

    private func listID(_ name: String) throws -> Int64 {
        try XCTUnwrap(try store.lists().first { $0.name == name }?.id)
    }

    /// Moves the list `name` where the list `place` is, as a drag in the overview does.
    private func move(_ name: String, toPlaceOf place: String) throws {
        let lists = try store.listsDocument()
        try lists.move(try listID(name), to: try XCTUnwrap(lists.index(of: try listID(place))))
    }

    private func serverOrders() -> [Int?] {
        ["Home", "Work", "Shopping", "Garden"].map { server.calendar(url($0)).order }
    }

    func testAFirstSyncWritesNoOrderAndAMoveSendsTheCalendarsWhosePlaceChanged() throws {
        sync()
        sync()
        XCTAssertEqual(proppatches(), [], "a first sync and an idle one")
        XCTAssertEqual(serverOrders(), [nil, nil, nil, nil], "a server without an order is left without one")

        try move("Garden", toPlaceOf: "Work")
        sync()
        XCTAssertEqual(serverOrder(), ["Home", "Garden", "Work", "Shopping"])
        XCTAssertEqual(proppatches(), ["Home", "Work", "Shopping", "Garden"], "each place is new to the server")
        forgetRequests()
        try move("Shopping", toPlaceOf: "Work")
        sync()
        XCTAssertEqual(serverOrder(), ["Home", "Garden", "Shopping", "Work"])
        XCTAssertEqual(proppatches().sorted(), ["Shopping", "Work"], "Home and Garden kept their places")
        forgetRequests()
        sync()
        XCTAssertEqual(proppatches(), [], "an idle sync moves nothing")
    }

    func testAFirstSyncTakesTheServersOrderAndWritesNothing() throws {
        // Nextcloud's: every calendar 0 until someone moves one, then the order of the drag.
        for name in ["Home", "Work", "Shopping", "Garden"] { server.calendar(url(name)).order = 0 }
        sync()
        sync()
        XCTAssertEqual(proppatches(), [], "equal orders are an order too")
        XCTAssertEqual(try flickOrder(), ["Home", "Work", "Shopping", "Garden"])

        try move("Garden", toPlaceOf: "Home")
        sync()
        XCTAssertEqual(serverOrders(), [1, 2, 3, 0])
        XCTAssertEqual(proppatches().sorted(), ["Home", "Shopping", "Work"], "Garden's 0 is its place")
    }

    func testACalendarNewSinceTheLastSyncTakesItsPlaceWithoutAWrite() throws {
        server.calendar(url("Home")).order = 0
        server.calendar(url("Work")).order = 1
        sync()
        _ = try store.addCalendarList(name: "Books", accountID: accountID, url: url("Books"), readOnly: false)
        sync()
        XCTAssertEqual(try flickOrder(), ["Home", "Work", "Shopping", "Garden", "Books"], "without an order, last")
        _ = try store.addCalendarList(name: "Music", accountID: accountID, url: url("Music"), readOnly: false)
        server.calendar(url("Music")).order = -1
        sync()
        XCTAssertEqual(try flickOrder(), ["Music", "Home", "Work", "Shopping", "Garden", "Books"], "the server's place")
        sync()
        XCTAssertEqual(["Books", "Music"].filter { server.calendar(url($0)).requests.contains("PROPPATCH") }, [])
        XCTAssertEqual(proppatches(), [])
    }

    func testTheOrdersAgreedByFlick020AreNumberedAgainWithoutAWrite() throws {
        for name in ["Home", "Work", "Shopping", "Garden"] { server.calendar(url(name)).order = 0 }
        sync()
        // Flick 0.2.0 agreed on the calendar-orders themselves: on Nextcloud, 0 for all.
        try store.setAgreedCalendarOrders(try ["Home", "Work", "Shopping", "Garden"].map { (listID: try listID($0), order: 0) })
        sync()
        XCTAssertEqual(proppatches(), [])
        try move("Shopping", toPlaceOf: "Home")
        sync()
        XCTAssertEqual(serverOrder(), ["Shopping", "Home", "Work", "Garden"], "a move among them shows")
    }

    func testListsMovedByAnotherClientMoveInTheOverviewAndTheirColourIsKept() throws {
        sync()
        forgetRequests()
        // Nextcloud's drag of Garden to the top: its order below Home's, the others as they were.
        server.calendar(url("Garden")).order = 0
        server.calendar(url("Home")).order = 1
        server.calendar(url("Shopping")).color = "#FF2968FF"
        sync()
        XCTAssertEqual(try flickOrder(), ["Garden", "Home", "Work", "Shopping"])
        XCTAssertEqual(proppatches(), [], "taking the server's order sends nothing back")
        let shopping = try XCTUnwrap(try store.lists().first { $0.name == "Shopping" }?.id)
        XCTAssertEqual(try store.calendarColor(listID: shopping), "#FF2968FF")
        XCTAssertEqual(server.calendar(url("Shopping")).color, "#FF2968FF")
    }

    func testAServerThatForgetsTheOrderIsNotAskedAgainAndAgain() throws {
        sync()
        try move("Garden", toPlaceOf: "Home")
        sync()
        XCTAssertEqual(serverOrder(), ["Garden", "Home", "Work", "Shopping"])
        for name in ["Home", "Work", "Shopping", "Garden"] { server.calendar(url(name)).order = nil }
        forgetRequests()
        sync()
        sync()
        XCTAssertEqual(proppatches(), [], "a server without an order moved nothing")
        XCTAssertEqual(try flickOrder(), ["Garden", "Home", "Work", "Shopping"])
    }

    func testAServerThatRefusesTheOrderKeepsItsOwnAndFlickKeepsTheUsers() throws {
        server.calendar(url("Work")).order = 7
        server.calendar(url("Home")).order = 3
        sync()
        XCTAssertEqual(try flickOrder(), ["Home", "Work", "Shopping", "Garden"], "taken from the server at first")
        let lists = try store.listsDocument()
        try lists.move(try XCTUnwrap(try store.lists().first { $0.name == "Work" }?.id), to: 0)
        for name in ["Home", "Work", "Shopping", "Garden"] { server.calendar(url(name)).readOnly = true }
        forgetRequests()
        sync()
        XCTAssertEqual(try flickOrder(), ["Work", "Home", "Shopping", "Garden"], "the refusal takes nothing back")
        XCTAssertFalse(proppatches().isEmpty)
        forgetRequests()
        sync()
        XCTAssertEqual(try flickOrder(), ["Work", "Home", "Shopping", "Garden"])
        XCTAssertFalse(proppatches().isEmpty, "asked again at the next sync")
        for name in ["Home", "Work", "Shopping", "Garden"] { server.calendar(url(name)).readOnly = false }
        sync()
        XCTAssertEqual(serverOrder(), ["Work", "Home", "Shopping", "Garden"])
    }
}
