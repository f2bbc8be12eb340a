import GRDB

/// Rows put back among a document's rows at ascending positions, built in one pass: an insert
/// into the middle of an array moves every row after it, and putting back the 1,428 rows of a
/// Clear Completed among 10,000 moved millions (`make bench`). The rows before the next
/// position are final (`placed`); the rest wait in order (`next` is the first of them).
struct OrderedMerge {
    private(set) var placed: [ItemRow] = []
    private var waiting: [ItemRow]
    private var nextWaiting = 0

    init(_ rows: [ItemRow]) {
        waiting = rows
        placed.reserveCapacity(rows.count)
    }

    /// The first row after the position reached, if any.
    var next: ItemRow? { nextWaiting < waiting.count ? waiting[nextWaiting] : nil }

    private var count: Int { placed.count + waiting.count - nextWaiting }

    /// Moves the rows before `position` (counted in the merged rows, clamped to them) into
    /// place; returns the position reached.
    mutating func advance(to position: Int) -> Int {
        let target = min(max(position, 0), count)
        while placed.count < target {
            placed.append(waiting[nextWaiting])
            nextWaiting += 1
        }
        return target
    }

    /// A row at the position reached.
    mutating func place(_ row: ItemRow) {
        placed.append(row)
    }

    /// No rank is free between the neighbours at `index` (the position reached): the fewest
    /// rows around it are renumbered, here and in the database, as a single insert does.
    /// Rare (ranks are 2^32 apart), so the rows are gathered into one array for it.
    mutating func renumber(leavingGapAt index: Int, db: Database) throws -> Int64 {
        var rows = placed + waiting[nextWaiting...]
        let (rank, renumbered) = try RankAllocator.freeRank(at: index, in: RankedRows(records: rows, skipping: nil), db: db)
        for (position, newRank) in renumbered { rows[position].rank = newRank }
        placed = Array(rows[..<index])
        placed.reserveCapacity(rows.count + 1)
        waiting = Array(rows[index...])
        nextWaiting = 0
        return rank
    }

    /// Every row, in order.
    mutating func finished() -> [ItemRow] {
        placed.append(contentsOf: waiting[nextWaiting...])
        waiting = []
        nextWaiting = 0
        return placed
    }
}
