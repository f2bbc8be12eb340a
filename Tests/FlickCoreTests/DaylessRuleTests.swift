import XCTest
@testable import FlickCore

/// Rules whose days of the month fall in none of their months: known to have no occurrence
/// without libical's search to 2037 (`DaylessRule`), and the rules that do name a day still go to
/// libical.
final class DaylessRuleTests: XCTestCase {
    func testRulesWhoseMonthsHaveNoneOfTheirDaysNameNoDay() {
        for rule in ["FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=30", "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31",
                     "FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=4,6,9,11", "FREQ=MONTHLY;BYMONTHDAY=-30;BYMONTH=2",
                     "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30,31"] {
            XCTAssertTrue(DaylessRule.namesNoDay(rule), rule)
            XCTAssertEqual(LibicalRecurrence.occurrences(of: rule, after: DueDate(year: 2026, month: 3, day: 2), limit: 1,
                                                         through: .max), [], rule)
        }
    }

    func testRulesWithADayInOneOfTheirMonthsAreLeftToLibical() {
        for rule in ["FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=4,5",
                     "FREQ=MONTHLY;BYMONTHDAY=-29;BYMONTH=2", "FREQ=MONTHLY;BYMONTHDAY=30", "FREQ=YEARLY;BYMONTH=2",
                     "FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=X"] {
            XCTAssertFalse(DaylessRule.namesNoDay(rule), rule)
        }
        XCTAssertEqual(LibicalRecurrence.occurrences(of: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29",
                                                     after: DueDate(year: 2026, month: 3, day: 2), limit: 1, through: .max),
                       [DueDate(year: 2028, month: 2, day: 29)])
    }
}
