import GRDB

/// Finds items by the words of their titles and notes, across every list (issue 9), through the
/// full-text index `item_search` (SchemaV2), fast enough to run at every key press with 100,000
/// items.
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
public enum ItemSearch {
    /// Above this many matches a query is not ranked by relevance (see above).
    static let rankedMatchLimit = 1_000

    /// At most `limit` items whose title or notes hold every word of `text`, the last word as a
    /// prefix (see `SearchQuery`); none for empty text.
    public static func run(_ text: String, in db: Database, limit: Int = 200) throws -> [SearchResult] {
        guard limit > 0, let query = SearchQuery(text) else { return [] }
        if try matchCount(of: query, upTo: rankedMatchLimit, in: db) < rankedMatchLimit {
            return try ranked(query, limit: limit, in: db)
        }
        let open = try newest(query, completed: false, limit: limit, in: db)
        guard open.count < limit else { return open }
        return open + (try newest(query, completed: true, limit: limit - open.count, in: db))
    }

    /// How many items match, counting no further than `cap` (cheap: no item is read).
    private static func matchCount(of query: SearchQuery, upTo cap: Int, in db: Database) throws -> Int {
        try Int.fetchOne(db, sql: """
            SELECT count(*) FROM (SELECT 1 FROM item_search WHERE item_search MATCH ? LIMIT ?)
            """, arguments: [query.expression, cap]) ?? 0
    }

    /// Every match scored and sorted. The score is taken in a subquery so the outer query, which
    /// reads `item`'s notes for the marks, does not also see `item_search`'s `notes` column.
    private static func ranked(_ query: SearchQuery, limit: Int, in db: Database) throws -> [SearchResult] {
        try fetch(db, sql: """
            SELECT \(SearchResult.selectionSQL)
            FROM (SELECT rowid AS id, bm25(item_search) AS score FROM item_search WHERE item_search MATCH ?) AS found
            JOIN item ON item.id = found.id
            JOIN list ON list.id = item.list_id
            ORDER BY item.completed, found.score, list.rank, item.rank, item.id
            LIMIT ?
            """, arguments: [query.expression, limit])
    }

    /// The `limit` newest open (or completed) matches, in list order. The inner query reads the
    /// index newest first and stops at `limit`; only those few rows are then sorted.
    private static func newest(_ query: SearchQuery, completed: Bool, limit: Int,
                               in db: Database) throws -> [SearchResult] {
        try fetch(db, sql: """
            SELECT \(SearchResult.selectionSQL)
            FROM (SELECT item_search.rowid AS id FROM item_search JOIN item ON item.id = item_search.rowid
                  WHERE item_search MATCH ? AND item.completed = ?
                  ORDER BY item_search.rowid DESC LIMIT ?) AS found
            JOIN item ON item.id = found.id
            JOIN list ON list.id = item.list_id
            ORDER BY list.rank, item.rank, item.id
            """, arguments: [query.expression, completed, limit])
    }

    private static func fetch(_ db: Database, sql: String, arguments: StatementArguments) throws -> [SearchResult] {
        var results: [SearchResult] = []
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        while let row = try rows.next() { results.append(SearchResult(row: row)) }
        return results
    }
}
