/// Ranks for items imported into a stretch of a list, in the file's order. Where the file's
/// own sort orders (X-APPLE-SORT-ORDER) fit the stretch they become the ranks, so a list that
/// is imported and exported again writes back the order it came with unchanged; the items that
/// do not fit get ranks spread in the room around those that do.
enum ImportRanks {
    /// Ranks for items whose sort orders are `sortOrders` (ascending), placed strictly between
    /// `lower` and `upper` (either may be absent); nil when the stretch has no room for them.
    static func place(_ sortOrders: [Int64], after lower: Int64?, before upper: Int64?) -> [Int64]? {
        guard !sortOrders.isEmpty else { return [] }
        let isBelow = { (value: Int64) in lower.map { value <= $0 } ?? false }
        let isAbove = { (value: Int64) in upper.map { value >= $0 } ?? false }
        guard isStrictlyIncreasing(sortOrders) else {
            return SparseRank.spread(count: sortOrders.count, between: lower, and: upper)
        }
        // Sorted, so those below the stretch come first and those above it last.
        let below = sortOrders.prefix(while: isBelow)
        let kept = sortOrders.dropFirst(below.count).prefix { !isBelow($0) && !isAbove($0) }
        let above = sortOrders.count - below.count - kept.count
        guard !kept.isEmpty else { return SparseRank.spread(count: sortOrders.count, between: lower, and: upper) }
        guard let before = below.isEmpty ? [] : SparseRank.spread(count: below.count, between: lower, and: kept.first),
              let after = above == 0 ? [] : SparseRank.spread(count: above, between: kept.last, and: upper) else {
            return SparseRank.spread(count: sortOrders.count, between: lower, and: upper)
        }
        return before + kept + after
    }

    private static func isStrictlyIncreasing(_ values: [Int64]) -> Bool {
        zip(values, values.dropFirst()).allSatisfy { $0 < $1 }
    }
}
