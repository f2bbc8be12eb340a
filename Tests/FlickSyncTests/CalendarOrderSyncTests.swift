import FlickCore
import Foundation
import XCTest
@testable import FlickSync

/// Issue 62, point 3: the overview's order of an account's lists is its calendars'
/// ICAL:calendar-order, sent for the calendars whose place changed and taken from another
/// client that moved them; their ICAL:calendar-color is read and kept, never written.
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

    func testFlicksOrderGoesToCalendarsWithoutOneAndAMoveSendsTheCalendarsWhosePlaceChanged() throws {
        sync()
        XCTAssertEqual(serverOrder(), ["Home", "Work", "Shopping", "Garden"])
        XCTAssertEqual(proppatches().count, 4)
        forgetRequests()

        let lists = try store.listsDocument()
        let garden = try XCTUnwrap(try store.lists().first { $0.name == "Garden" }?.id)
        let work = try XCTUnwrap(lists.index(of: try XCTUnwrap(try store.lists().first { $0.name == "Work" }?.id)))
        try lists.move(garden, to: work)
        sync()
        XCTAssertEqual(serverOrder(), ["Home", "Garden", "Work", "Shopping"])
        XCTAssertEqual(proppatches().sorted(), ["Garden", "Shopping", "Work"], "Home kept its place")
        forgetRequests()
        sync()
        XCTAssertEqual(proppatches(), [], "an idle sync moves nothing")
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
        for name in ["Home", "Work", "Shopping", "Garden"] { server.calendar(url(name)).order = nil }
        forgetRequests()
        sync()
        sync()
        XCTAssertEqual(proppatches(), [], "a server without an order moved nothing")
        XCTAssertEqual(try flickOrder(), ["Home", "Work", "Shopping", "Garden"])
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
