/// A change a person makes to a list's items, as a value: the page showing the list
/// hands it to its runner, which performs it (`ListDocument.perform`) and, when it could not be
/// saved, performs the same value again on Retry. Typing a title is not here: its Retry is the
/// editor's, which still holds the text.
public enum ItemChange: Sendable, Equatable {
    case setCompleted(itemID: Int64, Bool)
    case delete(itemID: Int64)
    /// Every completed item of the list, with their subtasks, in one undoable step.
    case clearCompleted
    case move(itemID: Int64, toIndex: Int)
    case moveToList(itemID: Int64, listID: Int64)
    /// Postponed on `today`: the day is part of the value, so a Retry after midnight
    /// postpones as the gesture meant.
    case postpone(itemID: Int64, to: PostponeTarget, today: DueDate)
    /// The open items of the list (or of the subtasks shown) put in this order once, in one
    /// undoable step; the completed ones keep their places.
    case sort(ItemSortOrder)
    /// Due on `day` instead, at the same time (Upcoming's drop on another day).
    case reschedule(itemID: Int64, toDay: DueDate)
    /// One action on many items, one undoable step.
    case many(itemIDs: [Int64], BulkAction)
    case undo
    case redo

    /// What a change did, for the page to say and to focus.
    public enum Outcome: Sendable, Equatable {
        case done
        /// Completed or reopened; a repeating item completed stays open with its next due date.
        case completed(nextDue: DueDate?)
        /// Deleted, or moved to another list: the item as it was, and where it was in this list.
        case removed(TodoItem, formerIndex: Int)
        case cleared(count: Int)
        /// Postponed: the day it went to (nil: someday; `ListDocument.postpone`).
        case postponed(DueDate?)
        /// Sorted; `moved` is false when the items were in that order already.
        case sorted(moved: Bool)
        /// Rescheduled: the due date it has now; nil when it was due that day already.
        case rescheduled(DueDate?)
        /// Done to many items: how many it changed.
        case many(count: Int)
        /// What an undo or a redo took back or did again; nil when there was nothing.
        case undone(ListEdit?)
    }
}

extension ListDocument {
    /// Writes `change` in one transaction (as its method does) and says what it did. An item
    /// that is no longer here (a Retry after another writer removed it) is left alone: `.done`.
    public func perform(_ change: ItemChange) throws -> ItemChange.Outcome {
        switch change {
        case let .setCompleted(id, completed):
            guard index(of: id) != nil else { return .done }
            return .completed(nextDue: try setCompleted(id, completed))
        case let .delete(id):
            guard let index = index(of: id) else { return .done }
            return .removed(try delete(id), formerIndex: index)
        case .clearCompleted: return .cleared(count: try clearCompleted())
        case let .move(id, index):
            guard self.index(of: id) != nil else { return .done }
            try move(id, to: index)
        case let .moveToList(id, listID):
            guard let index = index(of: id) else { return .done }
            let moved = item(at: index)
            try move(id, toList: listID)
            return .removed(moved, formerIndex: index)
        case let .postpone(id, target, today):
            guard index(of: id) != nil else { return .done }
            return .postponed(try postpone(id, to: target, today: today))
        case let .sort(order): return .sorted(moved: try sortOpenItems(by: order))
        case let .reschedule(id, day):
            guard index(of: id) != nil else { return .done }
            return .rescheduled(try reschedule(id, toDay: day))
        case let .many(ids, action): return .many(count: try perform(action, on: ids))
        case .undo: return .undone(try undo())
        case .redo: return .undone(try redo())
        }
        return .done
    }
}
