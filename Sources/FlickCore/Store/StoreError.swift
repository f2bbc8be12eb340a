/// Errors of the store that the UI reports in plain words.
public enum StoreError: Error, Equatable, Sendable {
    case dataDirectoryIsAFile(String)
    case itemNotFound(Int64)
    case listNotFound(Int64)
    /// An entry of Recently Deleted that is no longer there (restored or removed meanwhile).
    case deletedItemNotFound(Int64)
    /// A title, note or list name holds a NUL character, which SQLite's text (as GRDB binds it)
    /// would cut off there: refused rather than stored cut short (found by StoreTextFuzzTests).
    case textContainsNUL
    /// New items would go into the list of this name, whose calendar the account may only read:
    /// the server would refuse them, and the sync would have nowhere to keep them.
    case listIsReadOnly(String)
}
