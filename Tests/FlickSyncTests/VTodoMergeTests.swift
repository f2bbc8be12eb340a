import FlickCore
import Foundation
import XCTest
@testable import FlickSync

/// The three-way merge: each way a property can have changed on each side.
final class VTodoMergeTests: XCTestCase {
    private let base = VTodoFields(uid: "u", title: "Buy milk", notes: "2 litres", due: DueDate(year: 2026, month: 5, day: 1),
                                   sortOrder: 10)
    private let earlier = ICS.utc(2026, 5, 1, 8)
    private let later = ICS.utc(2026, 5, 1, 9)

    private func merge(local: VTodoFields, remote: VTodoFields, localIsLater: Bool = false,
                       base: VTodoFields? = nil) -> VTodoMerge.Outcome {
        VTodoMerge.merge(base: base ?? self.base, local: local, remote: remote,
                         localModified: localIsLater ? later : earlier, remoteModified: localIsLater ? earlier : later)
    }

    func testNothingChangedAnywhereIsTheRemoteAsItIs() {
        let outcome = merge(local: base, remote: base)
        XCTAssertEqual(outcome.fields, base)
        XCTAssertEqual(outcome.conflicts, [])
        XCTAssertFalse(outcome.differsFromRemote)
    }

    func testAChangeOnOneSideIsKeptWhicheverSideAndWhateverTheTimes() {
        var local = base
        local.title = "Buy oat milk"
        for localIsLater in [false, true] {
            let outcome = merge(local: local, remote: base, localIsLater: localIsLater)
            XCTAssertEqual(outcome.fields.title, "Buy oat milk")
            XCTAssertEqual(outcome.conflicts, [])
            XCTAssertTrue(outcome.differsFromRemote, "the local change must be sent")
        }
        var remote = base
        remote.notes = "3 litres"
        for localIsLater in [false, true] {
            let outcome = merge(local: base, remote: remote, localIsLater: localIsLater)
            XCTAssertEqual(outcome.fields.notes, "3 litres")
            XCTAssertFalse(outcome.differsFromRemote, "nothing to send back: no echo")
        }
    }

    func testDifferentPropertiesChangedOnEachSideBothSurvive() {
        var local = base, remote = base
        local.completed = true
        local.completedAt = earlier
        remote.due = DueDate(year: 2026, month: 5, day: 3)
        remote.title = "Buy milk and bread"
        let outcome = merge(local: local, remote: remote)
        XCTAssertTrue(outcome.fields.completed)
        XCTAssertEqual(outcome.fields.completedAt, earlier)
        XCTAssertEqual(outcome.fields.due, DueDate(year: 2026, month: 5, day: 3))
        XCTAssertEqual(outcome.fields.title, "Buy milk and bread")
        XCTAssertEqual(outcome.conflicts, [])
        XCTAssertTrue(outcome.differsFromRemote)
    }

    func testTheSameChangeOnBothSidesIsNoConflict() {
        var local = base, remote = base
        local.due = DueDate(year: 2026, month: 5, day: 8)
        remote.due = DueDate(year: 2026, month: 5, day: 8)
        local.notes = "2 litres\r\nfrom the farm"
        remote.notes = "2 litres\nfrom the farm"
        let outcome = merge(local: local, remote: remote, localIsLater: true)
        XCTAssertEqual(outcome.conflicts, [])
        XCTAssertFalse(outcome.differsFromRemote)
    }

    func testTheSamePropertyChangedDifferentlyGoesToTheLaterChangeAndSaysWhatWasReplaced() {
        var local = base, remote = base
        local.title = "Local title"
        remote.title = "Remote title"
        let remoteWins = merge(local: local, remote: remote, localIsLater: false)
        XCTAssertEqual(remoteWins.fields.title, "Remote title")
        XCTAssertEqual(remoteWins.conflicts, [FieldConflict(field: .title, replacedLocal: true, replacedValue: "Local title")])
        XCTAssertFalse(remoteWins.differsFromRemote)
        let localWins = merge(local: local, remote: remote, localIsLater: true)
        XCTAssertEqual(localWins.fields.title, "Local title")
        XCTAssertEqual(localWins.conflicts, [FieldConflict(field: .title, replacedLocal: false, replacedValue: "Remote title")])
        XCTAssertTrue(localWins.differsFromRemote)
    }

    func testCompletionIsOnePropertyWithItsTime() {
        var local = base, remote = base
        local.completed = true
        local.completedAt = earlier
        remote.completed = true
        remote.completedAt = later
        let outcome = merge(local: local, remote: remote)
        XCTAssertEqual(outcome.fields.completedAt, later, "the later completion, as a whole")
        XCTAssertEqual(outcome.conflicts.map(\.field), [.completion])
    }

    func testEveryPropertyConflictsAlone() {
        let changes: [(FieldConflict.Field, (inout VTodoFields, Int) -> Void)] = [
            (.title, { $0.title = "t\($1)" }), (.notes, { $0.notes = "n\($1)" }),
            (.completion, { $0.completed = true; $0.completedAt = Date(timeIntervalSince1970: Double($1 * 1000)) }),
            (.due, { $0.due = DueDate(year: 2027, month: 1, day: $1) }), (.repeatRule, { $0.repeatRule = "FREQ=DAILY;INTERVAL=\($1)" }),
            (.reminder, { $0.reminder = .beforeDue(minutes: $1) }), (.order, { $0.sortOrder = Int64($1) }),
        ]
        for (field, change) in changes {
            var local = base, remote = base
            change(&local, 1)
            change(&remote, 2)
            let outcome = merge(local: local, remote: remote, localIsLater: true)
            XCTAssertEqual(outcome.conflicts.map(\.field), [field])
            XCTAssertEqual(outcome.fields, local, "\(field): the later (local) change wins")
        }
    }

    func testWithoutABaseEveryDifferenceIsDecidedByTheTimes() {
        var local = base, remote = base
        local.title = "Mine"
        let outcome = VTodoMerge.merge(base: nil, local: local, remote: remote, localModified: earlier, remoteModified: later)
        XCTAssertEqual(outcome.fields.title, "Buy milk")
        XCTAssertEqual(outcome.conflicts.count, 1)
        remote.title = "Mine"
        XCTAssertEqual(VTodoMerge.merge(base: nil, local: local, remote: remote, localModified: earlier,
                                        remoteModified: later).conflicts, [], "identical sides need no base")
    }

    func testARemoteWithoutLastModifiedCountsAsTheLater() {
        var local = base, remote = base
        local.title = "Mine"
        remote.title = "Theirs"
        let outcome = VTodoMerge.merge(base: base, local: local, remote: remote, localModified: later, remoteModified: nil)
        XCTAssertEqual(outcome.fields.title, "Theirs")
    }
}
