/// The Today smart list's row at the top of the lists overview. It is no stored
/// list, so it has an id no list has; it opens, but does not slide, move or rename.
enum TodayRow {
    static let id: Int64 = -1
}
