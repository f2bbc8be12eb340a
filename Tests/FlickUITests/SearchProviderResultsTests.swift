import FlickCore
import Foundation
import XCTest
@testable import FlickUI

/// The Shell search provider's answers without D-Bus (the calls over the bus are tested end to
/// end, in tests/e2e/test_search_provider.py): result ids, the typed text, tags, metas.
final class SearchProviderResultsTests: XCTestCase {
    private var directory: URL!

    override func setUp() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("flick-provider-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    func testResultIDsGoBothWaysAndAnythingElseIsNone() {
        XCTAssertEqual(SearchProviderResultID("42"), .item(42))
        XCTAssertEqual(SearchProviderResultID("add:buy milk"), .add("buy milk"))
        XCTAssertEqual(SearchProviderResultID.add("a:b").string, "add:a:b")
        XCTAssertEqual(SearchProviderResultID(SearchProviderResultID.item(7).string), .item(7))
        for bad in ["", "add:", "0", "-3", "x", "4.5", "99999999999999999999", " 4"] {
            XCTAssertNil(SearchProviderResultID(bad), bad)
        }
    }

    func testTypedTextIsOneLineAndBounded() {
        MainActor.assumeIsolated {
            XCTAssertEqual(SearchProviderResults.text(of: ["buy", "oat\tmilk"]), "buy oat milk")
            XCTAssertNil(SearchProviderResults.text(of: []))
            XCTAssertNil(SearchProviderResults.text(of: ["  ", ""]))
            XCTAssertNil(SearchProviderResults.text(of: [String(repeating: "x", count: 1_001)]))
            XCTAssertNil(SearchProviderResults.text(of: Array(repeating: "a", count: 65)))
        }
    }

    func testWordsAreTriedAsTagsUnlessTheyAreAlready() {
        MainActor.assumeIsolated {
            XCTAssertEqual(SearchProviderResults.asTags("home work"), "#home #work")
            XCTAssertEqual(SearchProviderResults.asTags("#home 3"), nil)
            XCTAssertEqual(SearchProviderResults.asTags("#home garden"), "#home #garden")
        }
    }

    func testAddEntryFirstThenItemsWithTheirListAndWhatQuickEntryReads() throws {
        let databaseURL = directory.appendingPathComponent("flick.sqlite")
        try MainActor.assumeIsolated {
            let store = try TodoStore(databaseURL: databaseURL)
            let list = try store.createList(name: "Groceries", titles: ["Buy oat milk", "Water the plants"])
            let document = try XCTUnwrap(store.document(listID: list.id))
            let plants = try XCTUnwrap(store.search("plants").first?.id)
            try document.update(plants) { $0.tags = ["garden"] }
            let results = SearchProviderResults(store: store, addListID: list.id)

            let oat = try results.ids(for: ["oat"])
            XCTAssertEqual(oat.first, "add:oat")
            XCTAssertEqual(oat.count, 2)
            XCTAssertEqual(try results.ids(for: ["garden"]), ["add:garden", String(plants)], "a tag without its #")
            XCTAssertEqual(try results.ids(for: []), [])

            let metas = try results.metas(for: [oat[1], "add:milk tomorrow", "12345", "nonsense"])
            XCTAssertEqual(metas.map(\.name), ["Buy oat milk", "Add “milk”"])
            XCTAssertEqual(metas[0].description, "Groceries")
            XCTAssertTrue(metas[1].description.hasPrefix("New item in Groceries: Due "), metas[1].description)
            XCTAssertEqual(metas[1].iconName, "list-add-symbolic")
        }
    }
}
