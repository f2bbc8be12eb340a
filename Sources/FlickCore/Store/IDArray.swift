/// Item ids as one SQL argument: a JSON array that `json_each` reads, so that one statement,
/// prepared once and cached, takes any number of ids. A statement with an `IN (…)` of its own
/// is compiled at every call, and that compile grows with the list: taking in a Clear Completed
/// of 1,428 items and its undo compiled about 50 M instructions of SQL (callgrind, `make bench`).
enum IDArray {
    /// What `id IN (…)` reads the argument through.
    static let values = "SELECT value FROM json_each(?)"

    /// The ids as the argument that `values` reads.
    static func argument<S: Sequence>(_ ids: S) -> String where S.Element == Int64 {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }
}
