import XCTest
@testable import FlickCore

/// The undo and redo stacks both documents keep (`UndoHistory`).
final class UndoHistoryTests: XCTestCase {
    func testAnEmptyHistoryHasNothingToUndoOrRedo() {
        let history = UndoHistory<String>()
        XCTAssertFalse(history.canUndo)
        XCTAssertFalse(history.canRedo)
        XCTAssertNil(history.lastDone)
        XCTAssertNil(history.lastUndone)
    }

    func testStepsAreUndoneLastFirstAndRedoneInTheOrderTheyWereDone() {
        var history = UndoHistory<String>()
        for step in ["a", "b", "c"] { history.record(step) }
        var undone: [String] = []
        while let step = history.lastDone {
            undone.append(step)
            history.moveLastDoneToRedo(as: step)
        }
        XCTAssertEqual(undone, ["c", "b", "a"])
        XCTAssertFalse(history.canUndo)
        var redone: [String] = []
        while let step = history.lastUndone {
            redone.append(step)
            history.moveLastUndoneToDone(as: step)
        }
        XCTAssertEqual(redone, ["a", "b", "c"])
        XCTAssertFalse(history.canRedo)
        XCTAssertEqual(history.lastDone, "c")
    }

    /// A step stays on its stack until the document says it was applied: one that failed to
    /// write is the one tried again.
    func testLookingAtTheLastStepTakesNothing() {
        var history = UndoHistory<String>()
        history.record("a")
        XCTAssertEqual(history.lastDone, "a")
        XCTAssertEqual(history.lastDone, "a")
        XCTAssertTrue(history.canUndo)
        XCTAssertFalse(history.canRedo)
    }

    /// What a step is undone and redone as may differ from what was recorded (an insert learns
    /// its item's id; a position taken in from elsewhere).
    func testAStepMovesBetweenTheStacksAsTheDocumentGivesIt() {
        var history = UndoHistory<String>()
        history.record("insert")
        history.moveLastDoneToRedo(as: "insert again")
        XCTAssertEqual(history.lastUndone, "insert again")
        history.moveLastUndoneToDone(as: "insert, id 7")
        XCTAssertEqual(history.lastDone, "insert, id 7")
    }

    func testANewStepClearsWhatCouldBeRedone() {
        var history = UndoHistory<String>()
        history.record("a")
        history.record("b")
        history.moveLastDoneToRedo(as: "b")
        XCTAssertTrue(history.canRedo)
        history.record("c")
        XCTAssertFalse(history.canRedo)
        XCTAssertNil(history.lastUndone)
        XCTAssertEqual(history.lastDone, "c")
        history.moveLastDoneToRedo(as: "c")
        XCTAssertEqual(history.lastDone, "a", "b was dropped with the redo stack, not put back")
    }

    func testDroppingTheLastStepKeepsTheRedoStack() {
        var history = UndoHistory<String>()
        history.record("a")
        history.record("b")
        history.record("c")
        history.moveLastDoneToRedo(as: "c")
        history.dropLastDone()
        XCTAssertEqual(history.lastDone, "a")
        XCTAssertEqual(history.lastUndone, "c")
    }

    func testReplacingTheLastStepLeavesTheOthers() {
        var history = UndoHistory<String>()
        history.record("a")
        history.record("complete")
        history.replaceLastDone(with: "complete, then sink")
        XCTAssertEqual(history.lastDone, "complete, then sink")
        history.moveLastDoneToRedo(as: "complete, then sink")
        XCTAssertEqual(history.lastDone, "a")
    }

    func testClearingRedoLeavesUndo() {
        var history = UndoHistory<String>()
        history.record("a")
        history.record("b")
        history.moveLastDoneToRedo(as: "b")
        history.clearRedo()
        XCTAssertFalse(history.canRedo)
        XCTAssertEqual(history.lastDone, "a")
    }
}
