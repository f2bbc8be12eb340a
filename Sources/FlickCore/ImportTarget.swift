/// Where imported items go.
public enum ImportTarget: Sendable, Equatable {
    /// Every item into this list.
    case list(id: Int64)
    /// Each calendar into the list of its name (or `fallbackName`, for a calendar without
    /// one), made when there is no list of that name.
    case listsByName(fallbackName: String)
}
