import FlickCore

/// What a section of the details view edits through: each change of a field is applied to the
/// item's fields at once, as one undoable step.
@MainActor
protocol DetailsEditing: AnyObject {
    var fields: ItemFields { get }
    func apply(_ change: (inout ItemFields) -> Void)
}
