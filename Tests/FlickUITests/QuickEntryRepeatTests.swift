import FlickCore
import Foundation
import XCTest
@testable import FlickUI

/// A repeat typed at the end of a new item's title (issue 59): each part a step of its own,
/// undone one by one back to the typed title, and named in words in the notice.
final class QuickEntryRepeatTests: XCTestCase {
    private var directory: URL!

    override func setUp() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("flick-repeat-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    private var english: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: "en_GB")
        calendar.firstWeekday = 2
        return calendar
    }

    private func text(_ rrule: String) throws -> String {
        RepeatRuleText.text(for: try XCTUnwrap(RepeatRule(rrule: rrule)), calendar: english)
    }

    func testARuleInWords() throws {
        XCTAssertEqual(try text("FREQ=DAILY"), "daily")
        XCTAssertEqual(try text("FREQ=DAILY;INTERVAL=3"), "every 3 days")
        XCTAssertEqual(try text("FREQ=WEEKLY"), "weekly")
        XCTAssertEqual(try text("FREQ=WEEKLY;INTERVAL=2"), "every 2 weeks")
        XCTAssertEqual(try text("FREQ=WEEKLY;BYDAY=FR"), "every Friday")
        XCTAssertEqual(try text("FREQ=WEEKLY;BYDAY=TH,MO"), "every Monday and Thursday")
        XCTAssertEqual(try text("FREQ=WEEKLY;BYDAY=MO,WE,FR"), "every Monday, Wednesday and Friday")
        XCTAssertEqual(try text("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"), "every weekday")
        XCTAssertEqual(try text("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"), "every 2 weeks on Tuesday")
        XCTAssertEqual(try text("FREQ=MONTHLY"), "monthly")
        XCTAssertEqual(try text("FREQ=MONTHLY;BYMONTHDAY=1"), "monthly on day 1")
        XCTAssertEqual(try text("FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=1,15"), "every 3 months on day 1 and 15")
        XCTAssertEqual(try text("FREQ=MONTHLY;BYMONTHDAY=-1"), "monthly", "a day from the end is left to the details")
        XCTAssertEqual(try text("FREQ=YEARLY;INTERVAL=2"), "every 2 years")
    }

    func testTheNoticeNamesTheRepeatAndTheDueDateItBrought() {
        MainActor.assumeIsolated {
            var result = QuickEntry.Result()
            result.repeatRule = RepeatRule(frequency: .daily)
            result.due = DueDate.today()
            XCTAssertEqual(QuickEntry.notice(for: result, now: Date()), "Repeats daily, due Today")
            result.priority = 1
            XCTAssertEqual(QuickEntry.notice(for: result, now: Date()), "High priority, repeats daily, due Today")
        }
    }

    /// A new store at `databaseURL` whose list "Home" has one item of `title` at its top, as
    /// typed in a new row.
    @MainActor
    private static func typedItem(_ title: String, in databaseURL: URL) throws -> (TodoStore, ListDocument, Int64) {
        let store = try TodoStore(databaseURL: databaseURL)
        let list = try store.createList(name: "Home", titles: [])
        let document = try XCTUnwrap(store.document(listID: list.id))
        return (store, document, try XCTUnwrap(document.insert(title: title, at: 0).id))
    }

    /// A title that ends in no date, repeat or start phrase changes no due date: quick entry
    /// reads nothing of the new item (two reads of its fields were a tenth of an insertion).
    func testATitleWithoutADatePhraseIsReadNoMore() throws {
        let databaseURL = directory.appendingPathComponent("flick.sqlite")
        try MainActor.assumeIsolated {
            let (store, document, id) = try Self.typedItem("Water plants", in: databaseURL)
            let log = try StoreStatementLog(store)
            let result = try QuickEntry.apply(to: id, in: document)
            XCTAssertNil(result.due)
            XCTAssertEqual(log.reads, [])
            XCTAssertEqual(try document.fields(of: id).title, "Water plants")
        }
    }

    /// "Water plants every Friday !high": the priority, then the first Friday as the due date
    /// (the title as it was), then the rule; Ctrl+Z takes them back in the other order.
    func testEachPartIsAStepAndUndoGivesTheTitleBackOnePartAtATime() throws {
        let databaseURL = directory.appendingPathComponent("flick.sqlite")
        try MainActor.assumeIsolated {
            let (_, document, id) = try Self.typedItem("Water plants every Friday !high", in: databaseURL)
            let result = try QuickEntry.apply(to: id, in: document)
            let friday = RepeatRule(frequency: .weekly, weekdays: [6]).firstOccurrence(onOrAfter: DueDate.today())
            XCTAssertEqual(result.repeatRule?.rrule, "FREQ=WEEKLY;BYDAY=FR")
            XCTAssertEqual(result.due, friday)
            XCTAssertTrue(result.dueIsFirstOccurrence)

            func state() throws -> [String?] {
                let fields = try document.fields(of: id)
                return [fields.title, fields.repeatRule?.rrule, fields.due.map { "\($0.dayNumber)" }, "\(fields.priority)"]
            }
            let day = "\(friday.dayNumber)"
            XCTAssertEqual(try state(), ["Water plants", "FREQ=WEEKLY;BYDAY=FR", day, "1"])
            try document.undo()
            XCTAssertEqual(try state(), ["Water plants every Friday", nil, day, "1"], "the rule first, its words back")
            try document.undo()
            XCTAssertEqual(try state(), ["Water plants every Friday", nil, nil, "1"], "then the date it brought")
            try document.undo()
            XCTAssertEqual(try state(), ["Water plants every Friday !high", nil, nil, "0"])
        }
    }

    func testTheSearchProviderSaysTheRepeatOfWhatItWouldAdd() {
        MainActor.assumeIsolated {
            let (title, read) = SearchProviderResults.quickEntry(of: "Rent monthly on the 1st", now: Date())
            XCTAssertEqual(title, "Rent")
            XCTAssertEqual(read.repeatRule?.rrule, "FREQ=MONTHLY;BYMONTHDAY=1")
            XCTAssertEqual(read.due?.day, 1)
        }
    }
}
