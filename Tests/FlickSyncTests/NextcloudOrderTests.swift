import FlickCore
import Foundation
import XCTest
@testable import FlickSync

/// Issue 62, point 3: a list's order is the one Nextcloud Tasks shows when it sorts by hand, and
/// tasks.org and Apple's Reminders the same way: X-APPLE-SORT-ORDER where a task has one (Nextcloud
/// writes it only on the tasks moved), else the seconds from 2001 to its CREATED. Each test
/// computes Nextcloud's order from the server's texts by that rule (`NextcloudTasksOrder`) and
/// holds Flick's order against it, after a pull and after Flick's own moves.
final class NextcloudOrderTests: AccountSyncTestCase {
    private let url = "http://127.0.0.1:5232/alice/work/"
    private var listID: Int64 = 0

    override func setUpWithError() throws {
        try super.setUpWithError()
        listID = try store.addCalendarList(name: "Work", accountID: account.id, url: url, readOnly: false)
    }

    @discardableResult
    private func sync() throws -> ListSyncResult {
        try sync(listID)
    }

    /// A task as Nextcloud Tasks writes it: CREATED always (unless another client left it out),
    /// X-APPLE-SORT-ORDER only once it was moved.
    private func serverWrites(_ title: String, created: String?, order: Int64? = nil) {
        let uid = title.lowercased().replacingOccurrences(of: " ", with: "-")
        let lines = ["SUMMARY:\(title)", created.map { "CREATED:\($0)" }, order.map { "X-APPLE-SORT-ORDER:\($0)" }]
        server.calendar(url).write(ICS.todo(lines.compactMap { $0 }.joined(separator: "\n"), uid: uid),
                                   at: "/alice/work/\(uid).ics")
    }

    private func flickOrder() throws -> [String] {
        try XCTUnwrap(try store.document(listID: listID)).wholeItems.map(\.title)
    }

    private func serverTasks() -> [NextcloudTasksOrder.Task] {
        server.calendar(url).resources.values.map { NextcloudTasksOrder.task($0.text) }
    }

    /// Nextcloud's order of the server's tasks, when their keys are all different.
    private func nextcloudOrder() -> [String] {
        serverTasks().sorted { $0.key < $1.key }.map(\.title)
    }

    private func assertNextcloudAllowsFlicksOrder(file: StaticString = #filePath, line: UInt = #line) throws {
        let order = try flickOrder()
        XCTAssertTrue(NextcloudTasksOrder.allows(order, of: serverTasks()),
                      "Flick shows \(order) with keys \(NextcloudTasksOrder.keys(of: order, in: serverTasks()) ?? [])",
                      file: file, line: line)
    }

    // MARK: Reading

    func testTasksWithAndWithoutSortOrderTakeNextcloudsOrder() throws {
        serverWrites("Made first", created: "20260301T080000Z")
        serverWrites("Made second", created: "20260301T080100Z")
        serverWrites("Moved between them", created: "20260302T090000Z", order: 794_044_830)  // 2026-03-01 08:00:30
        serverWrites("Made third", created: "20260301T080200Z")
        serverWrites("No CREATED", created: nil)
        serverWrites("Moved to the top", created: "20260303T100000Z", order: -3)
        try sync()
        XCTAssertEqual(try flickOrder(), ["Moved to the top", "No CREATED", "Made first", "Moved between them",
                                          "Made second", "Made third"])
        XCTAssertEqual(try flickOrder(), nextcloudOrder())
        XCTAssertEqual(try sync().sent, 0, "reading the order writes nothing back")
    }

    func testATaskThatComesLaterTakesItsPlaceBesideOnesOfTheSameSecond() throws {
        serverWrites("A", created: "20260301T080000Z")
        serverWrites("C", created: "20260301T080001Z")
        try sync()
        serverWrites("B", created: "20260301T080000Z")
        try sync()
        try assertNextcloudAllowsFlicksOrder()
        XCTAssertEqual(try flickOrder().last, "C", "B was made a second before C")
    }

    func testTasksArrivingInRandomBatchesAlwaysShowInAnOrderNextcloudAllows() throws {
        var random = SeededRandom(seed: 62)
        var written: [String] = []
        for round in 0..<6 {
            for index in 0..<8 {
                let title = "Task \(round)-\(index)"
                let second = random.next(below: 12)
                let moved = random.next(below: 3) == 0
                serverWrites(title, created: random.next(below: 10) == 0 ? nil : String(format: "20260301T0800%02dZ", second),
                             order: moved ? 794_044_800 + Int64(random.next(below: 12)) : nil)
                written.append(title)
            }
            if round > 0 {  // another client moves a task that Flick has
                let title = written[random.next(below: written.count - 8)]
                serverWrites(title, created: "20260301T080005Z", order: 794_044_800 + Int64(random.next(below: 12)))
            }
            try sync()
            try assertNextcloudAllowsFlicksOrder()
        }
    }

    // MARK: Writing

    /// Eight tasks made a minute apart, none moved yet: none has X-APPLE-SORT-ORDER.
    private func eightTasksAMinuteApart() throws {
        for minute in 0..<8 { serverWrites("Task \(minute)", created: String(format: "20260301T08%02d00Z", minute)) }
        try sync()
    }

    func testAMoveInFlickSendsTheMovedTaskOnlyAndNextcloudShowsFlicksOrder() throws {
        try eightTasksAMinuteApart()
        let document = try XCTUnwrap(try store.document(listID: listID))
        try document.move(document.wholeItems[6].id!, to: 1)
        try document.move(document.wholeItems[0].id!, to: 7)
        XCTAssertEqual(try sync().sent, 2)
        XCTAssertEqual(nextcloudOrder(), try flickOrder())
        XCTAssertEqual(nextcloudOrder(), ["Task 6", "Task 1", "Task 2", "Task 3", "Task 4", "Task 5", "Task 7", "Task 0"])
    }

    /// Nextcloud's "add multiple tasks" makes tasks in one second: equal keys, no whole number
    /// between them. A move there renumbers the tasks around the place, not the list. (Tasks made
    /// a second apart each, all the way to an end of the list, leave no number free but past
    /// that end: there Flick, as Nextcloud's own move, renumbers up to it.)
    func testAMoveBetweenTasksOfOneSecondRenumbersAFewNotTheList() throws {
        for minute in 0..<12 { serverWrites("Task \(minute)", created: String(format: "20260301T08%02d00Z", minute)) }
        for index in 0..<3 { serverWrites("Bulk \(index)", created: "20260301T080530Z") }
        try sync()
        let document = try XCTUnwrap(try store.document(listID: listID))
        let bulk = try flickOrder().firstIndex { $0.hasPrefix("Bulk") }!
        try document.move(document.wholeItems[14].id!, to: bulk + 1)
        let sent = try sync().sent
        XCTAssertLessThanOrEqual(sent, 9, "the moved task and the eight around its place at most, of 15")
        try assertNextcloudAllowsFlicksOrder()
        XCTAssertEqual(try flickOrder()[bulk + 1], "Task 11")
    }

    func testSortOnceAndAnInsertKeepNextcloudsOrderAndSendWhatChangedPlaces() throws {
        serverWrites("Pay rent", created: "20260301T080000Z")
        serverWrites("Call Anna", created: "20260301T080500Z")
        serverWrites("Water plants", created: "20260301T080500Z")  // "add multiple tasks": one second
        serverWrites("Buy milk", created: "20260301T081000Z")
        try sync()
        let document = try XCTUnwrap(try store.document(listID: listID))
        XCTAssertTrue(try document.sortOpenItems(by: .title(collation: Locale(identifier: "en_US"))))
        // Pay rent and Water plants keep their sort orders, still in order; Buy milk goes below
        // them, and Call Anna, which shared its sort order with Water plants (Nextcloud would
        // show those two either way round), gets its own between them: two sent.
        XCTAssertEqual(try sync().sent, 2)
        XCTAssertEqual(nextcloudOrder(), ["Buy milk", "Call Anna", "Pay rent", "Water plants"])
        XCTAssertEqual(try flickOrder(), nextcloudOrder())

        try document.insert(title: "Post letter", at: 1)
        XCTAssertEqual(try sync().sent, 1)
        XCTAssertEqual(nextcloudOrder(), ["Buy milk", "Post letter", "Call Anna", "Pay rent", "Water plants"])
        XCTAssertEqual(try flickOrder(), nextcloudOrder())
    }
}
