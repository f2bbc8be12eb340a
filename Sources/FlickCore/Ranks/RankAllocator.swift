import GRDB

/// Finds the rank for a row placed at a position among ranked rows (`SparseRank`), renumbering
/// the fewest rows around it when its neighbours leave no room; the renumbered rows are written
/// in the caller's transaction.
enum RankAllocator {
    /// The rank for a row placed at `index` of `rows`, and the rows renumbered to make room
    /// (by position, with their new ranks), for the caller to apply once the transaction has
    /// committed.
    static func freeRank<Record: RankedRecord>(at index: Int, in rows: RankedRows<Record>, db: Database) throws
        -> (rank: Int64, renumbered: [(position: Int, rank: Int64)]) {
        if let rank = rankForInsert(at: index, in: rows) { return (rank, []) }
        return try renumber(rows, leavingGapAt: index, in: db)
    }

    /// A free rank between the neighbours a row at `index` would have, if there is one.
    private static func rankForInsert<Record: RankedRecord>(at index: Int, in rows: RankedRows<Record>) -> Int64? {
        let before = index > 0 ? rows[index - 1].rank : nil
        let after = index < rows.count ? rows[index].rank : nil
        return SparseRank.between(before, after)
    }

    /// Renumbers the fewest rows around `index` that make room for one more there (the stretch
    /// doubles until its outer neighbours leave room: sparse ranks if they can, else dense ones,
    /// `SparseRank.denseSpreadGap`), leaving a free slot at `index`; writes the renumbered rows
    /// only. A list of 100,000 items is not rewritten for one insert, nor a synced list whose
    /// tasks are ranked by the seconds they were made.
    private static func renumber<Record: RankedRecord>(_ rows: RankedRows<Record>, leavingGapAt index: Int,
                                                       in db: Database) throws
        -> (rank: Int64, renumbered: [(position: Int, rank: Int64)]) {
        var width = 8
        while true {
            let low = max(0, index - width / 2)
            let high = min(rows.count, index + width / 2)
            let lower = low > 0 ? rows[low - 1].rank : nil
            let upper = high < rows.count ? rows[high].rank : nil
            // The window's rows and the free slot, in order.
            let count = high - low + 1
            if let ranks = SparseRank.spread(count: count, between: lower, and: upper)
                ?? SparseRank.spread(count: count, between: lower, and: upper, minimumGap: SparseRank.denseSpreadGap)
                ?? (low == 0 && high == rows.count ? SparseRank.evenlySpaced(count: rows.count + 1) : nil) {
                var renumbered: [(position: Int, rank: Int64)] = []
                for position in low..<high {
                    var row = rows[position]
                    row.rank = ranks[position - low + (position < index ? 0 : 1)]
                    try row.update(db)
                    renumbered.append((position, row.rank))
                }
                return (ranks[index - low], renumbered)
            }
            width *= 2
        }
    }
}
