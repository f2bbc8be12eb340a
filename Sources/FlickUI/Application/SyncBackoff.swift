/// How long sync waits before it tries again after the network failed it (no connection, no
/// answer in time): 5 seconds, twice as long after each failure in a row, at most a period of
/// the regular sync. A machine woken before its Wi-Fi was back said "offline" until the next
/// edit or the 15-minute sync; a server down for the night is asked a few times an hour.
struct SyncBackoff {
    static let first = 5.0
    private(set) var failuresInARow = 0

    /// The wait before the next try, the failure just seen counted.
    mutating func failed(longest: Double) -> Double {
        failuresInARow += 1
        let doubled = Self.first * Double(1 << min(failuresInARow - 1, 20))
        return min(doubled, longest)
    }

    mutating func succeeded() {
        failuresInARow = 0
    }
}
