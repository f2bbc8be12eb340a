import FlickCore

/// A write made at random on a level's row ids, recorded as the documents record one: each
/// change's position is the document's as it happens (for ModelSpliceTests).
struct RandomWrite {
    private(set) var ids: [Int64]
    private(set) var changes: [ListChange] = []
    /// The id the next inserted row gets: above every id the rows start with.
    private var next = Int64(1_000)

    init(ids: [Int64]) {
        self.ids = ids
    }

    mutating func removeOne(using random: inout some RandomNumberGenerator) {
        guard !ids.isEmpty else { return }
        let at = Int.random(in: 0..<ids.count, using: &random)
        ids.remove(at: at)
        changes.append(.removed(at: at))
    }

    mutating func insertOne(using random: inout some RandomNumberGenerator) {
        let at = Int.random(in: 0...ids.count, using: &random)
        ids.insert(next, at: at)
        next += 1
        changes.append(.inserted(at: at))
    }

    mutating func moveOne(using random: inout some RandomNumberGenerator) {
        guard ids.count > 1 else { return }
        let from = Int.random(in: 0..<ids.count, using: &random)
        let id = ids.remove(at: from)
        let to = Int.random(in: 0...ids.count, using: &random)
        ids.insert(id, at: to)
        changes.append(.moved(from: from, to: to))
    }

    mutating func updateOne(using random: inout some RandomNumberGenerator) {
        guard !ids.isEmpty else { return }
        changes.append(.updated(at: Int.random(in: 0..<ids.count, using: &random)))
    }
}
