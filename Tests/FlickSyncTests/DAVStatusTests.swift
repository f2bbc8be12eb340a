import XCTest
@testable import FlickSync

final class DAVStatusTests: XCTestCase {
    func testReadsTheCodeOfAStatusLine() {
        XCTAssertEqual(DAVStatus(line: "HTTP/1.1 404 Not Found")?.code, 404)
        XCTAssertEqual(DAVStatus(line: "HTTP/1.1 207")?.code, 207, "the reason phrase is optional")
        XCTAssertEqual(DAVStatus(line: "HTTP/2 200 OK")?.isSuccess, true)
        XCTAssertEqual(DAVStatus(line: "HTTP/1.1 507 Insufficient Storage")?.isSuccess, false)
        XCTAssertEqual(DAVStatus(line: "HTTP/1.1 200 OK")?.line, "HTTP/1.1 200 OK")
    }

    func testRefusesWhatIsNoStatusLine() {
        for line in ["", "200", "OK 200", "HTTP/1.1 20", "HTTP/1.1 +20 x", "HTTP/1.1 ２００ OK", "HTTP/1.1 999 x", "FTP 200 OK"] {
            XCTAssertNil(DAVStatus(line: line), line)
        }
    }
}
