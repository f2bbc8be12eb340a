/// Where imported items go.
public enum ImportTarget: Sendable, Equatable {
    /// Every item into this list.
    case list(id: Int64)
    /// Every item into the list of this name, made when there is none (`flick --import FILE
    /// --into NAME`): made in the import's transaction, so a refused file leaves no empty list.
    case listNamed(String)
    /// Each calendar into the list of its name (or `fallbackName`, for a calendar without
    /// one), made when there is no list of that name.
    case listsByName(fallbackName: String)
}
