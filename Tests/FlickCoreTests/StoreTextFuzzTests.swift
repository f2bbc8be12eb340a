import Foundation
import FuzzSupport
import XCTest
@testable import FlickCore

/// Issue 11, "bad input never crashes", for item text: whatever a title or a note holds (nothing,
/// a megabyte, NUL and other control characters, right-to-left and combining text, emoji,
/// ten thousand lines), the store keeps it and gives it back exactly, also to another
/// connection, and searching for it answers without an error.
final class StoreTextFuzzTests: XCTestCase {
    /// Pieces of text that go wrong elsewhere. (Swift strings are always valid Unicode: bytes
    /// that are not UTF-8 cannot reach the store as text; the command line test sends them.)
    private static let pieces = ["", " ", "\u{0}", "a\u{0}b", "\u{1}\u{7}\u{8}\u{1B}[2J\u{7F}", "\r\n", "\r", "\n\n\n",
                                 "\t", "\u{202E}evil\u{202C}", "שלום עולם", "مرحبا", "e\u{301}\u{302}\u{303}\u{304}",
                                 "Z̴̧̛͇̈́a̸͚̓l̵̨̈g̷̣̍o̶̧͝", "👩‍👩‍👧‍👦", "🏳️‍🌈", "\u{FEFF}", "\u{2028}\u{2029}", "\u{FFFD}",
                                 "\u{10FFFF}", "%s%n%x", "<b>x</b>", "&amp;", "' OR 1=1 --", "\"quoted\"", "NEAR(a b)",
                                 "title*", "-", "AND", "\\", "😀", "a"]

    func testStrangeTitlesAndNotesComeBackExactly() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["first"])
        let result = FuzzCampaign("StoreTextFuzzTests", cases: 120).run { index, random in
            let title = Self.text(index, &random)
            let notes = Self.text(index + 1, &random)
            if title.utf8.contains(0) || notes.utf8.contains(0) {
                // SQLite's text ends at a NUL: such a text must be refused, never stored cut short.
                let first = document.wholeItems[0].id!
                if title.utf8.contains(0), !Self.isRefused({ _ = try document.insert(title: title, at: 0) })
                    || !Self.isRefused({ try document.rename(first, to: title) }) {
                    return "a title with a NUL was not refused: \(Self.describe(title))"
                }
                if notes.utf8.contains(0), !Self.isRefused({ try document.update(first) { $0.notes = notes } }) {
                    return "a note with a NUL was not refused: \(Self.describe(notes))"
                }
                return document.checkInvariants().first.map { "after a refused text: \($0)" }
            }
            let item = try document.insert(title: title, at: random.below(document.wholeItems.count + 1))
            try document.update(item.id!) { $0.notes = notes }
            // Another connection, as the command line or a second Flick reads the file.
            let reader = try TodoStore(databaseURL: db.url)
            defer { try? reader.queue.close() }
            guard let again = try reader.document(listID: document.list.id)?.item(item.id!) else {
                return "the item is not in the file"
            }
            let fields = try document.fields(of: item.id!)
            if again.title != title { return "the title \(Self.describe(title)) came back as \(Self.describe(again.title))" }
            if fields.title != title || fields.notes != notes {
                return "the notes \(Self.describe(notes)) came back as \(Self.describe(fields.notes))"
            }
            _ = try store.search(String(title.prefix(200)))
            _ = try store.search(String(notes.prefix(200)))
            // Keeps the list short, so that each case costs the same.
            if document.wholeItems.count > 20 { _ = try document.delete(document.wholeItems[0].id!) }
            return document.checkInvariants().first.map { "after the case: \($0)" }
        }
        XCTAssert(result.failures.isEmpty, result.report)
    }

    /// A text for case `index`: the first few cases are the extremes themselves, then mixtures.
    private static func text(_ index: Int, _ random: inout FuzzRandom) -> String {
        switch index {
        case 0: return ""
        case 1: return String(repeating: "x", count: 1 << 20)
        case 2: return (0..<10_000).map { "line \($0)" }.joined(separator: "\n")
        case 3: return String(repeating: "\u{0}", count: 1000)
        default: break
        }
        switch random.below(6) {
        case 0:
            return String(repeating: random.pick(pieces), count: 1 + random.below(100_000))
        case 1:
            // Any scalar at all, surrogates left out (they are no scalars).
            return String(String.UnicodeScalarView((0..<random.below(200)).compactMap { _ in
                UnicodeScalar(UInt32(random.below(0x110000)))
            }))
        default:
            return (0..<random.below(12)).map { _ in random.pick(pieces) }.joined()
        }
    }

    /// Whether `write` throws `StoreError.textContainsNUL`.
    private static func isRefused(_ write: () throws -> Void) -> Bool {
        do {
            try write()
            return false
        } catch {
            return error as? StoreError == .textContainsNUL
        }
    }

    /// A short, printable description of a text that may be a megabyte of control characters.
    private static func describe(_ text: String) -> String {
        "\(text.unicodeScalars.count) scalars starting \(String(text.prefix(40)).debugDescription)"
    }
}
