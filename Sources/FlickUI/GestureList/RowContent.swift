import FlickCore

/// What one row of a gesture list shows: an item of a list, or a list of the overview. The
/// level makes it; the row widget only draws it.
struct RowContent: Equatable {
    var title: String
    /// The title is a stand-in ("New item"), drawn dimmed.
    var titleIsPlaceholder = false
    /// Drawn as finished, or not begun: a completed item, a list with nothing left to do, an
    /// item waiting for its start date. The class says how ("completed" strikes the title
    /// through, "list-done" only dims it, "not-started" dims it on a lighter ground).
    var doneClass: String?
    /// The heat-map class, nil for a finished row (it has no colour of its own).
    var heatClass: String?
    /// The row's name for screen readers.
    var accessibleName: String
    /// Text at the row's trailing end (a list's number of unfinished items, an item's due
    /// date), if any, drawn in the style `detailClass` names.
    var detail: String?
    var detailClass = "list-count"
    /// The detail is drawn as a warning (an overdue item).
    var detailIsWarning = false
    /// The small icons after the title: the item has notes, a reminder, repeats or a high
    /// priority; and its tags, drawn after them.
    var marks: ItemMarks = []
    var tags: [String] = []
    /// How many of the item's subtasks are done, of how many: a small chip ("2/5").
    var subtasks: SubtaskProgress?
    /// Whether the row menu offers Reopen rather than Complete.
    var isCompleted = false
    /// Among the items selected to act on together: marked by a frame drawn inside
    /// the row, which stays as tall as the others (DESIGN's light rows).
    var isSelected = false
}
