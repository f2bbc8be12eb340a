import XCTest
@testable import FlickUI

/// The addresses in notes that open with a click, found as GTK counts text (code points).
final class NoteLinksTests: XCTestCase {
    private func links(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        return NoteLinks.ranges(in: text).map { String(String.UnicodeScalarView(scalars[$0])) }
    }

    func testWebAndMailAddressesWithoutTheSentenceAroundThem() {
        XCTAssertEqual(links("See https://example.org/a?b=1, then mailto:anna@example.org."),
                       ["https://example.org/a?b=1", "mailto:anna@example.org"])
        XCTAssertEqual(links("(http://x.org/page)"), ["http://x.org/page"])
        XCTAssertEqual(links("HTTPS://EXAMPLE.ORG"), ["HTTPS://EXAMPLE.ORG"])
    }

    func testOffsetsCountCodePointsAfterEmojiAndAccents() {
        let text = "Café 🎂 https://cake.example"
        XCTAssertEqual(NoteLinks.ranges(in: text), [7..<27])
        XCTAssertEqual(links(text), ["https://cake.example"])
    }

    func testTextThatIsNoAddress() {
        XCTAssertEqual(links("no link here, nor xhttps://inside.word or https:// alone"), [])
        XCTAssertEqual(links(""), [])
    }
}
