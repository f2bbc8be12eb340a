import GRDB
import XCTest
@testable import FlickCore

/// Today's (and Upcoming's, a search's) rows say whose subtask an item is; the parents' titles
/// are read for the rows around the one asked about, not for every row at once: a screen of
/// Upcoming's rows on 100,000 items asked for the parents of all its 1,100 items at each opening.
final class ParentTitleStretchTests: XCTestCase {
    /// 300 items due today, every tenth a subtask of "Parent n" (undated, so not in Today).
    private func todayOfSubtasks() throws -> ListDocument {
        let store = try TestDatabase().openStore()
        let listID = try XCTUnwrap(store.createList(name: "Work").id)
        let today = DueDate.today().dayNumber
        try store.queue.write { db in
            for n in 0..<300 {
                let parent = n % 10 == 0 ? "p\(n)" : nil
                if let parent {
                    try db.execute(sql: "INSERT INTO item (list_id, title, rank, uid) VALUES (?, ?, ?, ?)",
                                   arguments: [listID, "Parent \(n)", 1000 + n, parent])
                }
                try db.execute(sql: "INSERT INTO item (list_id, title, rank, uid, parent_uid, due_day) VALUES (?, ?, ?, ?, ?, ?)",
                               arguments: [listID, "Item \(n)", n, "i\(n)", parent, today])
            }
        }
        return try XCTUnwrap(store.todayDocument(day: DueDate.today()))
    }

    func testTheRowsAroundTheOneAskedAboutAreReadWithItOnce() throws {
        let today = try todayOfSubtasks()
        XCTAssertEqual(today.items.count, 300)
        let title = { (index: Int) in today.wholeItems[index].title }
        XCTAssertEqual(title(0), "Item 0")

        XCTAssertEqual(today.parentTitle(at: 0), "Parent 0")
        let firstStretch = today.parentTitlesRead
        XCTAssertTrue(firstStretch.contains(today.items[1].id), "the next rows are read with it")
        XCTAssertLessThan(firstStretch.count, 150, "not every row's")
        XCTAssertNil(today.parentTitle(at: 1), "Item 1 is no subtask")
        XCTAssertEqual(today.parentTitlesRead, firstStretch, "read once")

        XCTAssertEqual(today.parentTitle(at: 290), "Parent 290", "a row further down is read when asked about")
        XCTAssertEqual(today.parentTitle(of: today.items[250].id), "Parent 250")
        XCTAssertNil(today.parentTitle(at: 251))
        XCTAssertNil(today.parentTitle(at: 300), "no row there")
        for index in stride(from: 0, to: 300, by: 37) {
            XCTAssertEqual(today.parentTitle(at: index), index % 10 == 0 ? "Parent \(index)" : nil, title(index))
        }
    }
}
