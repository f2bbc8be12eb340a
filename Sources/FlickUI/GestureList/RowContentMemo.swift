/// The content last made for each row, with what it was made from. A refresh of every bound
/// row (the selection, a new day: about 230 on a long list) makes most from the same as before;
/// making one again (its spoken name, its due chip, its detail) cost about 18,000 instructions
/// a row, a millisecond an edit on this machine (callgrind of `make bench`'s edits).
@MainActor
final class RowContentMemo<Inputs: Equatable> {
    private var entries: [Int64: (inputs: Inputs, content: RowContent)] = [:]
    /// Scrolling a long list binds row after row: past this many, the memo starts again.
    private let capacity: Int

    init(capacity: Int = 1_000) {
        self.capacity = capacity
    }

    /// The content of row `id` made from `inputs`: the one kept, if it was made from equal
    /// inputs, else `make`'s, kept for next time.
    func content(of id: Int64, from inputs: Inputs, make: (Inputs) -> RowContent) -> RowContent {
        if let entry = entries[id], entry.inputs == inputs { return entry.content }
        let content = make(inputs)
        if entries.count >= capacity, entries[id] == nil { entries.removeAll(keepingCapacity: true) }
        entries[id] = (inputs, content)
        return content
    }

    var count: Int { entries.count }
}
