/// Sparse ranks keep an order in which an insert between two neighbours writes only the new
/// row: the new rank is the midpoint of its neighbours' ranks. When two neighbours have no
/// integer left between them the caller renumbers the rows around them (`spread`), widening
/// the stretch until its outer neighbours leave room; only a list packed tight everywhere is
/// renumbered whole (`evenlySpaced`).
public enum SparseRank {
    /// Distance between neighbours after renumbering: 2^32 leaves 32 halvings between any
    /// two rows before a renumbering, and room for 2^31 rows on each side of zero.
    public static let spacing: Int64 = 1 << 32

    /// The rank for a new row placed between `before` and `after` (either may be absent),
    /// or nil when there is no free rank there and the list must be renumbered first.
    public static func between(_ before: Int64?, _ after: Int64?) -> Int64? {
        switch (before, after) {
        case (nil, nil):
            return 0
        case let (nil, after?):
            let (rank, overflow) = after.subtractingReportingOverflow(spacing)
            return overflow ? nil : rank
        case let (before?, nil):
            let (rank, overflow) = before.addingReportingOverflow(spacing)
            return overflow ? nil : rank
        case let (before?, after?):
            // Int128 so that the sum of two large ranks cannot overflow.
            let middle = Int64((Int128(before) + Int128(after)) / 2)
            return before < middle && middle < after ? middle : nil
        }
    }

    /// Rows renumbered by `spread` end at least this far apart: 2^20 leaves 20 halvings before
    /// the same stretch needs renumbering again.
    public static let minimumSpreadGap: Int64 = 1 << 20

    /// The least gap a renumbering may leave where no stretch near the slot has room for
    /// `minimumSpreadGap`: one free rank between neighbours. A server's tasks without
    /// X-APPLE-SORT-ORDER are ranked by their CREATED seconds, often one second apart; spread
    /// 2^20 apart they would make every renumbering reach the whole list, and every one of its
    /// tasks go to the server again for one move.
    public static let denseSpreadGap: Int64 = 2

    /// `count` ranks evenly spaced strictly between `lower` and `upper` (either may be absent:
    /// the list's ends have room to grow), at least `minimumGap` apart; nil when the stretch is
    /// too tight for that.
    public static func spread(count: Int, between lower: Int64?, and upper: Int64?,
                              minimumGap: Int64 = minimumSpreadGap) -> [Int64]? {
        let reach = Int128(count + 1) * Int128(spacing)
        let low: Int128
        let high: Int128
        switch (lower, upper) {
        case let (lower?, upper?): (low, high) = (Int128(lower), Int128(upper))
        case let (lower?, nil): (low, high) = (Int128(lower), Int128(lower) + reach)
        case let (nil, upper?): (low, high) = (Int128(upper) - reach, Int128(upper))
        case (nil, nil): (low, high) = (-reach / 2, reach / 2)
        }
        let step = (high - low) / Int128(count + 1)
        let first = low + step
        let last = low + step * Int128(count)
        guard step >= Int128(minimumGap), first > Int128(Int64.min), last < Int128(Int64.max) else { return nil }
        return (1...count).map { Int64(low + step * Int128($0)) }
    }

    /// Ranks for `count` rows, evenly spaced and centred on zero.
    public static func evenlySpaced(count: Int) -> [Int64] {
        let first = -Int64(count / 2) * spacing
        return (0..<count).map { first + Int64($0) * spacing }
    }
}
