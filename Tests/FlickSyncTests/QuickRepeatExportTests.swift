import FlickCore
import Foundation
import XCTest
@testable import FlickSync

/// A repeat typed in a title (issue 59) leaves Flick as the RRULE it was read as, beside the
/// due date of its first occurrence, as other programs (tasks.org, Thunderbird) read them.
final class QuickRepeatExportTests: XCTestCase {
    private let zone = ICS.berlin

    private func temporaryStore() throws -> TodoStore {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flick-sync-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try TodoStore(databaseURL: directory.appendingPathComponent("flick.sqlite"))
    }

    /// The VTODO lines of `title` added to a list and read as quick entry reads it, exported on
    /// Saturday 21 November 2026.
    private func exportedLines(of title: String) throws -> [String] {
        let store = try temporaryStore()
        let list = try store.createList(name: "Home", titles: [title])
        let document = try XCTUnwrap(store.document(listID: list.id))
        let id = try XCTUnwrap(document.items.first?.id)
        let parser = QuickPlanParser(dates: QuickDateParser(words: .english, order: .dayMonth, timeZone: zone),
                                     repeats: QuickRepeatParser(words: .english))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let saturday = calendar.date(from: DateComponents(year: 2026, month: 11, day: 21, hour: 10))!
        let plan = try XCTUnwrap(parser.parse(title, now: saturday))
        for step in plan.steps {
            try document.update(id) { fields in
                switch step {
                case let .due(due, title): (fields.title, fields.due) = (title, due)
                case let .repeats(rule, title): (fields.title, fields.repeatRule) = (title, rule)
                case let .start(start, title): (fields.title, fields.start) = (title, start)
                }
            }
        }
        let text = ICSExport.text(for: try store.exportedLists(ids: [try XCTUnwrap(list.id)]), localZone: zone)
        let lists = try ICSImport.lists(from: Data(text.utf8), localZone: zone)
        XCTAssertEqual(lists.first?.items.first?.repeatRule, plan.rule?.rrule, "imported again, the same rule")
        return text.components(separatedBy: "\r\n")
    }

    func testEveryFridayIsAWeeklyRuleOnFridayFromTheNextFriday() throws {
        let lines = try exportedLines(of: "Water plants every Friday")
        XCTAssertTrue(lines.contains("SUMMARY:Water plants"), "\(lines)")
        XCTAssertTrue(lines.contains("RRULE:FREQ=WEEKLY;BYDAY=FR"), "\(lines)")
        XCTAssertTrue(lines.contains("DUE;VALUE=DATE:20261127"), "\(lines)")
    }

    func testMonthlyOnTheFirstIsAMonthlyRuleOnDayOneFromTheNextFirst() throws {
        let lines = try exportedLines(of: "Rent monthly on the 1st")
        XCTAssertTrue(lines.contains("RRULE:FREQ=MONTHLY;BYMONTHDAY=1"), "\(lines)")
        XCTAssertTrue(lines.contains("DUE;VALUE=DATE:20261201"), "\(lines)")
    }

    func testEveryWeekdayAtATime() throws {
        let lines = try exportedLines(of: "Standup every weekday 9:00")
        XCTAssertTrue(lines.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"), "\(lines)")
        XCTAssertTrue(lines.contains("DUE;TZID=Europe/Berlin:20261123T090000"), "Monday at 9:00: \(lines)")
    }
}
