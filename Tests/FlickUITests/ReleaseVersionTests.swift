import Foundation
import XCTest
@testable import FlickUI

/// One version, said alike everywhere a user or a package reads it: `flick --version` and the
/// About window (`FlickApplication.version`, `FlickRelease.version`), the metainfo's newest <release> (GNOME Software,
/// and `make deb`'s package version), and NEWS's first heading.
final class ReleaseVersionTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func testTheMetainfosNewestReleaseIsTheVersion() throws {
        let metainfo = try String(contentsOf: Self.root.appendingPathComponent("data/io.github.flicktodo.Flick.metainfo.xml.in"),
                                  encoding: .utf8)
        let newest = try XCTUnwrap(metainfo.firstMatch(of: /<release version="([^"]+)" date="(\d{4}-\d{2}-\d{2})"/))
        XCTAssertEqual(String(newest.1), FlickApplication.version)
        let news = try String(contentsOf: Self.root.appendingPathComponent("NEWS"), encoding: .utf8)
        let heading = try XCTUnwrap(news.split(separator: "\n").first)
        XCTAssertEqual(String(heading), "Flick \(FlickApplication.version) (\(newest.2))", "NEWS opens with the release and its date")
    }

    func testEveryReleaseInTheMetainfoIsInNews() throws {
        let metainfo = try String(contentsOf: Self.root.appendingPathComponent("data/io.github.flicktodo.Flick.metainfo.xml.in"),
                                  encoding: .utf8)
        let news = try String(contentsOf: Self.root.appendingPathComponent("NEWS"), encoding: .utf8)
        let releases = metainfo.matches(of: /<release version="([^"]+)" date="([^"]+)"/).map { "Flick \($0.1) (\($0.2))" }
        let headings = news.split(separator: "\n").filter { $0.hasPrefix("Flick ") }.map(String.init)
        XCTAssertEqual(headings, releases, "the same releases, newest first")
    }
}
