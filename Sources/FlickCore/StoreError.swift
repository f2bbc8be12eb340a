/// Errors of the store that the UI reports in plain words.
public enum StoreError: Error, Equatable, Sendable {
    case dataDirectoryIsAFile(String)
    case itemNotFound(Int64)
    case listNotFound(Int64)
}
