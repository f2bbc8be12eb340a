import FlickCore
import Foundation
import XCTest
@testable import FlickSync

/// Files as Thunderbird, Evolution, Endeavour, Nextcloud Tasks, Apple Reminders and tasks.org
/// write them (tests/fixtures/ics, with manifest.json saying what each must import as): each
/// imports with its fields, keeps what Flick does not read, and goes back out unchanged; each
/// broken file is refused at its line.
final class ClientFixtureTests: XCTestCase {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../tests/fixtures/ics").standardizedFileURL
    private let utc = TimeZone(identifier: "UTC")!

    private func manifest() throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("manifest.json"))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: [String: Any]])
    }

    private func read(_ name: String) throws -> Data {
        try Data(contentsOf: Self.folder.appendingPathComponent(name))
    }

    private func date(_ text: Any?) -> Date? {
        guard let text = text as? String else { return nil }
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        return formatter.date(from: text + "Z")  // floating, read as UTC
    }

    private func unfolded(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: "\r\n\t", with: "")
            .components(separatedBy: "\r\n")
    }

    private func todoBlocks(_ text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        var depth = 0
        for line in text.components(separatedBy: "\r\n") {
            if line == "BEGIN:VTODO" { current = []; depth = 0 }
            if line.hasPrefix("BEGIN:") { depth += 1 }
            current?.append(line)
            if line.hasPrefix("END:") { depth -= 1 }
            if line == "END:VTODO", let block = current { blocks.append(block); current = nil }
        }
        return blocks
    }

    func testEveryClientsFileImportsWithItsFields() throws {
        var checked = 0
        for (name, entry) in try manifest() where entry["calendars"] != nil {
            let lists = try ICSImport.lists(from: try read(name), localZone: utc)
            let calendars = try XCTUnwrap(entry["calendars"] as? [[String: Any]])
            XCTAssertEqual(lists.map(\.name), calendars.map { $0["name"] as? String }, name)
            for (list, calendar) in zip(lists, calendars) {
                let expected = try XCTUnwrap(calendar["items"] as? [[String: Any]])
                XCTAssertEqual(list.items.map(\.uid), expected.map { $0["uid"] as? String ?? "" }, name)
                for (item, want) in zip(list.items, expected) {
                    check(item, want, file: name)
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 20, "the fixtures hold a few dozen items")
    }

    /// Issue 59: of the clients' DTSTARTs, most are the DUE itself (Thunderbird, Evolution and
    /// Apple Reminders write one on every task that has a due time, tasks.org on one with a
    /// date): only a start on an earlier day than the due date makes an item wait for it.
    func testOnlyAStartBeforeTheDueDatesDayWaits() throws {
        var starts = 0
        var waiting: [String] = []
        for (name, entry) in try manifest() where entry["calendars"] != nil {
            for list in try ICSImport.lists(from: try read(name), localZone: utc) {
                for item in list.items {
                    guard let start = item.start else { continue }
                    starts += 1
                    if StartRule.waits(start: start, due: item.due, isCompleted: false, on: start.addingDays(-1).dayNumber) {
                        waiting.append(item.title)
                    }
                }
            }
        }
        XCTAssertEqual(starts, 8)
        XCTAssertEqual(waiting.sorted(), ["Steuererklärung 2025 abgeben", "Urlaub in Lissabon planen"])
    }

    private func check(_ item: ImportedItem, _ want: [String: Any], file: String) {
        let context = "\(file) \(item.uid)"
        XCTAssertEqual(item.title, want["title"] as? String, context)
        XCTAssertEqual(item.notes, want["notes"] as? String ?? "", context)
        XCTAssertEqual(item.isCompleted, want["completed"] as? Bool, context)
        XCTAssertEqual(item.completedAt, date(want["completed_at"]), context)
        XCTAssertEqual(item.repeatRule, want["rrule"] as? String, context)
        checkDue(item.start, want["start"] as? [String: String], context + " start")
        XCTAssertEqual(item.sortOrder, (want["sort_order"] as? NSNumber)?.int64Value, context)
        XCTAssertEqual(item.createdAt, date(want["created"]), context)
        if let at = date(want["reminder_at"]) {
            XCTAssertEqual(item.reminder, .at(TimeZoneResolver.wallClock(of: at, in: utc)), context)
        } else {
            XCTAssertEqual(item.reminder, (want["reminder_minutes_before_due"] as? Int).map { .beforeDue(minutes: $0) }, context)
        }
        checkDue(item.due, want["due"] as? [String: String], context)
        let lines = unfolded(item.ical ?? "")
        for kept in want["kept_lines"] as? [String] ?? [] {
            XCTAssertTrue(lines.contains(kept), "\(context): \(kept) kept")
        }
    }

    private func checkDue(_ due: DueDate?, _ want: [String: String]?, _ context: String) {
        guard let want else { return XCTAssertNil(due, context) }
        guard let due else { return XCTFail("\(context): no due date") }
        let day = want["date"]!.split(separator: "-").map { Int($0)! }
        XCTAssertEqual([due.year, due.month, due.day], day, context)
        guard let time = want["time"] else { return XCTAssertNil(due.hour, context) }
        let clock = time.split(separator: ":").map { Int($0)! }
        XCTAssertEqual([due.hour, due.minute], [clock[0], clock[1]], context)
        switch want["zone"] {
        case "UTC", "floating": XCTAssertEqual(due.timeZone.flatMap(TimeZone.init(identifier:))?.secondsFromGMT(), 0, context)
        case let zone: XCTAssertEqual(due.timeZone, zone, context)
        }
    }

    /// Each file's items go out again as they came when Flick changed nothing: every VTODO
    /// line for line (Flick's own order, rank = the file's order, adds nothing).
    func testEveryClientsFileGoesOutAsItCame() throws {
        for (name, entry) in try manifest() where entry["calendars"] != nil {
            let data = try read(name)
            let lists = try ICSImport.lists(from: data, localZone: utc)
            let exported = lists.map { list in
                ExportedList(name: list.name ?? "", uid: "l", items: list.items.map { item in
                    ExportedItem(uid: item.uid, title: item.title, notes: item.notes, isCompleted: item.isCompleted,
                                 completedAt: item.completedAt, due: item.due, reminder: item.reminder,
                                 repeatRule: item.repeatRule, createdAt: item.createdAt ?? Date(),
                                 modifiedAt: item.modifiedAt ?? Date(), rank: item.sortOrder, ical: item.ical,
                                 priority: item.priority, tags: item.tags, parentUID: item.parentUID, start: item.start)
                })
            }
            let text = ICSExport.text(for: exported, localZone: utc)
            XCTAssertEqual(todoBlocks(text), todoBlocks(String(decoding: data, as: UTF8.self)), name)
        }
    }

    func testEveryBrokenFileIsRefusedAtItsLine() throws {
        var checked = 0
        for (name, entry) in try manifest() {
            guard let line = entry["error_line"] as? Int else { continue }
            XCTAssertThrowsError(try ICSImport.lists(from: try read(name), localZone: utc), name) { error in
                let error = error as? ICalendarError
                XCTAssertEqual(error?.line, line, name)
                let reason = (entry["reason_contains"] as? String ?? "").lowercased()
                XCTAssertTrue(error?.reason.lowercased().contains(reason) == true, "\(name): “\(error?.reason ?? "")” says \(reason)")
            }
            checked += 1
        }
        XCTAssertEqual(checked, 6)
    }
}
