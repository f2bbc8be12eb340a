/// Recently Deleted's row at the bottom of the lists overview, below every list. It
/// is no stored list, so it has an id no list has; it opens the Recently Deleted window, and
/// does not slide, move or rename. It is never on the heat map: it holds nothing to do.
enum RecentlyDeletedRow {
    static let id: Int64 = -2
}
