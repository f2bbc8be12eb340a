/// What is done to every selected item at once: `ListDocument.perform(_:on:)` writes
/// it in one transaction as one undoable step, whatever the count.
public enum BulkAction: Sendable, Equatable {
    /// Completed or reopened; `sinking`: the items settle (below the open ones, or up to the
    /// end of them) in the same step, keeping their order among themselves.
    case setCompleted(Bool, sinking: Bool)
    case delete
    /// To the top of another list, in their order.
    case moveToList(Int64)
    /// Put together, in their order, at this index of the list without them: a lifted
    /// selection dropped there (its other rows left their places while it was carried).
    case moveTogether(toIndex: Int)
    /// Due on this day (nil: no date), each keeping its time of day as a quick date does.
    case setDue(DueDate?)
    /// As the Postpone key does to one, on `today` (a Retry after midnight postpones as meant).
    case postpone(PostponeTarget, today: DueDate)
    case setPriority(ItemPriority)
    /// The tag added to the items that do not have it yet.
    case addTag(String)
}
