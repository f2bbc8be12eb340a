import GRDB
import XCTest
@testable import FlickCore

/// Searching by tag (issue 32): a typed "#home" finds the items tagged home, without regard to
/// ASCII case; the last word, still being typed, finds the tags that start with it.
final class TagSearchTests: StoreTestCase {
    // MARK: What is found

    func testATagAlone() throws {
        try store.createList(name: "Home", titles: ["Buy milk", "Paint the shed", "Call mum"])
        try tag("Buy milk", ["errands", "home"])
        try tag("Paint the shed", ["home"])
        XCTAssertEqual(try titles("#home"), ["Buy milk", "Paint the shed"])
        XCTAssertEqual(try titles("#errands"), ["Buy milk"])
        XCTAssertEqual(try titles("#errands #home"), ["Buy milk"], "every tag typed")
        XCTAssertEqual(try titles("#work"), [])
    }

    func testATagAndWords() throws {
        try store.createList(name: "Home", titles: ["Buy milk", "Buy bread", "Paint the shed"])
        try tag("Buy milk", ["errands"])
        try tag("Paint the shed", ["errands"])
        XCTAssertEqual(try titles("buy #errands"), ["Buy milk"])
        XCTAssertEqual(try titles("#errands buy"), ["Buy milk"])
        XCTAssertEqual(try titles("#errands sh"), ["Paint the shed"], "the last word is still a prefix")
        XCTAssertEqual(try titles("bread #errands"), [])
        XCTAssertEqual(Set(try titles("buy")), ["Buy milk", "Buy bread"], "words alone find items without tags")
    }

    func testTheTagBeingTypedIsAPrefix() throws {
        try store.createList(name: "Home", titles: ["Buy milk", "Do homework", "Call mum"])
        try tag("Buy milk", ["errands", "home"])
        try tag("Do homework", ["homework"])
        try tag("Call mum", ["family", "phone home"])
        XCTAssertEqual(try titles("#ho"), ["Buy milk", "Do homework"])
        XCTAssertEqual(try titles("#home"), ["Buy milk", "Do homework"])
        XCTAssertEqual(try titles("#err"), ["Buy milk"])
        XCTAssertEqual(try titles("#ome"), [], "a prefix of a tag, not any part of it")
        XCTAssertEqual(try titles("#rands"), [])
        XCTAssertEqual(try titles("#phone"), ["Call mum"], "a tag with a space starts with its first word")
    }

    func testAnEarlierTagIsWhole() throws {
        try store.createList(name: "Home", titles: ["Buy milk", "Do homework"])
        try tag("Buy milk", ["errands", "home"])
        try tag("Do homework", ["homework", "school"])
        XCTAssertEqual(try titles("#home milk"), ["Buy milk"])
        XCTAssertEqual(try titles("#home do"), [], "homework is not home")
        XCTAssertEqual(try titles("#ho #errands"), [], "a tag followed by another is whole")
        XCTAssertEqual(try titles("#home #err"), ["Buy milk"])
        XCTAssertEqual(try titles("#home #sch"), [])
        XCTAssertEqual(try titles("#homework #sch"), ["Do homework"])
        XCTAssertEqual(try titles("#home -"), ["Buy milk"], "a trailing dash is no word: the tag before it is whole")
    }

    func testCaseIsIgnoredForASCIILetters() throws {
        try store.createList(name: "Work", titles: ["Report", "Budget", "Plan"])
        try tag("Report", ["Work"])
        try tag("Budget", ["WORK/Q4"])
        try tag("Plan", ["Über"])
        XCTAssertEqual(try titles("#work"), ["Report", "Budget"])
        XCTAssertEqual(try titles("#WORK "), ["Report", "Budget"])
        XCTAssertEqual(try titles("#wOrK/q"), ["Budget"])
        XCTAssertEqual(try titles("#work budget"), [], "work is whole here, and Budget's tag is WORK/Q4")
        XCTAssertEqual(try titles("#Über"), ["Plan"], "a tag typed as stored is found in any script")
        XCTAssertEqual(try titles("#Üb"), ["Plan"])
    }

    func testPercentAndUnderscoreAreCharacters() throws {
        try store.createList(name: "Shop", titles: ["Coat", "Boots", "Scarf", "Hat", "Gloves"])
        try tag("Coat", ["50%off"])
        try tag("Boots", ["50xoff"])
        try tag("Scarf", ["to_do"])
        try tag("Hat", ["toxdo"])
        try tag("Gloves", ["a\\b"])
        XCTAssertEqual(try titles("#50%off"), ["Coat"])
        XCTAssertEqual(try titles("#50%o"), ["Coat"], "not 50xoff: % is no wildcard")
        XCTAssertEqual(try titles("#50%o coat"), [], "an earlier tag is whole: 50%o is not 50%off")
        XCTAssertEqual(try titles("#50%"), [], "no letter: a word, not a tag")
        XCTAssertEqual(try titles("#to_do"), ["Scarf"])
        XCTAssertEqual(try titles("#to_"), ["Scarf"])
        XCTAssertEqual(try titles("#_"), [], "no letter: a word, and one of punctuation")
        XCTAssertEqual(try titles("#%a"), [])
        XCTAssertEqual(try titles("#a\\b"), ["Gloves"])
        XCTAssertEqual(try titles("#a\\"), ["Gloves"])
    }

    func testAnItemWithoutTagsIsNotFoundByOne() throws {
        try store.createList(name: "Shop", titles: ["Milk #home", "Bread"])
        try tag("Bread", ["kitchen"])
        XCTAssertEqual(try titles("#home"), [], "a # in a title is not a tag")
        XCTAssertEqual(try titles("#kitchen"), ["Bread"])
        try tag("Bread", [])
        XCTAssertEqual(try titles("#kitchen"), [], "tags taken away are not found")
    }

    func testWhatIsNotATagSearch() throws {
        try store.createList(name: "Calls", titles: ["Call #3", "Call 3 times", "milk"])
        for typed in ["#", "##", "# #", "#\0", "#\0home", "#️⃣", "#-", "# milk", "milk #", "#".padding(toLength: 5_000, withPad: "#", startingAt: 0)] {
            XCTAssertNoThrow(try store.search(typed), typed.debugDescription)
        }
        XCTAssertEqual(try titles("#"), [])
        XCTAssertEqual(try titles("# #"), [])
        XCTAssertEqual(try titles("# milk"), ["milk"])
        XCTAssertEqual(try titles("milk #"), ["milk"])
        XCTAssertEqual(Set(try titles("#3")), ["Call #3", "Call 3 times"], "a number after # is a word")
    }

    // MARK: Order

    func testOpenItemsComeFirstThenListOrder() throws {
        let first = try store.createList(name: "First", titles: ["a1", "a2"])
        try store.createList(name: "Second", titles: ["b1", "b2"])
        for title in ["a1", "a2", "b1", "b2"] { try tag(title, ["x"]) }
        let document = try XCTUnwrap(try store.document(listID: first.id))
        try document.setCompleted(document.wholeItems[0].id!, true)
        XCTAssertEqual(try titles("#x"), ["a2", "b1", "b2", "a1"])
        XCTAssertEqual(try store.search("#x").map(\.isCompleted), [false, false, false, true])
        XCTAssertEqual(try store.search("#x", limit: 2).map(\.title), ["a2", "b1"])
        XCTAssertEqual(try store.search("#x", limit: 0), [])
    }

    func testABroadQueryWithATag() throws {
        let count = ItemSearch.rankedMatchLimit + 300
        let list = try store.createList(name: "Many", titles: (1...count).map { "Item \($0)" })
        // Tag every hundredth item in one write (a durable edit each would only slow the test).
        try store.queue.write { db in
            try db.execute(sql: "UPDATE item SET tags = 'Hundred' WHERE list_id = ? AND id % 100 = 0", arguments: [list.id])
        }
        let tagged = try store.queue.read { db in
            try String.fetchAll(db, sql: "SELECT title FROM item WHERE tags IS NOT NULL ORDER BY rank")
        }
        XCTAssertGreaterThan(tagged.count, 5)
        XCTAssertEqual(try titles("item #hundred"), tagged, "past the ranked limit: the newest, in list order")
        XCTAssertEqual(try titles("i #hundred"), [], "a word before a tag is whole")
        XCTAssertEqual(try titles("#hundred i"), tagged)
        XCTAssertEqual(try titles("#hund"), tagged)
        XCTAssertEqual(try store.search("item #hundred", limit: 3).map(\.title), Array(tagged.suffix(3)), "the newest three")
    }

    // MARK: The query

    func testTheQuerySeparatesTagsFromWords() throws {
        let mixed = try XCTUnwrap(SearchQuery("buy #home mil"))
        XCTAssertEqual(mixed.expression, #""buy" "mil"*"#)
        XCTAssertEqual(mixed.tags, ["home"])
        XCTAssertFalse(mixed.lastTagIsPrefix)

        let tags = try XCTUnwrap(SearchQuery("#Home #wo"))
        XCTAssertNil(tags.expression)
        XCTAssertEqual(tags.tags, ["Home", "wo"])
        XCTAssertTrue(tags.lastTagIsPrefix)

        XCTAssertEqual(SearchQuery("#3")?.expression, ##""#3"*"##)
        XCTAssertEqual(SearchQuery("#3")?.tags, [])
        XCTAssertEqual(SearchQuery("#1a")?.tags, ["1a"])
        XCTAssertEqual(SearchQuery("#home -")?.lastTagIsPrefix, false)
        XCTAssertNil(SearchQuery("#"))
        XCTAssertNil(SearchQuery("# ## #-"))
    }

    // MARK: Helpers

    private func titles(_ text: String) throws -> [String] {
        try store.search(text).map(\.title)
    }

    /// Sets the tags of every item so titled, as the database keeps them (`ItemTags`).
    private func tag(_ title: String, _ tags: [String]) throws {
        try store.queue.write { db in
            try db.execute(sql: "UPDATE item SET tags = ? WHERE title = ?", arguments: [ItemTags.stored(tags), title])
        }
    }
}
