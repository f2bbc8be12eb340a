import FlickCore
import XCTest
@testable import FlickUI

/// The open items' places followed through writes (the heat map's steps) are those counted
/// again over the items: insertions, removals, moves and completions, several to a write.
final class OpenItemPlacesTests: XCTestCase {
    private func row(_ id: Int64, completed: Bool) -> ItemRow {
        ItemRow(id: id, listID: 1, rank: id, isCompleted: completed)
    }

    /// The place among the open items, counted over the items before it.
    private func counted(_ items: [ItemRow]) -> [Int] {
        var open = 0
        return items.map { item in
            defer { if !item.isCompleted { open += 1 } }
            return open
        }
    }

    func testPlacesFollowedThroughWritesAreThoseCountedAgain() {
        var items = (0..<40).map { row(Int64($0), completed: $0 % 3 == 0) }
        var places = OpenItemPlaces(items)
        var nextID: Int64 = 1_000
        for write in 0..<400 {
            var changes: [ListChange] = []
            for part in 0..<(1 + write % 3) {
                // A fixed walk over kinds and places, so that a failure is the same each run.
                let pick = (write * 7_919 + part * 104_729) % 997
                let kind = (write + part) % 4
                if kind == 0 || items.isEmpty {
                    let at = items.isEmpty ? 0 : pick % (items.count + 1)
                    items.insert(row(nextID, completed: pick % 2 == 0), at: at)
                    nextID += 1
                    changes.append(.inserted(at: at))
                } else if kind == 1 {
                    let at = pick % items.count
                    items.remove(at: at)
                    changes.append(.removed(at: at))
                } else if kind == 2 {
                    let from = pick % items.count
                    let moved = items.remove(at: from)
                    let to = (pick / 7) % (items.count + 1)
                    items.insert(moved, at: to)
                    changes.append(.moved(from: from, to: to))
                } else {
                    let at = pick % items.count
                    items[at].isCompleted.toggle()
                    changes.append(.updated(at: at))
                }
            }
            XCTAssertTrue(places.follow(changes, to: items), "write \(write)")
            XCTAssertEqual(items.indices.map(places.place(ofItemAt:)), counted(items), "write \(write): \(changes)")
            XCTAssertEqual(places.openCount, items.filter { !$0.isCompleted }.count, "write \(write)")
        }
    }

    func testASortIsCountedAgain() {
        let items = [row(1, completed: false), row(2, completed: true), row(3, completed: false)]
        var places = OpenItemPlaces(items)
        XCTAssertFalse(places.follow([.reordered(0..<3)], to: items))
    }
}
