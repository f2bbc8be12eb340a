import FlickCore
import XCTest
@testable import FlickSync

/// Completing and reopening write DESIGN 6's exact properties: done is STATUS:COMPLETED +
/// COMPLETED:<UTC> + PERCENT-COMPLETE:100; reopened is STATUS:NEEDS-ACTION alone.
final class CompletionPatchingTests: XCTestCase {
    private let stamps = ICS.stampEdits(dtstamp: "20260101T000000Z", lastModified: "20260101T000000Z", sequence: (1, 2))

    /// A VTODO with `properties` and all three stamps, as LF text, and read.
    private func make(_ properties: String) throws -> (text: String, todo: VTodo) {
        let text = "BEGIN:VTODO\nUID:c-1\nDTSTAMP:20260101T000000Z\nSEQUENCE:1\nLAST-MODIFIED:20260101T000000Z\n"
            + "SUMMARY:Task\n" + properties + "\nEND:VTODO"
        return (text, try ICS.only(ICS.calendar(text)))
    }

    func testCompletingWritesTheTripleAndTouchesNothingElse() throws {
        let patched = try ICS.patch(ICS.rich()) {
            $0.completed = true
            $0.completedAt = ICS.utc(2026, 4, 30, 18, 5, 9)
        }
        // STATUS in its place; the new properties before the first VALARM.
        XCTAssertEqual(patched.text, try ICS.edited(ICS.richTodo, ICS.richStampEdits + [
            ("STATUS:NEEDS-ACTION", ["STATUS:COMPLETED"]),
            ("\tafter a tab", ["\tafter a tab", "COMPLETED:20260430T180509Z", "PERCENT-COMPLETE:100"]),
        ]))
    }

    func testCompletingWithoutATimeIsCompletedNow() throws {
        let (text, todo) = try make("STATUS:NEEDS-ACTION")
        // The next sync patches to the same fields again: it must write nothing.
        let patched = try ICS.patch(todo) { $0.completed = true }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("STATUS:NEEDS-ACTION", ["STATUS:COMPLETED"]),
            ("END:VTODO", ["COMPLETED:" + ICS.nowText, "PERCENT-COMPLETE:100", "END:VTODO"]),
        ]))
        XCTAssertEqual(patched.fields(localZone: ICS.berlin).completedAt, ICS.now)
    }

    func testDoneAtNoParticularTimeKeepsTheCompletedTimeThereIs() throws {
        let (text, todo) = try make("STATUS:COMPLETED\nCOMPLETED:20260302T101500Z\nPERCENT-COMPLETE:100")
        var fields = todo.fields(localZone: ICS.berlin)
        fields.completedAt = nil
        XCTAssertNil(todo.patched(to: fields, localZone: ICS.berlin, now: ICS.now))
        fields.title = "Renamed"
        let patched = try XCTUnwrap(todo.patched(to: fields, localZone: ICS.berlin, now: ICS.now))
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [("SUMMARY:Task", ["SUMMARY:Renamed"])]))
    }

    func testCompletingAnItemInProgressReplacesItsStatusAndPercentInPlace() throws {
        let (text, todo) = try make("STATUS;X-A=1:IN-PROCESS\nPERCENT-COMPLETE:40\nPRIORITY:5")
        let patched = try ICS.patch(todo) {
            $0.completed = true
            $0.completedAt = ICS.utc(2026, 4, 30)
        }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("STATUS;X-A=1:IN-PROCESS", ["STATUS;X-A=1:COMPLETED"]),
            ("PERCENT-COMPLETE:40", ["PERCENT-COMPLETE:100"]),
            ("END:VTODO", ["COMPLETED:20260430T000000Z", "END:VTODO"]),
        ]))
    }

    func testCompletingWithoutStatusAddsAllThree() throws {
        let (text, todo) = try make("PRIORITY:5")
        let patched = try ICS.patch(todo) {
            $0.completed = true
            $0.completedAt = ICS.utc(2026, 4, 30)
        }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("END:VTODO", ["STATUS:COMPLETED", "COMPLETED:20260430T000000Z", "PERCENT-COMPLETE:100", "END:VTODO"]),
        ]))
    }

    func testReopeningRemovesCompletedAndPercent() throws {
        let (text, todo) = try make("STATUS:COMPLETED\nCOMPLETED:20260302T101500Z\nPRIORITY:5\nPERCENT-COMPLETE:100")
        let patched = try ICS.patch(todo) { $0.completed = false; $0.completedAt = nil }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("STATUS:COMPLETED", ["STATUS:NEEDS-ACTION"]),
            ("COMPLETED:20260302T101500Z", []),
            ("PERCENT-COMPLETE:100", []),
        ]))
    }

    func testReopeningRemovesEveryCopyOfCompletedAndPercent() throws {
        let (text, todo) = try make("STATUS:COMPLETED\nCOMPLETED:20260302T101500Z\nCOMPLETED:20260303T101500Z\n"
            + "PERCENT-COMPLETE:100\nPERCENT-COMPLETE:99")
        let patched = try ICS.patch(todo) { $0.completed = false; $0.completedAt = nil }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("STATUS:COMPLETED", ["STATUS:NEEDS-ACTION"]),
            ("COMPLETED:20260302T101500Z", []), ("COMPLETED:20260303T101500Z", []),
            ("PERCENT-COMPLETE:100", []), ("PERCENT-COMPLETE:99", []),
        ]))
    }

    func testReopeningStatusCompletedWithoutCompleted() throws {
        let (text, todo) = try make("STATUS:COMPLETED")
        let patched = try ICS.patch(todo) { $0.completed = false }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [("STATUS:COMPLETED", ["STATUS:NEEDS-ACTION"])]))
    }

    func testReopeningATodoDoneOnlyByItsCompletedTimeAddsStatus() throws {
        let (text, todo) = try make("COMPLETED:20260302T101500Z")
        let patched = try ICS.patch(todo) { $0.completed = false; $0.completedAt = nil }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("COMPLETED:20260302T101500Z", []),
            ("END:VTODO", ["STATUS:NEEDS-ACTION", "END:VTODO"]),
        ]))
    }

    func testAnotherCompletionTimeRewritesOnlyCompleted() throws {
        let (text, todo) = try make("STATUS:COMPLETED\nCOMPLETED:20260302T101500Z\nPERCENT-COMPLETE:100")
        let patched = try ICS.patch(todo) { $0.completedAt = ICS.utc(2026, 3, 3, 8) }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("COMPLETED:20260302T101500Z", ["COMPLETED:20260303T080000Z"]),
        ]))
    }

    func testATimeForStatusCompletedAddsCompletedOnly() throws {
        let (text, todo) = try make("STATUS:COMPLETED")
        let patched = try ICS.patch(todo) { $0.completedAt = ICS.utc(2026, 3, 3, 8) }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("END:VTODO", ["COMPLETED:20260303T080000Z", "END:VTODO"]),
        ]))
    }

    func testAnOpenItemsCompletionTimeIsNotCompared() throws {
        let (_, todo) = try make("STATUS:NEEDS-ACTION")
        var fields = todo.fields(localZone: ICS.berlin)
        fields.completedAt = ICS.utc(2026, 3, 3)
        XCTAssertNil(todo.patched(to: fields, localZone: ICS.berlin, now: ICS.now))
    }
}
