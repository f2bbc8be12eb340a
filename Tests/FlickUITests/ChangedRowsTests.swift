import FlickCore
import XCTest
@testable import FlickUI

/// The rows a write names are found where the whole write leaves them.
final class ChangedRowsTests: XCTestCase {
    func testAnUpdatedRowMovesWithTheRemovalsAndInsertionsAfterIt() {
        XCTAssertEqual(ChangedRows.places(after: [.updated(at: 3), .removed(at: 1), .inserted(at: 0)]), [0, 3])
    }

    func testARemovedRowIsNamedNoMore() {
        XCTAssertEqual(ChangedRows.places(after: [.inserted(at: 4), .removed(at: 4)]), [])
    }

    func testAMovedRowIsNamedAtItsNewPlace() {
        XCTAssertEqual(ChangedRows.places(after: [.updated(at: 5), .moved(from: 2, to: 7)]), [4, 7])
    }

    /// Rows followed by identity through many changes (a list of tags, the changed ones marked)
    /// end where the places say: the check of the ordered places' shifts.
    func testManyChangesNameTheRowsWhereTheWriteLeavesThem() {
        var rows = Array(0..<60).map { (tag: $0, named: false) }
        var changes: [ListChange] = []
        var nextTag = 1_000
        for step in 0..<500 {
            let pick = (step * 7_919) % 997
            switch step % 4 {
            case 0:
                let at = pick % (rows.count + 1)
                rows.insert((nextTag, true), at: at)
                nextTag += 1
                changes.append(.inserted(at: at))
            case 1 where !rows.isEmpty:
                let at = pick % rows.count
                rows.remove(at: at)
                changes.append(.removed(at: at))
            case 2 where !rows.isEmpty:
                let from = pick % rows.count
                var moved = rows.remove(at: from)
                moved.named = true
                let to = (pick / 3) % (rows.count + 1)
                rows.insert(moved, at: to)
                changes.append(.moved(from: from, to: to))
            default:
                guard !rows.isEmpty else { continue }
                let at = pick % rows.count
                rows[at].named = true
                changes.append(.updated(at: at))
            }
        }
        let expected = Set(rows.indices.filter { rows[$0].named })
        XCTAssertEqual(ChangedRows.places(after: changes), expected)
    }

    func testASortNamesEveryRow() {
        XCTAssertNil(ChangedRows.places(after: [.updated(at: 0), .reordered(0..<3)]))
    }
}
