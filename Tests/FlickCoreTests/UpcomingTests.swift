import XCTest
@testable import FlickCore

/// The Upcoming view (issue 59): the next fourteen days under their headings, overdue first,
/// the later occurrences of repeating items without copies, and a drop on another day as one
/// undoable step.
final class UpcomingTests: XCTestCase {
    /// Monday 23 November 2026.
    private let today = DueDate(year: 2026, month: 11, day: 23)

    private func day(_ offset: Int, hour: Int? = nil) -> DueDate {
        let date = today.addingDays(offset)
        return DueDate(year: date.year, month: date.month, day: date.day, hour: hour, minute: hour.map { _ in 0 },
                       timeZone: hour.map { _ in "Europe/Berlin" })
    }

    private func rule(_ text: String) throws -> RepeatRule { try XCTUnwrap(RepeatRule(rrule: text)) }

    /// The rows as words: "#3" a heading three days on, "Overdue", an item's id, "7@2" item 7's
    /// occurrence two days on.
    private func words(_ agenda: UpcomingAgenda) -> [String] {
        agenda.rows.map { row in
            switch row {
            case .overdueHeading: "Overdue"
            case let .dayHeading(offset): "#\(offset)"
            case let .item(id): "\(id)"
            case let .occurrence(id, offset): "\(id)@\(offset)"
            }
        }
    }

    /// The rows under the heading `offset` days on.
    private func under(_ offset: Int, in agenda: UpcomingAgenda) -> [String] {
        let all = words(agenda)
        let start = all.firstIndex(of: "#\(offset)")! + 1
        return Array(all[start...].prefix { !$0.hasPrefix("#") })
    }

    func testOverdueFirstThenEveryDayUnderItsHeadingDateAloneBeforeTimes() {
        let agenda = UpcomingAgenda(entries: [
            UpcomingEntry(id: 1, due: day(2, hour: 9)), UpcomingEntry(id: 2, due: day(-3)),
            UpcomingEntry(id: 3, due: day(2)), UpcomingEntry(id: 4, due: day(0)),
            UpcomingEntry(id: 5, due: day(14)), UpcomingEntry(id: 6, due: day(13, hour: 8)),
        ], today: today)
        XCTAssertEqual(Array(words(agenda).prefix(3)), ["Overdue", "2", "#0"])
        XCTAssertEqual(under(0, in: agenda), ["4"])
        XCTAssertEqual(under(2, in: agenda), ["3", "1"], "a date alone before a time")
        XCTAssertEqual(under(13, in: agenda), ["6"])
        XCTAssertEqual(agenda.rows.filter(\.isHeading).count, 15, "Overdue and fourteen days, empty ones too")
        XCTAssertFalse(words(agenda).contains("5"), "a fortnight on is past the view")
        XCTAssertEqual(agenda.day(under: agenda.index(of: 1)!), day(2))
        XCTAssertNil(agenda.day(under: agenda.index(of: 2)!), "overdue is no day")
    }

    func testWithoutOverdueItemsThereIsNoOverdueHeading() {
        let agenda = UpcomingAgenda(entries: [UpcomingEntry(id: 1, due: day(1))], today: today)
        XCTAssertEqual(Array(words(agenda).prefix(3)), ["#0", "#1", "1"])
    }

    func testDailyWeeklyAndMonthlyRulesFallOnTheirDaysWithinTheFortnight() throws {
        let agenda = UpcomingAgenda(entries: [
            UpcomingEntry(id: 1, due: day(10), rule: try rule("FREQ=DAILY")),
            UpcomingEntry(id: 2, due: day(1), rule: try rule("FREQ=WEEKLY")),
            UpcomingEntry(id: 3, due: day(0), rule: try rule("FREQ=MONTHLY")),
            UpcomingEntry(id: 4, due: day(0), rule: try rule("FREQ=WEEKLY;BYDAY=MO,TH")),
        ], today: today)
        let all = words(agenda)
        XCTAssertEqual(all.filter { $0.hasPrefix("1") }, ["1", "1@11", "1@12", "1@13"], "daily from its due date on")
        XCTAssertEqual(all.filter { $0.hasPrefix("2") }, ["2", "2@8"], "weekly: a week on")
        XCTAssertEqual(all.filter { $0.hasPrefix("3") }, ["3"], "monthly: next month is past the view")
        XCTAssertEqual(all.filter { $0.hasPrefix("4") }, ["4", "4@3", "4@7", "4@10"], "Monday and Thursday")
        XCTAssertEqual(under(8, in: agenda), ["2@8"])
    }

    func testCountAndUntilEndTheOccurrences() throws {
        let agenda = UpcomingAgenda(entries: [
            UpcomingEntry(id: 1, due: day(0), rule: try rule("FREQ=DAILY;COUNT=3")),
            UpcomingEntry(id: 2, due: day(0), rule: try rule("FREQ=DAILY;UNTIL=20261125")),
        ], today: today)
        let all = words(agenda)
        XCTAssertEqual(all.filter { $0.hasPrefix("1") }, ["1", "1@1", "1@2"], "three occurrences in all")
        XCTAssertEqual(all.filter { $0.hasPrefix("2") }, ["2", "2@1", "2@2"], "none after 25 November")
    }

    func testAnOverdueRepeatingItemShowsItsOccurrencesFromTodayOnly() throws {
        let agenda = UpcomingAgenda(entries: [UpcomingEntry(id: 1, due: day(-2), rule: try rule("FREQ=WEEKLY"))], today: today)
        XCTAssertEqual(words(agenda).filter { $0.hasPrefix("1") }, ["1", "1@5", "1@12"])
    }

    func testRowIDsNameTheirRowsAndNeverAnItem() {
        let rows: [UpcomingRow] = [.overdueHeading, .dayHeading(offset: 0), .dayHeading(offset: 13), .item(id: 42),
                                   .occurrence(itemID: 1, offset: 0), .occurrence(itemID: 99_999, offset: 13)]
        XCTAssertEqual(rows.map { UpcomingRow(id: $0.id) }, rows)
        XCTAssertEqual(Set(rows.map(\.id)).count, rows.count)
        XCTAssertTrue(rows.filter { if case .item = $0 { false } else { true } }.allSatisfy { $0.id < 0 })
    }

    func testADropLandsOnTheDayOfTheHeadingAboveIt() {
        let agenda = UpcomingAgenda(entries: [UpcomingEntry(id: 1, due: day(-1)), UpcomingEntry(id: 2, due: day(0)),
                                              UpcomingEntry(id: 3, due: day(1))], today: today)
        // Overdue, 1, #0, 2, #1, 3, #2, …
        XCTAssertEqual(agenda.day(droppingRow: 2, at: 4), day(1), "just below Tomorrow's heading")
        XCTAssertEqual(agenda.day(droppingRow: 2, at: 3), day(0), "where it was: its own day")
        XCTAssertEqual(agenda.day(droppingRow: 3, at: 6), day(2))
        XCTAssertNil(agenda.day(droppingRow: 2, at: 1), "among the overdue items")
        XCTAssertNil(agenda.day(droppingRow: 2, at: 0), "above every heading")
        XCTAssertEqual(agenda.day(droppingRow: 1, at: 99), day(13), "past the end: the last day")
    }

    // MARK: The store

    private func plannedStore() throws -> (TestDatabase, TodoStore, [String: Int64]) {
        let db = TestDatabase()
        let store = try db.openStore()
        let home = try store.createList(name: "Home", titles: ["Paint", "Undated", "Later", "Done", "Water"])
        let document = try XCTUnwrap(try store.document(listID: home.id))
        var ids: [String: Int64] = [:]
        for item in document.wholeItems { ids[item.title] = item.id! }
        try document.update(ids["Paint"]!) { $0.due = self.day(3, hour: 18) }
        try document.update(ids["Later"]!) { $0.due = self.day(20) }
        try document.update(ids["Done"]!) { $0.due = self.day(1) }
        try document.setCompleted(ids["Done"]!, true)
        try document.update(ids["Water"]!) {
            $0.due = self.day(-1)
            $0.repeatRule = RepeatRule(frequency: .weekly, otherParts: ["COUNT=2"])
        }
        return (db, store, ids)
    }

    private func agenda(_ store: TodoStore, _ document: ListDocument) throws -> UpcomingAgenda {
        UpcomingAgenda(entries: try store.upcomingEntries(day: today, of: document.items.map(\.id)), today: today)
    }

    func testTheStoreGivesOpenItemsDueWithinTheViewWithTheirRules() throws {
        let (_, store, ids) = try plannedStore()
        let document = try XCTUnwrap(try store.upcoming(day: today)?.document)
        XCTAssertTrue(document.scope.isUpcoming)
        let agenda = try agenda(store, document)
        let water = ids["Water"]!, paint = ids["Paint"]!
        XCTAssertEqual(agenda.rows.filter { !$0.isHeading },
                       [.item(id: water), .item(id: paint), .occurrence(itemID: water, offset: 6)],
                       "done, undated and later items left out; COUNT=2 leaves one occurrence after the overdue one")
    }

    func testTheEntriesReadWithTheDocumentAreTheOnesReadApart() throws {
        let (_, store, ids) = try plannedStore()
        let work = try store.createList(name: "Work", titles: ["Stand-up", "Started", "Starts, due later"])
        let document = try XCTUnwrap(try store.document(listID: work.id))
        var more: [String: Int64] = [:]
        for item in document.wholeItems { more[item.title] = item.id! }
        try document.update(more["Stand-up"]!) {
            $0.due = self.day(0, hour: 9)
            $0.repeatRule = RepeatRule(frequency: .daily)
        }
        try document.update(more["Started"]!) { $0.start = self.day(-2) }
        try document.update(more["Starts, due later"]!) {
            $0.start = self.day(1)
            $0.due = self.day(30)
        }
        let read = try XCTUnwrap(try store.upcoming(day: today))
        let apart = try store.upcomingEntries(day: today, of: read.document.items.map(\.id))
        XCTAssertEqual(read.entries, apart)
        XCTAssertEqual(Set(read.entries.map(\.id)), [ids["Paint"]!, ids["Water"]!, more["Stand-up"]!],
                       "started but not due within the fortnight: shown, yet no entry")
        XCTAssertEqual(read.entries.first { $0.id == more["Stand-up"] }?.rule, RepeatRule(frequency: .daily))
        XCTAssertTrue(read.document.items.contains { $0.id == more["Started"] })
    }

    /// The first list, read in the same transaction as the items: new items go there.
    func testNewItemsGoToTheFirstListAndWithoutAListThereIsNoUpcoming() throws {
        let (db, store, _) = try plannedStore()
        let work = try store.createList(name: "Work")
        try store.queue.write { db in try db.execute(sql: "UPDATE list SET rank = (SELECT min(rank) FROM list) - 1 WHERE id = ?", arguments: [work.id]) }
        let first = try XCTUnwrap(store.lists().first)
        XCTAssertEqual(first.name, "Work")
        XCTAssertEqual(try store.upcoming(day: today)?.document.scope, .upcoming(day: today, defaultListID: first.id!))
        try store.queue.write { db in try db.execute(sql: "DELETE FROM list") }
        XCTAssertNil(try store.upcoming(day: today))
        _ = db
    }

    func testRescheduleKeepsTheTimeIsOneUndoableStepAndLeavesTheSameDayAlone() throws {
        let (_, store, ids) = try plannedStore()
        let document = try XCTUnwrap(try store.upcoming(day: today)?.document)
        let paint = ids["Paint"]!
        XCTAssertEqual(try document.perform(.reschedule(itemID: paint, toDay: day(5))), .rescheduled(day(5, hour: 18)))
        XCTAssertEqual(try document.fields(of: paint).due, day(5, hour: 18))
        XCTAssertEqual(try agenda(store, document).day(under: try agenda(store, document).index(of: paint)!), day(5))
        XCTAssertEqual(try document.perform(.reschedule(itemID: paint, toDay: day(5))), .rescheduled(nil),
                       "the same day: nothing written")
        _ = try document.perform(.undo)
        XCTAssertEqual(try document.fields(of: paint).due, day(3, hour: 18), "one undo takes it back")
    }

    func testCompletingTheCurrentOccurrenceMovesTheSeriesOn() throws {
        let (_, store, ids) = try plannedStore()
        let document = try XCTUnwrap(try store.upcoming(day: today)?.document)
        let water = ids["Water"]!
        _ = try document.perform(.setCompleted(itemID: water, true))
        XCTAssertEqual(try agenda(store, document).rows.filter { !$0.isHeading }.first, .item(id: ids["Paint"]!))
        XCTAssertEqual(try agenda(store, document).day(under: try agenda(store, document).index(of: water)!), day(6),
                       "the item is now due on its next occurrence, which has no later one (COUNT)")
        XCTAssertNil(try agenda(store, document).index(of: UpcomingRow.occurrence(itemID: water, offset: 6).id))
    }
}

/// The changes that splice one order of Upcoming's rows into the next.
final class RowChangesTests: XCTestCase {
    /// `changes` applied in order to `old`, as the gesture list's model applies them.
    private func applying(_ changes: [ListChange], to old: [Int64], new: [Int64]) -> [Int64] {
        var rows = old
        for change in changes {
            switch change {
            case let .removed(at): rows.remove(at: at)
            case let .inserted(at): rows.insert(new[at], at: at)
            case let .moved(from, to): rows.insert(rows.remove(at: from), at: to)
            case .updated: break
            case .reordered: XCTFail("RowChanges never reorders a range")
            }
        }
        return rows
    }

    func testEveryOrderBecomesTheNext() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let old = Array(Set((0..<Int.random(in: 0...12, using: &generator)).map { _ in Int64.random(in: -5...20, using: &generator) }))
            let new = Array(Set((0..<Int.random(in: 0...12, using: &generator)).map { _ in Int64.random(in: -5...20, using: &generator) }))
            XCTAssertEqual(applying(RowChanges.between(old, new), to: old, new: new), new, "\(old) → \(new)")
            let fixed: (Int64) -> Bool = { $0 < 0 }
            let inSameOrder = old.filter(fixed).filter(new.contains) == new.filter(fixed).filter(old.contains)
            if inSameOrder {
                XCTAssertEqual(applying(RowChanges.between(old, new, isFixed: fixed), to: old, new: new), new, "\(old) → \(new)")
            }
        }
    }

    func testARowMovedAcrossADayIsTheOneTakenOutNeverTheHeading() {
        let headings: (Int64) -> Bool = { $0 < 0 }
        XCTAssertEqual(RowChanges.between([-2, 7, -3, 8], [-2, -3, 7, 8], isFixed: headings).filter(\.placesRows),
                       [.removed(at: 1), .inserted(at: 2)], "7 goes down past its heading")
        XCTAssertEqual(RowChanges.between([-2, 7, -3, 8], [-2, 8, 7, -3], isFixed: headings).filter(\.placesRows),
                       [.removed(at: 3), .inserted(at: 1)], "8 comes up past the heading and 7")
        XCTAssertEqual(RowChanges.between([-2, 7, -3, 8], [-2, 7, -3, 8]).filter(\.placesRows), [], "nothing moved")
    }
}
