import XCTest
@testable import FlickCore

/// Repeat rules in RRULE form (issue 9): reading, writing back unchanged, and the next
/// occurrence after a due date.
final class RepeatRuleTests: XCTestCase {
    private func date(_ year: Int, _ month: Int, _ day: Int) -> DueDate {
        DueDate(year: year, month: month, day: day)
    }

    func testReadAndWrittenBack() throws {
        let rule = try XCTUnwrap(RepeatRule(rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TH,MO;UNTIL=20270630"))
        XCTAssertEqual(rule.frequency, .weekly)
        XCTAssertEqual(rule.interval, 2)
        XCTAssertEqual(rule.weekdays, [2, 5])
        XCTAssertEqual(rule.until, date(2027, 6, 30))
        XCTAssertEqual(rule.rrule, "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;UNTIL=20270630")
        XCTAssertEqual(RepeatRule.weekdaysOnly.rrule, "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
        XCTAssertEqual(RepeatRule(frequency: .monthly).rrule, "FREQ=MONTHLY")
    }

    func testPartsFlickDoesNotReadAreKept() throws {
        let rule = try XCTUnwrap(RepeatRule(rrule: "FREQ=MONTHLY;BYDAY=1MO;COUNT=10;WKST=SU"))
        XCTAssertEqual(rule.weekdays, [], "a monthly rule's BYDAY is not a weekly one")
        XCTAssertEqual(rule.rrule, "FREQ=MONTHLY;BYDAY=1MO;COUNT=10;WKST=SU", "in the order it came")
        let reread = try XCTUnwrap(RepeatRule(rrule: rule.rrule))
        XCTAssertEqual(reread.rrule, rule.rrule, "written back, it reads the same")
    }

    func testCountIsReadAndCountedDownInItsPlace() throws {
        let rule = try XCTUnwrap(RepeatRule(rrule: "FREQ=DAILY;COUNT=3;WKST=MO"))
        XCTAssertEqual(rule.count, 3)
        XCTAssertEqual(rule.countingOneDone.rrule, "FREQ=DAILY;COUNT=2;WKST=MO")
        XCTAssertEqual(rule.next(after: date(2026, 3, 1)), date(2026, 3, 2))
        let last = rule.countingOneDone.countingOneDone
        XCTAssertEqual(last.count, 1)
        XCTAssertNil(last.next(after: date(2026, 3, 1)), "no occurrence after the last")
        XCTAssertEqual(last.countingOneDone, last)
        XCTAssertNil(RepeatRule(frequency: .daily).count)
        XCTAssertEqual(RepeatRule(frequency: .daily).countingOneDone, RepeatRule(frequency: .daily))
    }

    func testRulesFlickCannotReadAreRefused() {
        XCTAssertNil(RepeatRule(rrule: ""))
        XCTAssertNil(RepeatRule(rrule: "FREQ=HOURLY"))
        XCTAssertNil(RepeatRule(rrule: "FREQ=DAILY;INTERVAL=0"))
        XCTAssertNil(RepeatRule(rrule: "FREQ=DAILY;UNTIL=soon"))
        XCTAssertNil(RepeatRule(rrule: "INTERVAL=2"))
    }

    func testDailyAndWeekly() {
        XCTAssertEqual(RepeatRule(frequency: .daily, interval: 3).next(after: date(2026, 12, 30)), date(2027, 1, 2))
        XCTAssertEqual(RepeatRule(frequency: .weekly).next(after: date(2026, 11, 20)), date(2026, 11, 27))
        // Friday 20 November: weekdays only go on to Monday 23.
        XCTAssertEqual(RepeatRule.weekdaysOnly.next(after: date(2026, 11, 20)), date(2026, 11, 23))
        XCTAssertEqual(RepeatRule.weekdaysOnly.next(after: date(2026, 11, 23)), date(2026, 11, 24))
        // Every second week on Monday and Thursday, from Thursday 19 November: Monday 30.
        let fortnightly = RepeatRule(frequency: .weekly, interval: 2, weekdays: [2, 5])
        XCTAssertEqual(fortnightly.next(after: date(2026, 11, 19)), date(2026, 11, 30))
        XCTAssertEqual(fortnightly.next(after: date(2026, 11, 30)), date(2026, 12, 3))
    }

    func testMonthlyAndYearlySkipWhatDoesNotExist() {
        let monthly = RepeatRule(frequency: .monthly)
        XCTAssertEqual(monthly.next(after: date(2026, 1, 31)), date(2026, 3, 31), "no 31 February")
        XCTAssertEqual(monthly.next(after: date(2026, 12, 15)), date(2027, 1, 15))
        XCTAssertEqual(RepeatRule(frequency: .monthly, interval: 5).next(after: date(2026, 10, 10)), date(2027, 3, 10))
        XCTAssertEqual(RepeatRule(frequency: .yearly).next(after: date(2028, 2, 29)), date(2032, 2, 29))
    }

    func testTheTimeIsKeptAndUntilEnds() {
        let due = DueDate(year: 2026, month: 3, day: 28, hour: 11, minute: 0, timeZone: "Europe/Berlin")
        let next = RepeatRule(frequency: .daily).next(after: due)
        XCTAssertEqual(next, DueDate(year: 2026, month: 3, day: 29, hour: 11, minute: 0, timeZone: "Europe/Berlin"),
                       "the same wall-clock time across the daylight-saving change")
        let until = RepeatRule(frequency: .weekly, until: date(2026, 12, 1))
        XCTAssertEqual(until.next(after: date(2026, 11, 20)), date(2026, 11, 27))
        XCTAssertNil(until.next(after: date(2026, 11, 27)), "4 December is past UNTIL")
    }
}

/// Days of the month (issue 59): a monthly rule's BYMONTHDAY is read, followed and written back.
final class RepeatRuleMonthDayTests: XCTestCase {
    private func date(_ year: Int, _ month: Int, _ day: Int) -> DueDate {
        DueDate(year: year, month: month, day: day)
    }

    func testReadAndWrittenBack() throws {
        let rule = try XCTUnwrap(RepeatRule(rrule: "FREQ=MONTHLY;BYMONTHDAY=15,1;COUNT=4"))
        XCTAssertEqual(rule.monthDays, [1, 15])
        XCTAssertEqual(rule.rrule, "FREQ=MONTHLY;BYMONTHDAY=1,15;COUNT=4")
        XCTAssertEqual(RepeatRule(frequency: .monthly, monthDays: [1]).rrule, "FREQ=MONTHLY;BYMONTHDAY=1")
        let yearly = try XCTUnwrap(RepeatRule(rrule: "FREQ=YEARLY;BYMONTHDAY=1"))
        XCTAssertEqual(yearly.monthDays, [], "a yearly rule's days of the month are kept, not read")
        XCTAssertEqual(yearly.rrule, "FREQ=YEARLY;BYMONTHDAY=1")
        XCTAssertEqual(try XCTUnwrap(RepeatRule(rrule: "FREQ=MONTHLY;BYMONTHDAY=40")).rrule, "FREQ=MONTHLY;BYMONTHDAY=40",
                       "a day Flick cannot follow is kept as it came")
    }

    func testTheNextOccurrenceIsOnTheDayOfTheMonth() {
        let first = RepeatRule(frequency: .monthly, monthDays: [1])
        XCTAssertEqual(first.next(after: date(2026, 12, 1)), date(2027, 1, 1))
        XCTAssertEqual(first.next(after: date(2026, 11, 20)), date(2026, 12, 1), "from a day that is not the 1st")
        let twice = RepeatRule(frequency: .monthly, monthDays: [1, 15])
        XCTAssertEqual(twice.next(after: date(2026, 11, 1)), date(2026, 11, 15))
        XCTAssertEqual(twice.next(after: date(2026, 11, 15)), date(2026, 12, 1))
        XCTAssertEqual(RepeatRule(frequency: .monthly, interval: 2, monthDays: [1]).next(after: date(2026, 12, 1)),
                       date(2027, 2, 1))
        XCTAssertEqual(RepeatRule(frequency: .monthly, monthDays: [31]).next(after: date(2026, 1, 31)), date(2026, 3, 31),
                       "a month without a 31st has none")
        XCTAssertEqual(RepeatRule(frequency: .monthly, monthDays: [-1]).next(after: date(2028, 1, 31)), date(2028, 2, 29),
                       "-1 is the last day")
    }

    func testTheFirstOccurrence() {
        XCTAssertEqual(RepeatRule(frequency: .monthly, monthDays: [1]).firstOccurrence(onOrAfter: date(2026, 11, 20)),
                       date(2026, 12, 1))
        XCTAssertEqual(RepeatRule(frequency: .weekly, weekdays: [6]).firstOccurrence(onOrAfter: date(2026, 11, 21)),
                       date(2026, 11, 27))
        let evening = DueDate(year: 2026, month: 11, day: 21, hour: 18, minute: 0, timeZone: "Europe/Berlin")
        XCTAssertEqual(RepeatRule.weekdaysOnly.firstOccurrence(onOrAfter: evening),
                       DueDate(year: 2026, month: 11, day: 23, hour: 18, minute: 0, timeZone: "Europe/Berlin"))
        XCTAssertEqual(RepeatRule(frequency: .daily).firstOccurrence(onOrAfter: date(2026, 11, 21)), date(2026, 11, 21))
    }

    /// Completing a "monthly on the 1st" item moves it to the next 1st, as one undoable step.
    func testCompletingAnItemRepeatingOnTheFirstMovesItToTheNextFirst() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["Pay rent"])
        let id = document.wholeItems[0].id!
        try document.update(id) {
            $0.due = self.date(2026, 12, 1)
            $0.repeatRule = RepeatRule(rrule: "FREQ=MONTHLY;BYMONTHDAY=1")
        }
        XCTAssertEqual(try document.setCompleted(id, true), date(2027, 1, 1))
        XCTAssertEqual(document.item(id)?.due, date(2027, 1, 1))
        XCTAssertEqual(try document.fields(of: id).repeatRule?.rrule, "FREQ=MONTHLY;BYMONTHDAY=1")
        // Moved in the details to the 5th, it still comes back on the 1st.
        try document.update(id) { $0.due = self.date(2027, 1, 5) }
        XCTAssertEqual(try document.setCompleted(id, true), date(2027, 2, 1))
    }

    /// A daily 9:00 in Berlin is 9:00 by Berlin's clock on the days summer time begins and ends,
    /// one hour apart from the day before in UTC (issue 74, point 6).
    func testADailyNineOClockStaysAtNineAcrossBothDaylightSavingChanges() throws {
        let rule = RepeatRule(frequency: .daily)
        for (day, next, utcHour) in [(28, 29, 7), (24, 25, 8)] {
            let month = day == 28 ? 3 : 10
            let due = DueDate(year: 2026, month: month, day: day, hour: 9, minute: 0, timeZone: "Europe/Berlin")
            let following = try XCTUnwrap(rule.next(after: due))
            XCTAssertEqual(following, DueDate(year: 2026, month: month, day: next, hour: 9, minute: 0, timeZone: "Europe/Berlin"))
            var utc = Calendar(identifier: .gregorian)
            utc.timeZone = TimeZone(identifier: "UTC")!
            XCTAssertEqual(utc.component(.hour, from: try XCTUnwrap(following.instant)), utcHour)
        }
    }
}
