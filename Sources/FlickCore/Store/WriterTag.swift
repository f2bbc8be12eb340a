/// Which document is writing, for the store's commits to say (`StoreCommit.writer`): the page
/// that wrote a commit need not read it back, for it holds what it wrote already (a bulk
/// completion of 8,572 items read them all whole again, 24 ms before its frame). Set and read
/// only on the database's queue, inside a write: a sync's writes on the same queue, between
/// a document's, are told with no writer.
final class WriterTag: @unchecked Sendable {
    /// The document whose write is under way, nil between writes.
    var current: StoreWriter?

    /// Runs `body`, a document's write on the database's queue, as `writer`'s.
    func writing<T>(as writer: StoreWriter, _ body: () throws -> T) rethrows -> T {
        let outer = current
        current = writer
        defer { current = outer }
        return try body()
    }
}
