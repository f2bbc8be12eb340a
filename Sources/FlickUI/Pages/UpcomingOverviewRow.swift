/// The Upcoming view's row in the lists overview. It is no stored list, so it has an
/// id no list has; it opens, but does not slide, move or rename. It sits below the lists, above
/// Recently Deleted: Today's row stays first and the lists keep the rows they had.
enum UpcomingOverviewRow {
    static let id: Int64 = -3
}
