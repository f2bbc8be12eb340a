@testable import FlickCore
@testable import FlickUI
import Foundation
import XCTest

final class BackupScheduleTests: XCTestCase {
    func testBackupsAreNamedByTheLocalDay() {
        let now = Date()
        let today = DueDate.today(in: .current, now: now)
        let expected = String(format: "flick-backup-%04d-%02d-%02d.sqlite", today.year, today.month, today.day)
        XCTAssertEqual(BackupName.fileName(for: now, calendar: BackupSchedule.calendar()), expected)
    }

    func testWeeksBeginWhereTheDateButtonsBeginThem() {
        XCTAssertEqual(BackupSchedule.calendar().firstWeekday, LocaleWeek.firstWeekday())
    }

    func testEightDaysInARowKeepTheWeekOfTheEighth() throws {
        // Eight days newest first from Sunday 29 November 2026: seven are kept as days, the
        // eighth (Saturday 21st) by its week, whichever day that week begins on.
        let calendar = BackupSchedule.calendar()
        let sunday = try XCTUnwrap(calendar.date(from: DateComponents(year: 2026, month: 11, day: 29)))
        let days = (0..<8).map { calendar.date(byAdding: .day, value: -$0, to: sunday)! }
        XCTAssertEqual(DatabaseBackups.kept(days, calendar: calendar), Set(days))
    }
}
