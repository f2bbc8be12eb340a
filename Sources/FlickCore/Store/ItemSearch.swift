import GRDB

/// Finds items by the words of their titles and notes, across every list, through the
/// full-text index `item_search` (SchemaV2), fast enough to run at every key press with 100,000
/// items; and by their tags, which the index does not hold: an item found by its
/// words must also have the tags typed, and a search of tags alone reads the items (`tagged`).
///
/// Order: open items before completed ones, then the best matches first (FTS5's bm25), then in
/// list order (list rank, item rank). bm25 is not free: before scoring, FTS5 counts the items
/// that hold each typed word by reading that word's whole posting list, then reads every
/// match's length; with 100,000 items, ranking every match of `i` took 70 ms (flick-bench),
/// four frames. So only a query with fewer than `rankedMatchLimit` matches is ranked. A
/// broader one, typically the first letter or two typed, where relevance says little, shows
/// the newest matching items (open ones first) in list order; FTS5 hands out matches in id
/// order without sorting, so that query stops after `limit` open rows (5 ms for `i`). It reads
/// further only when many newer matches are completed: 99,000 of them cost some 25 ms.
///
/// A word typed as a prefix (the last one, as it is being typed) costs FTS5 the most: it gathers
/// the matches of every word with that prefix in memory before handing out the first, each time
/// the index is read (about 5 ms for `i` among 100,000 items). So the index is read once for a
/// broad query: the ids of the newest `rankedMatchLimit` matches both say that it is broad and
/// hold the newest open ones. It is read again only when fewer than `limit` of those are open.
public enum ItemSearch {
    /// Above this many matches a query is not ranked by relevance (see above).
    static let rankedMatchLimit = 1_000

    /// SQL over `item` that keeps the items with the tags asked for, and its arguments.
    private typealias TagCondition = (sql: String, arguments: StatementArguments)

    /// At most `limit` items whose title or notes hold every word of `text`, the last word as a
    /// prefix, and that have every tag it asks for (see `SearchQuery`); none for empty text.
    public static func run(_ text: String, in db: Database, limit: Int = 200) throws -> [SearchResult] {
        guard limit > 0, let query = SearchQuery(text) else { return [] }
        let tags = tagFilter(query)
        guard let expression = query.expression else { return try tagged(tags, limit: limit, in: db) }
        // Found without the tags: their number says how many matches bm25 would score, and
        // ranking scores every match of the words before the tags leave any out.
        let newestMatches = try newestMatchIDs(of: expression, upTo: rankedMatchLimit, in: db)
        if newestMatches.count < rankedMatchLimit {
            return try ranked(expression, tags, limit: limit, in: db)
        }
        // Any open match not among the newest is older than all of them: when `limit` of them
        // are open, they are the newest open matches of all.
        let newestOpen = try openItems(among: newestMatches, tags, limit: limit, in: db)
        if newestOpen.count == limit { return newestOpen }
        let open = try newest(expression, tags, completed: false, limit: limit, in: db)
        guard open.count < limit else { return open }
        return open + (try newest(expression, tags, completed: true, limit: limit - open.count, in: db))
    }

    /// The items with these ids, as results, in the order of `ids`; an id of no item is left
    /// out. What a caller that keeps only ids (the Shell's search provider) shows them by.
    public static func results(ids: [Int64], in db: Database) throws -> [SearchResult] {
        guard !ids.isEmpty else { return [] }
        let found = try fetch(db, sql: """
            SELECT \(SearchResult.selectionSQL)
            FROM item JOIN list ON list.id = item.list_id
            WHERE item.id IN (\(IDArray.values))
            """, arguments: [IDArray.argument(ids)])
        let byID = Dictionary(found.map { ($0.id, $0) }) { first, _ in first }
        return ids.compactMap { byID[$0] }
    }

    /// The ids of the newest `cap` matches, newest first (no item is read).
    private static func newestMatchIDs(of expression: String, upTo cap: Int, in db: Database) throws -> [Int64] {
        try Int64.fetchAll(db, sql: """
            SELECT rowid FROM item_search WHERE item_search MATCH ? ORDER BY rowid DESC LIMIT ?
            """, arguments: [expression, cap])
    }

    /// The `limit` newest open items among `ids` that have the tags asked for, in list order;
    /// the ids go to SQLite as one JSON array (`IDArray`), so the statement is the same for any number.
    private static func openItems(among ids: [Int64], _ tags: TagCondition, limit: Int,
                                  in db: Database) throws -> [SearchResult] {
        try fetch(db, sql: """
            SELECT \(SearchResult.selectionSQL)
            FROM (SELECT item.id FROM item
                  WHERE item.id IN (\(IDArray.values)) AND item.completed = 0 AND \(tags.sql)
                  ORDER BY item.id DESC LIMIT ?) AS found
            JOIN item ON item.id = found.id
            JOIN list ON list.id = item.list_id
            ORDER BY list.rank, item.rank, item.id
            """, arguments: [IDArray.argument(ids)] + tags.arguments + [limit])
    }

    /// Every match scored and sorted. The score is taken in a subquery so the outer query, which
    /// reads `item`'s notes for the marks, does not also see `item_search`'s `notes` column.
    private static func ranked(_ expression: String, _ tags: TagCondition, limit: Int,
                               in db: Database) throws -> [SearchResult] {
        try fetch(db, sql: """
            SELECT \(SearchResult.selectionSQL)
            FROM (SELECT rowid AS id, bm25(item_search) AS score FROM item_search WHERE item_search MATCH ?) AS found
            JOIN item ON item.id = found.id
            JOIN list ON list.id = item.list_id
            WHERE \(tags.sql)
            ORDER BY item.completed, found.score, list.rank, item.rank, item.id
            LIMIT ?
            """, arguments: [expression] + tags.arguments + [limit])
    }

    /// The `limit` newest open (or completed) matches, in list order. The inner query reads the
    /// index newest first and stops at `limit`; only those few rows are then sorted. With tags,
    /// it reads on past the newest matches that lack them.
    private static func newest(_ expression: String, _ tags: TagCondition, completed: Bool, limit: Int,
                               in db: Database) throws -> [SearchResult] {
        try fetch(db, sql: """
            SELECT \(SearchResult.selectionSQL)
            FROM (SELECT item_search.rowid AS id FROM item_search JOIN item ON item.id = item_search.rowid
                  WHERE item_search MATCH ? AND item.completed = ? AND \(tags.sql)
                  ORDER BY item_search.rowid DESC LIMIT ?) AS found
            JOIN item ON item.id = found.id
            JOIN list ON list.id = item.list_id
            ORDER BY list.rank, item.rank, item.id
            """, arguments: [expression, completed] + tags.arguments + [limit])
    }

    /// Items by their tags alone, open ones first, in list order. No index holds the tags, so
    /// this is a scan, but of the narrow index `item_rows` rather than the table: `item.marks`
    /// says whether an item has tags (`ItemMarks.tags`, schema v9), so only the rows of tagged
    /// items are read for their tags. With 100,000 items, 1,000 of them tagged, that took 15 ms
    /// against 45 to 58 ms through the table (a debug build, half the rows holding 1.5 KB of
    /// iCalendar text); it grows with the tagged items, to the table's cost when all are. It
    /// costs about the same for every such query and runs only once a "#" and a letter are typed
    /// with no other word, which is acceptable; an index over the lines of a column would need a
    /// table of its own.
    private static func tagged(_ tags: TagCondition, limit: Int, in db: Database) throws -> [SearchResult] {
        try fetch(db, sql: """
            SELECT \(SearchResult.selectionSQL)
            FROM item
            JOIN list ON list.id = item.list_id
            WHERE item.id IN (SELECT id FROM item WHERE marks & \(ItemMarks.tags.rawValue) <> 0) AND \(tags.sql)
            ORDER BY item.completed, list.rank, item.rank, item.id
            LIMIT ?
            """, arguments: tags.arguments + [limit])
    }

    /// The condition an item's tags must meet, as SQL over `item`, and its arguments: `1` when
    /// no tag is asked for. `item.tags` holds one tag per line (`ItemTags`), so a tag is a whole
    /// line of it: found between line breaks once one is put at each end, or, for the tag still
    /// being typed, after a line break. The search is `instr`, not LIKE, so nothing typed is a
    /// pattern (a `%` or `_` is that character), and a typed tag never holds a line break (white
    /// space and controls separate words), so it never spans two tags.
    ///
    /// Case is ignored with SQLite's lower(), which folds ASCII letters only: "#work" finds
    /// "Work" and "#büro" "Büro", but "#über" does not find "Über". That is acceptable: only a
    /// letter outside ASCII must be typed in its stored case, and a Unicode-aware fold (as
    /// `ItemTags.cleaned` compares tags) would call back into Swift for every tagged item
    /// (GRDB's `swiftLowercaseString`: about 1 µs each, 100 ms for 100,000 tagged items).
    private static func tagFilter(_ query: SearchQuery) -> TagCondition {
        guard !query.tags.isEmpty else { return ("1", []) }
        var conditions = ["item.tags IS NOT NULL"]
        var arguments: StatementArguments = []
        for (index, tag) in query.tags.enumerated() {
            let isPrefix = query.lastTagIsPrefix && index == query.tags.count - 1
            conditions.append(isPrefix
                ? "instr(char(10) || lower(item.tags), char(10) || lower(?)) > 0"
                : "instr(char(10) || lower(item.tags) || char(10), char(10) || lower(?) || char(10)) > 0")
            arguments += [tag]
        }
        return (conditions.joined(separator: " AND "), arguments)
    }

    private static func fetch(_ db: Database, sql: String, arguments: StatementArguments) throws -> [SearchResult] {
        var results: [SearchResult] = []
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        while let row = try rows.next() { results.append(SearchResult(row: row)) }
        return results
    }
}
