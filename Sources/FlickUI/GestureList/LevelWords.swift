/// The words a gesture list's placeholder rows say (a pinch's gap, a pull down's row), which differ between a list's items and
/// the lists overview.
struct LevelWords {
    /// The title of a new row while it has none.
    var newRow: String
    /// A pinch's gap before and after it is wide enough to insert.
    var pullApart: String
    var releaseToAdd: String
    /// The pull down's placeholder before and after it is far enough to create.
    var pullToCreate: String
    var releaseToCreate: String

    static var items: LevelWords {
        LevelWords(newRow: tr("New item"), pullApart: tr("Pull apart to add item"), releaseToAdd: tr("Release to add item"),
                   pullToCreate: tr("Pull to create item"), releaseToCreate: tr("Release to create item"))
    }

    static var lists: LevelWords {
        LevelWords(newRow: tr("New list"), pullApart: tr("Pull apart to add list"), releaseToAdd: tr("Release to add list"),
                   pullToCreate: tr("Pull to create list"), releaseToCreate: tr("Release to create list"))
    }
}
