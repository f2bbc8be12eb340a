import XCTest
@testable import FlickSync

/// The RFC 5545 content-line layer: splitting, parameters, TEXT escapes, folding.
final class ContentLineTests: XCTestCase {
    func testSplitsNameParametersAndValue() throws {
        let line = try XCTUnwrap(ContentLine(unfolded: "DUE;TZID=Europe/Berlin:20260301T180000"))
        XCTAssertEqual(line.name, "DUE")
        XCTAssertEqual(line.parameterText, ";TZID=Europe/Berlin")
        XCTAssertEqual(line.value, "20260301T180000")
        XCTAssertEqual(line.parameter("tzid"), "Europe/Berlin")
        XCTAssertEqual(line.unfoldedText, "DUE;TZID=Europe/Berlin:20260301T180000")
    }

    func testQuotedParameterValuesMayHoldColonsAndSemicolons() throws {
        let text = "ATTENDEE;CN=\"Doe; John: Jr.\";X-URL=\"https://a.example/b;c\":mailto:john@example.com"
        let line = try XCTUnwrap(ContentLine(unfolded: Substring(text)))
        XCTAssertEqual(line.name, "ATTENDEE")
        XCTAssertEqual(line.value, "mailto:john@example.com")
        XCTAssertEqual(line.parameter("CN"), "Doe; John: Jr.")
        XCTAssertEqual(line.parameter("X-URL"), "https://a.example/b;c")
        XCTAssertEqual(line.unfoldedText, text)
    }

    func testValueKeepsItsColons() throws {
        let line = try XCTUnwrap(ContentLine(unfolded: "URL:https://example.com:8080/x"))
        XCTAssertEqual(line.value, "https://example.com:8080/x")
        XCTAssertEqual(line.parameterText, "")
    }

    func testLinesWithoutColonOrNameAreRefused() {
        XCTAssertNil(ContentLine(unfolded: "SUMMARY no colon"))
        XCTAssertNil(ContentLine(unfolded: ":value without name"))
        XCTAssertNil(ContentLine(unfolded: "X-A;P=\"open quote:value"))
    }

    func testRemovingParametersKeepsTheOthersAsWritten() throws {
        let line = try XCTUnwrap(ContentLine(unfolded: "DESCRIPTION;ALTREP=\"cid:a;b\";LANGUAGE=de;x-foo=Bar:Hallo"))
        XCTAssertEqual(line.parameterText(removing: ["ALTREP"]), ";LANGUAGE=de;x-foo=Bar")
        XCTAssertEqual(line.parameterText(removing: ["LANGUAGE", "X-FOO"]), ";ALTREP=\"cid:a;b\"")
    }

    func testTextEscapesRoundTrip() {
        let text = "Buy milk, eggs; and \\ bread\nthen call Ann\r\nand Bob"
        let escaped = TextValue.escape(text)
        XCTAssertEqual(escaped, "Buy milk\\, eggs\\; and \\\\ bread\\nthen call Ann\\nand Bob")
        XCTAssertEqual(TextValue.unescape(escaped), "Buy milk, eggs; and \\ bread\nthen call Ann\nand Bob")
    }

    func testUnescapeReadsUppercaseNAndColonAndKeepsUnknownEscapes() {
        XCTAssertEqual(TextValue.unescape("a\\Nb\\:c\\xd"), "a\nb:c\\xd")
        XCTAssertEqual(TextValue.unescape("trailing\\"), "trailing\\")
    }

    func testShortLinesAreNotFolded() {
        let line = String(repeating: "a", count: 75)
        XCTAssertEqual(LineFolding.fold(line), line)
    }

    func testFoldingKeepsEveryPhysicalLineWithin75OctetsAndUnfoldsBack() {
        let line = "SUMMARY:" + String(repeating: "x", count: 200)
        let folded = LineFolding.fold(line)
        let physical = folded.components(separatedBy: "\r\n")
        XCTAssertGreaterThan(physical.count, 2)
        for (index, piece) in physical.enumerated() {
            XCTAssertLessThanOrEqual(piece.utf8.count, 75)
            if index > 0 { XCTAssertTrue(piece.hasPrefix(" ")) }
        }
        XCTAssertEqual(physical[0].utf8.count, 75)
        XCTAssertEqual(String(LineFolding.unfold(folded)), line)
    }

    func testFoldingNeverSplitsAUTF8Sequence() {
        // 3-byte (€), 4-byte (emoji) and 2-byte (ü) characters at every offset against the limit.
        for prefix in 0..<4 {
            let line = "SUMMARY:" + String(repeating: "a", count: prefix) + String(repeating: "€😀ü", count: 40)
            let folded = LineFolding.fold(line)
            for piece in folded.components(separatedBy: "\r\n") {
                XCTAssertLessThanOrEqual(piece.utf8.count, 75)
                // Each piece must be valid UTF-8 on its own.
                XCTAssertNotNil(String(validating: Array(piece.utf8), as: UTF8.self))
                XCTAssertFalse(piece.unicodeScalars.contains("\u{FFFD}"))
            }
            XCTAssertEqual(String(LineFolding.unfold(folded)), line)
        }
    }

    func testUnfoldingRemovesOneSpaceOrTabAfterEachBreak() {
        XCTAssertEqual(String(LineFolding.unfold("DESCRIPTION:a\r\n  b\r\n\tc")), "DESCRIPTION:a bc")
    }

    func testReaderKeepsPhysicalLinesAndTheirNumbers() throws {
        let text = "BEGIN:VCALENDAR\r\nX-LONG:one\r\n two\r\n\tthree\r\n\r\nEND:VCALENDAR\r\n"
        let lines = try LineReader.read(Array(text.utf8))
        XCTAssertEqual(lines.map(\.number), [1, 2, 6])
        XCTAssertEqual(lines[1].text, "X-LONG:one\r\n two\r\n\tthree")
        XCTAssertEqual(lines[1].content.value, "onetwothree")
        XCTAssertEqual(lines.map(\.name), ["BEGIN", "X-LONG", "END"])
    }

    func testReaderTakesLFOnlyFilesAndDropsAByteOrderMark() throws {
        let text = "\u{FEFF}BEGIN:VCALENDAR\nX-A:1\n folded\nEND:VCALENDAR"
        let lines = try LineReader.read(Array(text.utf8))
        XCTAssertEqual(lines.map(\.text), ["BEGIN:VCALENDAR", "X-A:1\r\n folded", "END:VCALENDAR"])
    }
}
