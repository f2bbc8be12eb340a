/// The last read of Upcoming (`TodoStore.upcoming(day:)`), kept while the file stays as it was
/// read and the day is the same, so that going back and forth between the lists and Upcoming
/// reads the fortnight once: the read was a third of opening Upcoming on 100,000 items
/// (`make bench`). Each opening still gets a document of its own, made from the kept items.
/// Used only inside the store's reads, which its queue runs one at a time.
final class UpcomingReadCache: @unchecked Sendable {
    /// What one read found: the first list (new items go there), the items in Today's order,
    /// and the agenda's entries.
    struct Read {
        var firstList: TodoList
        var items: [TodoItem]
        var entries: [UpcomingEntry]
    }

    private struct Key: Equatable {
        var day: DueDate
        var version: StoreVersion
    }

    private var kept: (key: Key, read: Read)?

    /// The read kept for `day` at `version`, if the last read was that one.
    func read(day: DueDate, version: StoreVersion) -> Read? {
        guard let kept, kept.key == Key(day: day, version: version) else { return nil }
        return kept.read
    }

    func keep(_ read: Read, day: DueDate, version: StoreVersion) {
        kept = (Key(day: day, version: version), read)
    }
}
