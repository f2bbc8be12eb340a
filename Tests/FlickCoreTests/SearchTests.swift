import GRDB
import XCTest
@testable import FlickCore

/// Search (issue 9): titles and notes across every list, as the user types, without regard to
/// case or accents, every typed character taken literally.
final class SearchTests: StoreTestCase {
    // MARK: What is found

    func testFindsAWordOfTheNotes() throws {
        let list = try store.createList(name: "Home", titles: ["Paint the shed", "Call mum"])
        let shed = try itemID(titled: "Paint the shed", in: list)
        try setNotes("Buy turpentine first", of: shed)
        XCTAssertEqual(try titles("turpentine"), ["Paint the shed"])
        XCTAssertEqual(try store.search("turpentine").first?.marks, [.notes])
        try setNotes("", of: shed)
        XCTAssertEqual(try titles("turpentine"), [], "the index follows the notes")
    }

    func testIgnoresCase() throws {
        try store.createList(name: "Shop", titles: ["milk", "Bread"])
        XCTAssertEqual(try titles("MILK"), ["milk"])
        XCTAssertEqual(try titles("bREAD"), ["Bread"])
    }

    func testIgnoresAccentsBothWays() throws {
        try store.createList(name: "Trip", titles: ["Café de Flore", "Cafe Sacher", "Tea"])
        XCTAssertEqual(Set(try titles("cafe")), ["Café de Flore", "Cafe Sacher"])
        XCTAssertEqual(Set(try titles("café")), ["Café de Flore", "Cafe Sacher"])
        XCTAssertEqual(Set(try titles("CAFÉ")), ["Café de Flore", "Cafe Sacher"])
    }

    func testTheLastWordIsAPrefixAndEarlierWordsAreWhole() throws {
        try store.createList(name: "Shop", titles: ["milk and eggs", "milkshake", "oat milk"])
        XCTAssertEqual(Set(try titles("mil")), ["milk and eggs", "milkshake", "oat milk"])
        XCTAssertEqual(try titles("milk eg"), ["milk and eggs"])
        XCTAssertEqual(try titles("mil eggs"), [], "a word followed by a space is a whole word")
        XCTAssertEqual(Set(try titles("milk")), ["milk and eggs", "milkshake", "oat milk"])
        XCTAssertEqual(Set(try titles("milk ")), ["milk and eggs", "milkshake", "oat milk"],
                       "a trailing space ends no word: the search cannot tell it from one still being typed")
        XCTAssertEqual(try titles("eggs milk"), ["milk and eggs"], "words match in any order")
    }

    func testHebrewAndGermanWordsAreFound() throws {
        try store.createList(name: "Einkauf", titles: ["Straße fegen", "Über den Fluss", "לחם ויין", "Äpfel"])
        XCTAssertEqual(try titles("straße"), ["Straße fegen"])
        XCTAssertEqual(try titles("stra"), ["Straße fegen"])
        XCTAssertEqual(try titles("uber"), ["Über den Fluss"])
        XCTAssertEqual(try titles("äpfel"), ["Äpfel"])
        XCTAssertEqual(try titles("לחם"), ["לחם ויין"])
        XCTAssertEqual(try titles("לח"), ["לחם ויין"])
        XCTAssertEqual(try titles("ויי"), ["לחם ויין"])
    }

    // MARK: Typed characters are never query syntax

    func testQuerySyntaxIsSearchedLiterally() throws {
        let title = #"Print "draft" * - NEAR OR (NOT) AND ^top notes: plan"#
        try store.createList(name: "Work", titles: [title, "Print the plan", "Print plan notes"])
        for typed in [#""draft""#, #""draft"#, "*", "NEAR", "near", "OR", "(NOT)", "(NOT", "AND", "^top", "notes:",
                      "print OR", "print NOT plan", "print NEAR plan", "print AND plan", "NEAR(print plan)",
                      "notes: plan", "title:print", "- plan", #"print "draft" * - near or (not"#] {
            XCTAssertNoThrow(try store.search(typed), typed)
        }
        XCTAssertEqual(try titles(#""draft""#), [title])
        XCTAssertEqual(try titles("NEAR"), [title])
        XCTAssertEqual(Set(try titles("(NOT)")), [title, "Print plan notes"], "the last word is a prefix of notes")
        XCTAssertEqual(try titles("(NOT) top"), [title])
        XCTAssertEqual(try titles("print OR plan"), [title], "OR is a word, not a disjunction")
        XCTAssertEqual(try titles("print NOT plan"), [title], "NOT is a word, not an exclusion")
        XCTAssertEqual(try titles("print AND plan"), [title])
        XCTAssertEqual(try titles("NEAR(print plan)"), [], "NEAR( is a word, not a group")
        XCTAssertEqual(try titles("^top"), [title], "^ does not tie the word to the start")
        XCTAssertEqual(Set(try titles("notes: plan")), [title, "Print plan notes"], "notes: is not a column filter")
        XCTAssertEqual(try titles("title:print"), [], "title: is a word, and no title holds it")
        XCTAssertEqual(try titles(#"print "draft" * - near or (not) and ^top notes: pl"#), [title])
    }

    func testPunctuationAloneMatchesNothingAndChangesNothing() throws {
        try store.createList(name: "Shop", titles: ["milk", "milkshake", "eggs - free range"])
        for typed in ["-", "\"", "*", "(", ")", "^", ":", "- * \" ( )", "…", "—"] {
            XCTAssertEqual(try titles(typed), [], typed)
        }
        XCTAssertEqual(try titles("milk -"), ["milk"], "the word before the dash stays a whole word")
        XCTAssertEqual(Set(try titles("- mil")), ["milk", "milkshake"])
        XCTAssertEqual(try titles("eggs - free"), ["eggs - free range"])
        XCTAssertEqual(Set(try titles("milk\0")), ["milk", "milkshake"], "a NUL does not cut the query short")
    }

    func testEmptyTextFindsNothing() throws {
        try store.createList(name: "Shop", titles: ["milk"])
        for typed in ["", " ", "\t\n ", "\u{00A0}"] {
            XCTAssertEqual(try store.search(typed), [], typed.debugDescription)
        }
    }

    func testTheQueryQuotesEveryWord() {
        XCTAssertEqual(SearchQuery("buy mil")?.expression, #""buy" "mil"*"#)
        XCTAssertEqual(SearchQuery(#"say "hi""#)?.expression, #""say" """hi"""*"#)
        XCTAssertEqual(SearchQuery("  milk \t eggs\n")?.expression, #""milk" "eggs"*"#)
        XCTAssertEqual(SearchQuery("milk -")?.expression, #""milk""#)
        XCTAssertEqual(SearchQuery("- milk")?.expression, #""milk"*"#)
        XCTAssertNil(SearchQuery("- ( ) *"))
        XCTAssertNil(SearchQuery("   "))
    }

    // MARK: Results

    func testResultsCarryTheirListsAndDetails() throws {
        let shop = try store.createList(name: "Groceries", titles: ["Milk", "Bread"])
        let work = try store.createList(name: "Work", titles: ["Milk the budget"])
        let document = try XCTUnwrap(try store.document(listID: work.id))
        let due = DueDate(year: 2026, month: 12, day: 24, hour: 9, minute: 30, timeZone: "Europe/Berlin")
        try document.update(document.wholeItems[0].id!) { $0.due = due }
        try document.setCompleted(document.wholeItems[0].id!, true)

        let milk = try itemID(titled: "Milk", in: shop)
        let results = try store.search("milk")
        XCTAssertEqual(results.map(\.listName), ["Groceries", "Work"])
        XCTAssertEqual(results.map(\.listID), [shop.id!, work.id!])
        XCTAssertEqual(results[0], SearchResult(id: milk, listID: shop.id!, listName: "Groceries", title: "Milk"))
        XCTAssertEqual(results[1], SearchResult(id: document.wholeItems[0].id!, listID: work.id!, listName: "Work",
                                                title: "Milk the budget", isCompleted: true, due: due))
    }

    func testOpenItemsComeFirstThenTheBestMatchesThenListOrder() throws {
        let first = try store.createList(name: "First", titles: ["Tea", "Get some bread and butter and milk for later"])
        let second = try store.createList(name: "Second", titles: ["Milk", "Milk", "Old milk"])
        let document = try XCTUnwrap(try store.document(listID: second.id))
        try document.setCompleted(document.wholeItems[2].id!, true)

        let results = try store.search("milk")
        XCTAssertEqual(results.map(\.title), ["Milk", "Milk", "Get some bread and butter and milk for later", "Old milk"],
                       "a short title that is the word itself scores better than a long one")
        let equalScores: [Int64] = results.prefix(2).map(\.id)
        XCTAssertEqual(equalScores, document.wholeItems.prefix(2).map { $0.id! }, "equal scores: item order")
        XCTAssertEqual(results[2].listID, first.id)
        XCTAssertEqual(results.map(\.isCompleted), [false, false, false, true])
    }

    func testTheLimitIsRespected() throws {
        try store.createList(name: "Many", titles: (1...30).map { "Item \($0)" })
        XCTAssertEqual(try store.search("item", limit: 7).count, 7)
        XCTAssertEqual(try store.search("item").count, 30)
        XCTAssertEqual(try store.search("item", limit: 0), [])
    }

    func testABroadQueryShowsTheNewestOpenMatchesInListOrder() throws {
        let count = ItemSearch.rankedMatchLimit + 300
        try store.createList(name: "Many", titles: (1...count).map { "Item \($0)" })
        // The newest 250 are done (in one write: 250 durable edits would only slow the test):
        // the open ones must still come first.
        let ids = try XCTUnwrap(try store.document(listID: nil)).items.map(\.id)
        try store.queue.write { db in
            try db.execute(sql: "UPDATE item SET completed = 1 WHERE id >= ?", arguments: [ids[count - 250]])
        }

        let results = try store.search("i", limit: 100)
        XCTAssertEqual(results.count, 100)
        XCTAssertTrue(results.allSatisfy { !$0.isCompleted })
        XCTAssertEqual(results.map(\.id), Array(ids[(count - 350)..<(count - 250)]), "the newest open items, in list order")

        let all = try store.search("i", limit: count)
        XCTAssertEqual(all.count, count)
        XCTAssertEqual(all.map(\.isCompleted), Array(repeating: false, count: count - 250) + Array(repeating: true, count: 250))
    }

    /// A broad query finds its open items among its newest matches, read once; when too few of
    /// those are open, it reads on to older open ones.
    func testABroadQueryFindsOpenMatchesOlderThanItsNewestOnes() throws {
        let count = ItemSearch.rankedMatchLimit + 300
        try store.createList(name: "Many", titles: (1...count).map { "Item \($0)" })
        let ids = try XCTUnwrap(try store.document(listID: nil)).items.map(\.id)
        // Of the newest 1,000 matches, only the oldest 50 are open.
        let newestCompleted = ItemSearch.rankedMatchLimit - 50
        try store.queue.write { db in
            try db.execute(sql: "UPDATE item SET completed = 1 WHERE id >= ?", arguments: [ids[count - newestCompleted]])
        }

        let results = try store.search("it", limit: 100)
        XCTAssertEqual(results.map(\.id), Array(ids[(count - newestCompleted - 100)..<(count - newestCompleted)]),
                       "the newest 100 open items, 50 of them older than the newest 1,000 matches")
        XCTAssertEqual(try store.search("it", limit: 50).map(\.id),
                       Array(ids[(count - newestCompleted - 50)..<(count - newestCompleted)]))
    }

    // MARK: The index follows the items

    func testADeletedItemIsNotFound() throws {
        let (_, document) = try database.document(["Return the library book", "Book a table"])
        try document.delete(document.wholeItems[0].id!)
        XCTAssertEqual(try titles("book"), ["Book a table"])
        try document.undo()
        XCTAssertEqual(Set(try titles("book")), ["Return the library book", "Book a table"])
    }

    func testARenamedItemIsFoundByItsNewTitleOnly() throws {
        let (_, document) = try database.document(["Call the plumber"])
        try document.rename(document.wholeItems[0].id!, to: "Call the electrician")
        XCTAssertEqual(try titles("electrician"), ["Call the electrician"])
        XCTAssertEqual(try titles("plumber"), [])
    }

    func testADeletedListsItemsAreNotFound() throws {
        let list = try store.createList(name: "Old", titles: ["Forgotten thing"])
        try store.listsDocument().delete(list.id!)
        XCTAssertEqual(try titles("forgotten"), [])
    }

    // MARK: Helpers

    private func titles(_ text: String) throws -> [String] {
        try store.search(text).map(\.title)
    }

    private func itemID(titled title: String, in list: TodoList) throws -> Int64 {
        try XCTUnwrap(try store.queue.read { db in
            try Int64.fetchOne(db, sql: "SELECT id FROM item WHERE list_id = ? AND title = ?", arguments: [list.id, title])
        })
    }

    private func setNotes(_ notes: String, of itemID: Int64) throws {
        try store.queue.write { db in
            try db.execute(sql: "UPDATE item SET notes = ? WHERE id = ?", arguments: [notes, itemID])
        }
    }
}
