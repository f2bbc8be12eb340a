import FlickCore

/// Everything an item's row is made from (`ItemsPage.content(ofRowAt:)`): rows made from equal
/// inputs show the same, so a row whose inputs did not change is not made again.
struct ItemRowInputs: Equatable {
    var item: TodoItem
    /// The heat map's hue step, nil for a completed item (it has no colour of its own).
    var heatStep: Int?
    /// The clock, in minutes: due chips say "Today" or "Tomorrow" and become overdue at a
    /// due time, which is to the minute.
    var minute: Int
    /// On Today and a search: the item's list, and the title of the item it is a subtask of.
    var listName: String?
    var parentTitle: String?
    var tags: [String]
    var subtasks: SubtaskProgress?
    /// On Upcoming, under a day's heading: the due chip leaves out the day the heading names
    /// ("Thursday 3" above, "14:00" on the row); a screen reader still hears it whole.
    var dayInHeading = false
    /// Selected to act on with others.
    var isSelected = false
}
