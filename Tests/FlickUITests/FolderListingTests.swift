import Foundation
import XCTest
@testable import FlickUI

/// What the phone's file picker shows of a folder (`FolderListing`, issue 61): folders first,
/// then the files it offers, each in the collation's order with numbers as numbers; hidden
/// names and broken links left out, a link to a folder a folder; the first 500 of a crowded
/// folder, the rest counted; a folder that cannot be read, an error.
final class FolderListingTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-listing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testFoldersComeFirstThenTaskFilesInOrder() throws {
        for name in ["zoo", "Archive", "10 tasks.ics", "9 tasks.ICS", "notes.txt", "b.json", "photo.jpg", ".hidden.ics"] {
            try write(name)
        }
        for name in ["Work", "attic", ".config"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: false)
        }
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("Linked"),
                                                   withDestinationURL: folder.appendingPathComponent("Work"))
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("broken.ics"),
                                                   withDestinationURL: folder.appendingPathComponent("nowhere.ics"))

        let listing = try FolderListing.read(folder, files: .taskFiles, locale: Locale(identifier: "en_US"))
        XCTAssertEqual(listing.entries.map(\.name), ["attic", "Linked", "Work", "9 tasks.ICS", "10 tasks.ics", "b.json", "notes.txt"])
        XCTAssertEqual(listing.entries.map(\.isFolder), [true, true, true, false, false, false, false])
        XCTAssertEqual(listing.notShown, 0)

        let all = try FolderListing.read(folder, files: .all, locale: Locale(identifier: "en_US"))
        XCTAssertEqual(all.entries.filter { !$0.isFolder }.map(\.name),
                       ["9 tasks.ICS", "10 tasks.ics", "Archive", "b.json", "notes.txt", "photo.jpg", "zoo"])
        XCTAssertEqual(try FolderListing.read(folder, files: .none).entries.map(\.name).count, 3, "folders alone")
    }

    func testACrowdedFolderShowsItsFirstAndCountsTheRest() throws {
        for number in 0..<(FolderListing.shownAtMost + 20) { try write(String(format: "%04d.ics", number)) }
        let listing = try FolderListing.read(folder, files: .taskFiles)
        XCTAssertEqual(listing.entries.count, FolderListing.shownAtMost)
        XCTAssertEqual(listing.entries.first?.name, "0000.ics")
        XCTAssertEqual(listing.notShown, 20)
    }

    func testAFolderThatIsGoneCannotBeRead() {
        XCTAssertThrowsError(try FolderListing.read(folder.appendingPathComponent("gone"), files: .taskFiles))
    }

    private func write(_ name: String) throws {
        try "x".write(to: folder.appendingPathComponent(name), atomically: false, encoding: .utf8)
    }
}
