import FlickCore
import Foundation
import FuzzSupport
import GRDB
import XCTest
@testable import FlickSync

/// Issue 11, "bad input never crashes": mutated .ics files are either imported or refused with
/// a line and a reason, never a crash or a hang, and an import into the store happens whole or
/// not at all, even when a write fails halfway.
final class ICSImportFuzzTests: XCTestCase {
    private static let zone = TimeZone(identifier: "Europe/Berlin")!
    private static let now = Date(timeIntervalSince1970: 1_790_000_000)

    /// The files the cases start from: every fixture in tests/fixtures/ics, the PUT bodies
    /// recorded from Radicale, and the test suite's richest VTODO.
    private static let corpus: [[UInt8]] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let fixtures = root.appendingPathComponent("tests/fixtures/ics")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
        var files = names.filter { $0.hasSuffix(".ics") }.sorted().compactMap { name in
            try? [UInt8](Data(contentsOf: fixtures.appendingPathComponent(name)))
        }
        files += ["put-1.ics", "put-2.ics"].compactMap { try? [UInt8](Recorded.data($0)) }
        files.append(Array(ICS.calendar(ICS.richTodo + "\n" + ICS.outlookBerlinZone).utf8))
        return files
    }()

    private static let mutator: FuzzMutator = {
        var mutator = FuzzMutator(
        tokens: ["BEGIN:VCALENDAR\r\n", "END:VCALENDAR\r\n", "BEGIN:VTODO\r\n", "END:VTODO\r\n", "BEGIN:VALARM\r\n",
                 "END:VALARM\r\n", "BEGIN:VTIMEZONE\r\n", "END:VTIMEZONE\r\n", "BEGIN:X-UNKNOWN\r\n", "END:X-UNKNOWN\r\n",
                 "BEGIN:\r\n", "END:\r\n", "BEGIN:VEVENT\r\n", "UID:", "SUMMARY:", "DESCRIPTION:", "DUE:", "DUE;VALUE=DATE:",
                 "DTSTART;TZID=Europe/Berlin:", "DUE;TZID=Nowhere/Else:", "TZID:", "RRULE:FREQ=", "RRULE:FREQ=DAILY;COUNT=",
                 "RRULE:FREQ=SECONDLY;INTERVAL=0", ";BYDAY=", "COMPLETED:", "STATUS:COMPLETED\r\n", "X-APPLE-SORT-ORDER:",
                 "TRIGGER:-PT", "TRIGGER;VALUE=DATE-TIME:", "ACTION:DISPLAY\r\n", "X-WR-CALNAME:", "20260229T250000Z",
                 "00000000", "99991231T235959", "-P", "T", "Z", ";", ":", "=", "\"", ",", "\\", "\r\n", "\r\n ", "\r\n\t"],
        open: "BEGIN:X-NEST", close: "END:X-NEST")
        // Lines up to 256 KB: a debug build reads about a megabyte a second, and the run must stay short.
        mutator.maximumLength = 1 << 18
        return mutator
    }()

    func testMutatedFilesAreImportedOrRefusedWithALine() throws {
        let corpus = Self.corpus
        XCTAssertGreaterThan(corpus.count, 10, "the fixtures were not found")
        let store = try FaultyStore()
        // 1,500 cases: about 13 s of `make check` in a debug build; `make stress` runs ten times as many.
        let result = FuzzCampaign("ICSImportFuzzTests", cases: 1500).run { index, random in
            let bytes = Self.mutator.mutate(random.pick(corpus), donors: corpus, &random)
            // One case in eight also goes into the store, with a write that may fail on the way.
            return try Self.check(bytes, store: index % 8 == 0 ? store : nil, &random)
        }
        XCTAssert(result.failures.isEmpty, result.report)
    }

    /// Every file cut short after each of its lines, the way a download or a full disk cuts it.
    func testFilesCutAfterEveryLine() throws {
        let cuts = Self.corpus.flatMap { file in
            let lines = FuzzMutator.lines(file)
            return (0..<lines.count).map { Array(lines.prefix($0).joined()) }
        }
        let result = FuzzCampaign("ICSImportFuzzTests", cases: cuts.count, scales: false).run { index, random in
            try Self.check(cuts[index], store: nil, &random)
        }
        XCTAssert(result.failures.isEmpty, result.report)
    }

    /// Found with StoreTextFuzzTests: SQLite's text ends at a NUL, so a SUMMARY holding one was
    /// imported cut short. The file is refused at that line instead.
    func testALineWithANULIsRefusedAtItsLine() {
        let text = ICS.todo("SUMMARY:before\u{0}after")
        XCTAssertThrowsError(try ICSImport.lists(from: Data(text.utf8))) { error in
            XCTAssertEqual(error as? ICalendarError, ICalendarError(line: 7, kind: .nulCharacter))
        }
    }

    /// What is wrong with how `bytes` were read, or nil. With a `store`, what was read is
    /// imported into it too.
    private static func check(_ bytes: [UInt8], store: FaultyStore?, _ random: inout FuzzRandom) throws -> String? {
        let lists: [ImportedList]
        do throws(ICalendarError) {
            lists = try ICSImport.lists(from: Data(bytes), localZone: zone)
        } catch {
            // Blank lines at the end count: an editor shows them.
            let physicalLines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            if !(1...physicalLines).contains(error.line) {
                return "refused naming line \(error.line) of \(physicalLines): \(error)"
            }
            if error.reason.isEmpty { return "refused without a reason, at line \(error.line)" }
            return nil
        }
        if let item = lists.flatMap(\.items).first(where: { $0.uid.isEmpty }) {
            return "imported an item without a UID: \(item.title)"
        }
        return try store?.checkImport(lists, &random)
    }
}
