import FlickCore

/// What a row's content was made from beside its own item: the things that a write elsewhere
/// in the level (a deletion above it moves its heat colour), or the clock (a due chip turns
/// overdue at its minute), can change while its item stays as it was. A row that shows its
/// item with the stamp it would be made with now shows what it needs (`GestureListLevel.stamp`).
struct RowStamp: Equatable {
    /// The heat map's hue step, nil for a row without a colour.
    var heatStep: Int?
    /// The clock, in minutes.
    var minute: Int
    var isCompleted: Bool
    var isSelected: Bool
    var subtasks: SubtaskProgress?
}
