import Foundation
import XCTest
@testable import FlickSync

/// What Foundation's XMLParser does with the texts Flick reads, pinned down: line ends,
/// references, CDATA, and the failures it reports only through its delegate.
final class DAVXMLReaderTests: XCTestCase {
    private func text(of xml: String) throws -> String {
        try DAVXMLReader.document(Data(xml.utf8)).text
    }

    func testLiteralCRLFAndLoneCRArriveAsLF() throws {
        // XML 1.0 §2.11: a conforming parser hands CR LF and lone CR to the application as LF.
        XCTAssertEqual(try text(of: "<a>one\r\ntwo\rthree\nfour</a>"), "one\ntwo\nthree\nfour")
    }

    func testCRAsReferenceOrInCDATASurvives() throws {
        XCTAssertEqual(try text(of: "<a>one&#13;\ntwo&#xD;&#xA;three</a>"), "one\r\ntwo\r\nthree")
        XCTAssertEqual(try text(of: "<a><![CDATA[one\r\ntwo & <three>]]></a>"), "one\r\ntwo & <three>")
    }

    func testCalendarDataComesBackWithCRLFWhicheverWayItWasSent() throws {
        let expected = "BEGIN:VCALENDAR\r\nSUMMARY:x\r\n  folded\r\nEND:VCALENDAR\r\n"
        let bodies = [
            "BEGIN:VCALENDAR\r\nSUMMARY:x\r\n  folded\r\nEND:VCALENDAR\r\n",
            "BEGIN:VCALENDAR&#13;\nSUMMARY:x&#13;\n  folded&#13;\nEND:VCALENDAR&#13;\n",
            "<![CDATA[BEGIN:VCALENDAR\r\nSUMMARY:x\r\n  folded\r\nEND:VCALENDAR\r\n]]>",
            "BEGIN:VCALENDAR\nSUMMARY:x\n  folded\nEND:VCALENDAR\n",
        ]
        for body in bodies {
            let xml = #"<C:calendar-data xmlns:C="urn:ietf:params:xml:ns:caldav">"# + body + "</C:calendar-data>"
            let prop = DAVXMLNode(name: .prop)
            var wrapped = prop
            wrapped.children = [try DAVXMLReader.document(Data(xml.utf8))]
            XCTAssertEqual(DAVProperties(prop: wrapped).calendarData, expected, body.debugDescription)
        }
    }

    func testTextArrivingInPiecesIsJoined() throws {
        XCTAssertEqual(try text(of: "<a>x&amp;y&lt;z&gt;&quot;&apos;é&#x1F600;</a>"), "x&y<z>\"'é😀")
    }

    func testNamespacesAreResolvedIncludingDefaultAndNone() throws {
        let root = try DAVXMLReader.document(Data("""
            <multistatus xmlns="DAV:"><C:x xmlns:C="urn:ietf:params:xml:ns:caldav"/><y/><z xmlns=""/></multistatus>
            """.utf8))
        XCTAssertEqual(root.name, .multistatus)
        XCTAssertEqual(root.children.map(\.name), [.calDAV("x"), .dav("y"), DAVName("", "z")])
    }

    func testParserFailuresReportedOnlyToTheDelegateStillFail() {
        // For each of these XMLParser.parse() returns true on Linux; the reader must not.
        let cases: [(String, DAVParseError?)] = [
            (#"<d:multistatus xmlns:d="DAV:"><d:response><d:href>/a</d:href>"#, .truncated),
            ("<d:multistatus><d:response/></d:multistatus>", nil),
            ("<a/>trailing", nil),
            ("<a/><b/>", nil),
        ]
        for (xml, expected) in cases {
            XCTAssertThrowsError(try DAVXMLReader.document(Data(xml.utf8)), xml) { error in
                if let expected { XCTAssertEqual(error as? DAVParseError, expected, xml) }
            }
        }
    }

    func testDocumentTypeOnlyBeforeTheRootCounts() throws {
        XCTAssertThrowsError(try DAVXMLReader.document(Data("<!DOCTYPE a><a>x</a>".utf8))) {
            XCTAssertEqual($0 as? DAVParseError, .documentTypeDeclaration)
        }
        XCTAssertEqual(try text(of: "<?xml version=\"1.0\"?><!-- c --><a><![CDATA[<!DOCTYPE a>]]></a>"), "<!DOCTYPE a>")
    }

    func testByteOrderMarkAndEncodingDeclarationAreAccepted() throws {
        XCTAssertEqual(try text(of: "\u{FEFF}<?xml version='1.0' encoding='utf-8'?>\n<a>é</a>"), "é")
    }
}
