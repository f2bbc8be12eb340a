import FlickCore
import Foundation
import FuzzSupport
import XCTest
@testable import FlickSync

/// Issue 11's "bad input never crashes" for the other apps' exports (issue 62, arrivals):
/// every parser gets mutated fixtures and gives lists or a clear refusal, never a crash or a
/// hang, and what it gives the store is imported whole or not at all.
final class ArrivalsFuzzTests: XCTestCase {
    private static let corpus: [[UInt8]] = ArrivalFixtures.files.compactMap { try? [UInt8](ArrivalFixtures.data($0.path)) }

    private static let mutator: FuzzMutator = {
        var mutator = FuzzMutator(
            tokens: ["{", "}", "[", "]", "\"", ":", ",", "null", "true", "1e999", "-0", "\"\\u0000\"", "\"\\ud800\"",
                     "\"items\":", "\"projects\":", "\"tasks\":", "\"lists\":", "\"parent_id\":", "\"parent\":", "\"due\":",
                     "\"{\\\"date\\\":\\\"2026-02-30T25:00:00\\\"}\"", "\"20261399T999999\"", "<task id=\"", "</task>",
                     "<sub>", "</sub>", "<![CDATA[", "]]>", "<!DOCTYPE x [<!ENTITY e \"e\">]>", "&e;", "&#0;", "<gtgData>",
                     "TYPE,CONTENT,PRIORITY,INDENT\n", "task,", "note,", "section,", "\"\"", ",99,", ",0,", ",-3,",
                     "x ", "(A) ", "(Z) ", "2026-02-29 ", "+", "@", "due:", "t:", "pri:", "due:9999-99-99", "\r\n", "\n", "\u{FEFF}"],
            open: "{\"a\":[", close: "]}")
        mutator.maximumLength = 1 << 18
        return mutator
    }()

    private static let zone = ArrivalFixtures.zone
    private static let fileNames = ["todo.txt", "data.json", "gtg_data.xml", "export.csv", "backup", ""]

    func testMutatedExportsAreImportedOrRefused() throws {
        XCTAssertEqual(Self.corpus.count, ArrivalFixtures.files.count, "the fixtures were not found")
        let store = try FaultyStore()
        // 500 cases: about 5 s of `make check` in a debug build (a third of it parsing, the rest the
        // store); `make stress` runs ten times as many.
        let result = FuzzCampaign("ArrivalsFuzzTests", cases: 500).run { index, random in
            let bytes = Self.mutator.mutate(random.pick(Self.corpus), donors: Self.corpus, &random)
            return try Self.check(bytes, fileName: random.pick(Self.fileNames), store: index % 8 == 0 ? store : nil, &random)
        }
        XCTAssert(result.failures.isEmpty, result.report)
    }

    /// Every fixture cut short after each of its lines, the way a download or a full disk cuts it.
    func testExportsCutAfterEveryLine() throws {
        let cuts = Self.corpus.flatMap { file in
            let lines = FuzzMutator.lines(file)
            return (0..<lines.count).map { Array(lines.prefix($0).joined()) }
        }
        let result = FuzzCampaign("ArrivalsFuzzTests", cases: cuts.count, scales: false).run { index, random in
            try Self.check(cuts[index], fileName: "", store: nil, &random)
        }
        XCTAssert(result.failures.isEmpty, result.report)
    }

    /// What is wrong with how `bytes` were read, or nil; with a `store`, what was read is
    /// imported into it too.
    private static func check(_ bytes: [UInt8], fileName: String, store: FaultyStore?,
                              _ random: inout FuzzRandom) throws -> String? {
        let lists: [ImportedList]
        do throws(ArrivalImport.Failure) {
            lists = try ArrivalImport.lists(from: Data(bytes), fileName: fileName, zone: zone,
                                            now: Date(timeIntervalSince1970: 1_790_000_000))
        } catch {
            if case let .calendar(error) = error, error.reason.isEmpty { return "refused without a reason: \(error)" }
            return nil
        }
        for list in lists {
            if let item = list.items.first(where: { $0.uid.isEmpty }) { return "an item without a UID: \(item.title)" }
            let uids = Set(list.items.map(\.uid))
            if list.items.first?.ical == nil {
                if list.items.map(\.sortOrder) != list.items.map(\.sortOrder).sorted() { return "items out of order" }
                if let orphan = list.items.first(where: { $0.parentUID.map { !uids.contains($0) } ?? false }) {
                    return "a subtask of a task the list does not hold: \(orphan.title)"
                }
            }
        }
        return try store?.checkImport(lists, &random)
    }
}
