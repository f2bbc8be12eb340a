import FlickSync
import XCTest
@testable import FlickUI

/// What the user reads when another app's file cannot be imported (issue 62, arrivals): the
/// file, the app it looks like, what is wrong and, where the format has lines, which one.
final class ArrivalImportMessageTests: XCTestCase {
    func testARefusalNamesTheFileTheAppAndWhatIsWrong() {
        XCTAssertEqual(ICSImportMessage.failure(.invalidExport(ArrivalError(.errands, .missing("tasks"))), fileName: "data.json"),
                       "“data.json” looks like a file of Errands but cannot be read, so nothing was imported. “tasks” is missing.")
        XCTAssertEqual(ICSImportMessage.failure(.invalidExport(ArrivalError(.todoist, .unclosedQuote, line: 7)), fileName: "a.csv"),
                       "“a.csv” looks like a file of Todoist but cannot be read, so nothing was imported. " +
                       "Line 7: A quoted field never closes.")
        XCTAssertEqual(ICSImportMessage.failure(.invalidExport(ArrivalError(.gtg, .badDate(field: "due", value: "soonish"))),
                                                fileName: "gtg_data.xml"),
                       "“gtg_data.xml” looks like a file of Getting Things GNOME but cannot be read, so nothing was imported. " +
                       "“soonish” in “due” is not a date.")
    }
}
