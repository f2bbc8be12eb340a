import FlickCore
import Foundation
import XCTest
@testable import FlickSync

/// `VTodo.patched(to:localZone:now:)`: nothing when nothing changed, else only the lines of what
/// changed plus LAST-MODIFIED, DTSTAMP and SEQUENCE; every other line byte for byte.
final class VTodoPatchingTests: XCTestCase {
    private let now = ICS.utc(2026, 2, 1, 12, 0, 0)
    private let zone = ICS.berlin

    private static let ownedAlarm = """
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:Buy milk
        TRIGGER;RELATED=END:-PT15M
        X-WR-ALARMUID:alarm-1
        END:VALARM
        """
    private static let secondAlarm = """
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:Second
        TRIGGER;RELATED=END:-PT1H
        END:VALARM
        """

    /// The physical lines (LF-separated) of a VTODO that carries what Flick must keep.
    private static func vtodo(status: String = "STATUS:NEEDS-ACTION", start: String? = nil,
                              due: String? = "DUE;TZID=Europe/Berlin:20260315T093000", sequence: String? = nil,
                              alarms: String? = ownedAlarm + "\n" + secondAlarm) -> String {
        var lines = [
            "BEGIN:VTODO",
            "UID:patch-1",
            "DTSTAMP:20260101T000000Z",
            "CREATED:20260101T000000Z",
            "LAST-MODIFIED:20260101T000000Z",
            "SUMMARY;LANGUAGE=en:Buy milk",
            "DESCRIPTION:This description is long enough that it has to be folded by the",
            "  client that wrote it\\, at 75 octets.",
            status,
        ]
        if let start { lines.append(start) }
        if let due { lines.append(due) }
        if let sequence { lines.append(sequence) }
        lines += [
            "X-FOO;X-PARAM=1:bar",
            "CATEGORIES:Home,Errands",
            "RELATED-TO;RELTYPE=PARENT:parent-1",
            "X-APPLE-SORT-ORDER:7",
        ]
        if let alarms { lines.append(alarms) }
        lines.append("END:VTODO")
        return lines.joined(separator: "\n")
    }

    private func read(_ vtodo: String) throws -> VTodo {
        try ICS.only(ICS.calendar(vtodo))
    }

    private func physicalLines(_ todo: VTodo) -> [String] {
        Array(todo.text.components(separatedBy: "\r\n").dropLast())
    }

    private func lines(_ vtodo: String) -> [String] {
        vtodo.components(separatedBy: "\n")
    }

    /// `lines` with LAST-MODIFIED and DTSTAMP at `now` and SEQUENCE:1 before the first VALARM
    /// (or END:VTODO), as a patch without SEQUENCE writes them.
    private func stamped(_ lines: [String]) -> [String] {
        var lines = lines.map { line -> String in
            if line.hasPrefix("LAST-MODIFIED:") { return "LAST-MODIFIED:20260201T120000Z" }
            if line.hasPrefix("DTSTAMP:") { return "DTSTAMP:20260201T120000Z" }
            return line
        }
        if let index = lines.firstIndex(where: { $0.hasPrefix("SEQUENCE") }) {
            let old = Int(lines[index].split(separator: ":")[1])!
            lines[index] = "SEQUENCE:\(old + 1)"
        } else {
            let index = lines.firstIndex(of: "BEGIN:VALARM") ?? lines.firstIndex(of: "END:VTODO")!
            lines.insert("SEQUENCE:1", at: index)
        }
        return lines
    }

    /// `lines` with the first alarm's text, the old title "Buy milk", saying `title`: a rename
    /// retitles the reminder that said the title (issue 34). Folded as Flick folds (ASCII).
    private func retitledAlarm(_ lines: [String], to title: String) -> [String] {
        let unfolded = "DESCRIPTION:" + title.replacingOccurrences(of: ",", with: "\\,")
        var folded = [String(unfolded.prefix(75))]
        var rest = unfolded.dropFirst(75)
        while !rest.isEmpty {
            folded.append(" " + rest.prefix(74))
            rest = rest.dropFirst(74)
        }
        return replacing("DESCRIPTION:Buy milk", with: folded, in: lines)
    }

    private func replacing(_ old: String, with new: [String], in lines: [String]) -> [String] {
        var lines = lines
        let index = lines.firstIndex(of: old)!
        lines.replaceSubrange(index...index, with: new)
        return lines
    }

    private func patch(_ vtodo: String, _ change: (inout VTodoFields) -> Void) throws -> [String] {
        let todo = try read(vtodo)
        var fields = todo.fields(localZone: zone)
        change(&fields)
        let patched = try XCTUnwrap(todo.patched(to: fields, localZone: zone, now: now))
        return physicalLines(patched)
    }

    // MARK: Nothing changed

    func testTheBaseReadsAsExpected() throws {
        let todo = try read(Self.vtodo())
        XCTAssertEqual(physicalLines(todo), lines(Self.vtodo()))
        let fields = todo.fields(localZone: zone)
        XCTAssertEqual(fields.title, "Buy milk")
        XCTAssertEqual(fields.notes, "This description is long enough that it has to be folded by the client that wrote it, at 75 octets.")
        XCTAssertEqual(fields.reminder, .beforeDue(minutes: 15))
        XCTAssertEqual(fields.sortOrder, 7)
    }

    func testUnchangedFieldsGiveNil() throws {
        let todo = try read(Self.vtodo())
        XCTAssertNil(todo.patched(to: todo.fields(localZone: zone), localZone: zone, now: now))
    }

    func testCreatedAndModifiedTimesAreNotCompared() throws {
        let todo = try read(Self.vtodo())
        var fields = todo.fields(localZone: zone)
        fields.createdAt = ICS.utc(2020, 1, 1)
        fields.modifiedAt = ICS.utc(2027, 1, 1)
        XCTAssertNil(todo.patched(to: fields, localZone: zone, now: now))
    }

    func testCRLFInNotesIsTheSameAsLF() throws {
        let todo = try ICS.only(ICS.todo(#"DESCRIPTION:line one\nline two"#))
        var fields = todo.fields(localZone: zone)
        XCTAssertEqual(fields.notes, "line one\nline two")
        fields.notes = "line one\r\nline two"
        XCTAssertNil(todo.patched(to: fields, localZone: zone, now: now))
    }

    func testSubSecondCompletionTimeIsTheSameSecond() throws {
        let todo = try read(Self.vtodo(status: "STATUS:COMPLETED\nCOMPLETED:20260102T030405Z"))
        var fields = todo.fields(localZone: zone)
        XCTAssertEqual(fields.completedAt, ICS.utc(2026, 1, 2, 3, 4, 5))
        fields.completedAt = ICS.utc(2026, 1, 2, 3, 4, 5).addingTimeInterval(0.75)
        XCTAssertNil(todo.patched(to: fields, localZone: zone, now: now))
    }

    // MARK: One field at a time

    func testTitleKeepsItsLanguageParameter() throws {
        let patched = try patch(Self.vtodo()) { $0.title = "Buy oat milk, 2 l" }
        XCTAssertEqual(patched, stamped(replacing("SUMMARY;LANGUAGE=en:Buy milk",
                                                  with: ["SUMMARY;LANGUAGE=en:Buy oat milk\\, 2 l"],
                                                  in: retitledAlarm(lines(Self.vtodo()), to: "Buy oat milk, 2 l"))))
    }

    func testNotesReplaceTheFoldedDescription() throws {
        let patched = try patch(Self.vtodo()) { $0.notes = "Short; now\nTwo lines" }
        var expected = lines(Self.vtodo())
        let index = expected.firstIndex { $0.hasPrefix("DESCRIPTION:This") }!
        expected.replaceSubrange(index...(index + 1), with: ["DESCRIPTION:Short\\; now\\nTwo lines"])
        XCTAssertEqual(patched, stamped(expected))
    }

    func testEmptyNotesRemoveTheDescription() throws {
        let patched = try patch(Self.vtodo()) { $0.notes = "" }
        var expected = lines(Self.vtodo())
        let index = expected.firstIndex { $0.hasPrefix("DESCRIPTION:This") }!
        expected.removeSubrange(index...(index + 1))
        XCTAssertEqual(patched, stamped(expected))
    }

    func testSequenceGoesUpByOne() throws {
        let base = Self.vtodo(sequence: "SEQUENCE:4")
        let patched = try patch(base) { $0.title = "Buy bread" }
        var expected = replacing("SUMMARY;LANGUAGE=en:Buy milk", with: ["SUMMARY;LANGUAGE=en:Buy bread"],
                                 in: retitledAlarm(lines(base), to: "Buy bread"))
        expected = expected.map {
            switch $0 {
            case "SEQUENCE:4": return "SEQUENCE:5"
            case "DTSTAMP:20260101T000000Z": return "DTSTAMP:20260201T120000Z"
            case "LAST-MODIFIED:20260101T000000Z": return "LAST-MODIFIED:20260201T120000Z"
            default: return $0
            }
        }
        XCTAssertEqual(patched, expected)
        XCTAssertTrue(patched.contains("SEQUENCE:5"))
        XCTAssertFalse(patched.contains("SEQUENCE:1"))
    }

    func testSortOrderRewritesItsLine() throws {
        let patched = try patch(Self.vtodo()) { $0.sortOrder = -3 }
        XCTAssertEqual(patched, stamped(replacing("X-APPLE-SORT-ORDER:7", with: ["X-APPLE-SORT-ORDER:-3"],
                                                  in: lines(Self.vtodo()))))
    }

    func testRepeatRuleIsAddedBeforeTheAlarms() throws {
        let patched = try patch(Self.vtodo()) { $0.repeatRule = "FREQ=WEEKLY;BYDAY=MO" }
        var withRule = lines(Self.vtodo())
        withRule.insert("RRULE:FREQ=WEEKLY;BYDAY=MO", at: withRule.firstIndex(of: "BEGIN:VALARM")!)
        XCTAssertEqual(patched, stamped(withRule))
    }

    // MARK: Completion

    func testCompletingWritesStatusCompletedAndPercent() throws {
        let patched = try patch(Self.vtodo()) {
            $0.completed = true
            $0.completedAt = ICS.utc(2026, 1, 31, 8, 0, 0)
        }
        var expected = replacing("STATUS:NEEDS-ACTION", with: ["STATUS:COMPLETED"], in: lines(Self.vtodo()))
        expected.insert(contentsOf: ["COMPLETED:20260131T080000Z", "PERCENT-COMPLETE:100"],
                        at: expected.firstIndex(of: "BEGIN:VALARM")!)
        XCTAssertEqual(patched, stamped(expected))
    }

    func testCompletingWithoutATimeUsesNow() throws {
        let patched = try patch(Self.vtodo()) { $0.completed = true }
        XCTAssertTrue(patched.contains("COMPLETED:20260201T120000Z"))
        XCTAssertTrue(patched.contains("STATUS:COMPLETED"))
        XCTAssertTrue(patched.contains("PERCENT-COMPLETE:100"))
    }

    func testReopeningWritesNeedsActionAndRemovesTheOtherTwo() throws {
        let base = Self.vtodo(status: "STATUS:COMPLETED\nCOMPLETED:20260102T030405Z\nPERCENT-COMPLETE:100")
        let patched = try patch(base) {
            $0.completed = false
            $0.completedAt = nil
        }
        var expected = replacing("STATUS:COMPLETED", with: ["STATUS:NEEDS-ACTION"], in: lines(base))
        expected.removeAll { $0 == "COMPLETED:20260102T030405Z" || $0 == "PERCENT-COMPLETE:100" }
        XCTAssertEqual(patched, stamped(expected))
        XCTAssertFalse(patched.contains { $0.hasPrefix("COMPLETED") || $0.hasPrefix("PERCENT-COMPLETE") })
    }

    // MARK: DUE and DTSTART

    func testNewDueRewritesOnlyDue() throws {
        let patched = try patch(Self.vtodo()) {
            $0.due = DueDate(year: 2026, month: 3, day: 16, hour: 10, minute: 0, timeZone: "Europe/Berlin")
        }
        XCTAssertEqual(patched, stamped(replacing("DUE;TZID=Europe/Berlin:20260315T093000",
                                                  with: ["DUE;TZID=Europe/Berlin:20260316T100000"],
                                                  in: lines(Self.vtodo()))))
    }

    func testDueOfAnotherValueTypeRewritesStart() throws {
        let base = Self.vtodo(start: "DTSTART;TZID=Europe/Berlin:20260310T090000")
        let patched = try patch(base) { $0.due = DueDate(year: 2026, month: 3, day: 20) }
        var expected = replacing("DTSTART;TZID=Europe/Berlin:20260310T090000", with: ["DTSTART;VALUE=DATE:20260310"],
                                 in: lines(base))
        expected = replacing("DUE;TZID=Europe/Berlin:20260315T093000", with: ["DUE;VALUE=DATE:20260320"], in: expected)
        XCTAssertEqual(patched, stamped(expected))
    }

    func testDueBeforeStartMovesStart() throws {
        let base = Self.vtodo(start: "DTSTART;TZID=Europe/Berlin:20260310T090000")
        let patched = try patch(base) {
            $0.due = DueDate(year: 2026, month: 3, day: 5, hour: 8, minute: 0, timeZone: "Europe/Berlin")
        }
        var expected = replacing("DTSTART;TZID=Europe/Berlin:20260310T090000",
                                 with: ["DTSTART;TZID=Europe/Berlin:20260305T080000"], in: lines(base))
        expected = replacing("DUE;TZID=Europe/Berlin:20260315T093000",
                             with: ["DUE;TZID=Europe/Berlin:20260305T080000"], in: expected)
        XCTAssertEqual(patched, stamped(expected))
    }

    func testDueAfterStartLeavesStart() throws {
        let base = Self.vtodo(start: "DTSTART;TZID=Europe/Berlin:20260310T090000")
        let patched = try patch(base) {
            $0.due = DueDate(year: 2026, month: 3, day: 25, hour: 18, minute: 45, timeZone: "Europe/Berlin")
        }
        XCTAssertEqual(patched, stamped(replacing("DUE;TZID=Europe/Berlin:20260315T093000",
                                                  with: ["DUE;TZID=Europe/Berlin:20260325T184500"], in: lines(base))))
    }

    func testClearingDueRemovesTheLine() throws {
        let patched = try patch(Self.vtodo()) { $0.due = nil }
        var expected = lines(Self.vtodo())
        expected.removeAll { $0 == "DUE;TZID=Europe/Berlin:20260315T093000" }
        XCTAssertEqual(patched, stamped(expected))
    }

    // MARK: The reminder

    func testAddingAReminderAppendsAnAlarm() throws {
        let base = Self.vtodo(alarms: nil)
        let patched = try patch(base) { $0.reminder = .beforeDue(minutes: 15) }
        var expected = lines(base)
        expected.insert(contentsOf: ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Buy milk",
                                     "TRIGGER;RELATED=END:-PT15M", "END:VALARM"],
                        at: expected.count - 1)
        XCTAssertEqual(patched, stamped(expected))
    }

    func testAddingAReminderLeavesAnEmailAlarm() throws {
        let email = "BEGIN:VALARM\nACTION:EMAIL\nDESCRIPTION:Mail\nSUMMARY:Mail\nATTENDEE:mailto:a@example.com\nTRIGGER;RELATED=END:-PT15M\nEND:VALARM"
        let base = Self.vtodo(alarms: email)
        let patched = try patch(base) { $0.reminder = .beforeDue(minutes: 30) }
        var expected = lines(base)
        expected.insert(contentsOf: ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Buy milk",
                                     "TRIGGER;RELATED=END:-PT30M", "END:VALARM"],
                        at: expected.count - 1)
        XCTAssertEqual(patched, stamped(expected))
    }

    func testChangingTheReminderRewritesOnlyItsTrigger() throws {
        let patched = try patch(Self.vtodo()) { $0.reminder = .beforeDue(minutes: 30) }
        XCTAssertEqual(patched, stamped(replacing("TRIGGER;RELATED=END:-PT15M", with: ["TRIGGER;RELATED=END:-PT30M"],
                                                  in: lines(Self.vtodo()))))
    }

    func testRemovingTheReminderRemovesEveryAlarmThatShows() throws {
        // The second DISPLAY alarm would otherwise be read as the reminder next time, and go
        // at the next patch: one alarm fewer at every sync (see ReminderPatchingTests).
        let patched = try patch(Self.vtodo()) { $0.reminder = nil }
        let expected = lines(Self.vtodo(alarms: nil))
        XCTAssertEqual(patched, stamped(expected))
    }

    func testAbsoluteReminderIsWrittenInUTC() throws {
        let patched = try patch(Self.vtodo()) {
            $0.reminder = .at(DueDate(year: 2026, month: 3, day: 14, hour: 18, minute: 0, timeZone: "Europe/Berlin"))
        }
        XCTAssertEqual(patched, stamped(replacing("TRIGGER;RELATED=END:-PT15M",
                                                  with: ["TRIGGER;VALUE=DATE-TIME:20260314T170000Z"],
                                                  in: lines(Self.vtodo()))))
    }

    func testTriggerCountingFromAStartThatWasDueNowSaysRelatedEnd() throws {
        let alarm = "BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:Buy milk\nTRIGGER:-PT10M\nEND:VALARM"
        let base = Self.vtodo(start: "DTSTART;TZID=Europe/Berlin:20260315T093000", alarms: alarm)
        XCTAssertEqual(try read(base).fields(localZone: zone).reminder, .beforeDue(minutes: 10))
        let patched = try patch(base) {
            $0.due = DueDate(year: 2026, month: 3, day: 16, hour: 9, minute: 30, timeZone: "Europe/Berlin")
        }
        var expected = replacing("DUE;TZID=Europe/Berlin:20260315T093000",
                                 with: ["DUE;TZID=Europe/Berlin:20260316T093000"], in: lines(base))
        expected = replacing("TRIGGER:-PT10M", with: ["TRIGGER;RELATED=END:-PT10M"], in: expected)
        XCTAssertEqual(patched, stamped(expected))
    }

    func testCompletionTimeAddedToStatusCompletedAlone() throws {
        let base = Self.vtodo(status: "STATUS:COMPLETED")
        let patched = try patch(base) { $0.completedAt = ICS.utc(2026, 1, 31, 8, 0, 0) }
        var expected = lines(base)
        expected.insert("COMPLETED:20260131T080000Z", at: expected.firstIndex(of: "BEGIN:VALARM")!)
        XCTAssertEqual(patched, stamped(expected))
    }

    func testTitleDropsAltrepButKeepsTheOtherParameters() throws {
        let base = Self.vtodo().replacingOccurrences(of: "SUMMARY;LANGUAGE=en:Buy milk",
                                                     with: "SUMMARY;ALTREP=\"cid:part1@example.org\";LANGUAGE=en:Buy milk")
        let patched = try patch(base) { $0.title = "Buy bread" }
        XCTAssertEqual(patched, stamped(replacing("SUMMARY;ALTREP=\"cid:part1@example.org\";LANGUAGE=en:Buy milk",
                                                  with: ["SUMMARY;LANGUAGE=en:Buy bread"],
                                                  in: retitledAlarm(lines(base), to: "Buy bread"))))
    }

    func testLongNewTitleIsFoldedAt75Octets() throws {
        let title = String(repeating: "abcdefghij", count: 9)
        let patched = try patch(Self.vtodo()) { $0.title = title }
        let unfolded = "SUMMARY;LANGUAGE=en:" + title
        let first = String(unfolded.prefix(75))
        let rest = String(unfolded.dropFirst(75))
        XCTAssertEqual(patched, stamped(replacing("SUMMARY;LANGUAGE=en:Buy milk", with: [first, " " + rest],
                                                  in: retitledAlarm(lines(Self.vtodo()), to: title))))
    }
}
