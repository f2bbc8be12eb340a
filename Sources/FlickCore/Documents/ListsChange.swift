/// A change a person makes to the lists on the overview, as a value: the overview's
/// runner performs it (`ListsDocument.perform`) and, when it could not be saved, performs the
/// same value again on Retry. Naming a list is not here: its Retry is the editor's.
public enum ListsChange: Sendable, Equatable {
    /// Every unfinished item of the list completed, in one undoable step.
    case completeAll(listID: Int64)
    case move(listID: Int64, toIndex: Int)
    case delete(listID: Int64)
    case undo
    case redo

    public enum Outcome: Sendable, Equatable {
        case done
        case completed(count: Int)
        /// The list as it was, and where it was on the overview.
        case deleted(TodoList, formerIndex: Int)
        /// What an undo or a redo took back or did again; nil when there was nothing.
        case undone(ListsEdit?)
    }
}

extension ListsDocument {
    /// Writes `change` in one transaction (as its method does) and says what it did. A list
    /// that is no longer here (a Retry after another writer removed it) is left alone: `.done`.
    public func perform(_ change: ListsChange) throws -> ListsChange.Outcome {
        switch change {
        case let .completeAll(id):
            guard index(of: id) != nil else { return .done }
            return .completed(count: try completeAll(id))
        case let .move(id, index):
            guard self.index(of: id) != nil else { return .done }
            try move(id, to: index)
        case let .delete(id):
            guard let index = index(of: id) else { return .done }
            let deleted = summaries[index].list
            try delete(id)
            return .deleted(deleted, formerIndex: index)
        case .undo: return .undone(try undo())
        case .redo: return .undone(try redo())
        }
        return .done
    }
}
