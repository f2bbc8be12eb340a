/// The rows a new rank is found among, by position, without copying them: a document's rows,
/// or its rows without one (the row being moved).
struct RankedRows<Record: RankedRecord> {
    let records: [Record]
    /// The position in `records` left out, if any.
    let skipping: Int?

    var count: Int { skipping == nil ? records.count : records.count - 1 }

    /// The position in `records` of the row at `position` here.
    func recordIndex(_ position: Int) -> Int {
        guard let skipping, position >= skipping else { return position }
        return position + 1
    }

    subscript(position: Int) -> Record { records[recordIndex(position)] }
}
