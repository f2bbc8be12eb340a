/// The edits `EditBenchmark` times, in the order it makes them each round. The names are the
/// keys of the printed JSON, which `bench/floor.c --edits` prints too.
enum BenchmarkEdit: String, CaseIterable {
    /// Ctrl+D on the item (it then sinks below the open items, as the default setting has it).
    case complete
    /// The window's Delete on the item.
    case delete
    /// Alt+End: the item from the middle of the list to its end.
    case move
    /// A title typed in a new row opened below the item and committed with Enter.
    case insert
}
