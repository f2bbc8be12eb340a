import XCTest
@testable import FlickCore

/// The details' tags line (issue 32): tags separated by commas, a comma inside a tag written
/// `\,`, so a tag from another program ("Q4, late") goes back and forth unchanged.
final class TagsTextTests: XCTestCase {
    func testALineAndItsTagsGoBackAndForth() {
        let tags = ["work", "Q4, late", #"back\slash"#]
        XCTAssertEqual(TagsText.line(tags), #"work, Q4\, late, back\\slash"#)
        XCTAssertEqual(TagsText.tags(TagsText.line(tags)), tags)
    }

    func testTypedLinesAreCleaned() {
        XCTAssertEqual(TagsText.tags(" home ,, Work,work , "), ["home", "Work"])
        XCTAssertEqual(TagsText.tags(""), [])
        XCTAssertEqual(TagsText.tags(#"trailing\"#), ["trailing"], "a lone backslash at the end is dropped")
    }

    func testPiecesSayWhereTheTagBeingTypedStarts() {
        let line = "errands, ho"
        let pieces = TagsText.pieces(line)
        XCTAssertEqual(pieces.map(\.text), ["errands", " ho"])
        XCTAssertEqual(String(line[pieces[1].start...]), " ho")
    }
}
