/// Sparse ranks keep an order in which an insert between two neighbours writes only the new
/// row: the new rank is the midpoint of its neighbours' ranks. When two neighbours have no
/// integer left between them the caller renumbers the list (`evenlySpaced`).
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

    /// Ranks for `count` rows, evenly spaced and centred on zero.
    public static func evenlySpaced(count: Int) -> [Int64] {
        let first = -Int64(count / 2) * spacing
        return (0..<count).map { first + Int64($0) * spacing }
    }
}
