import FlickCore

/// The overview's changes as values (`ListsChange`): the host's runner performs each and, when
/// it could not be saved, its Retry performs the same value again (issue 28).
extension ListsPage: ChangeTarget {
    func prepare(_ change: ListsChange) -> Bool {
        // The last list stays: there is always one to add items to.
        if case let .delete(id) = change { return document.index(of: id) != nil && document.summaries.count > 1 }
        return true
    }

    func write(_ change: ListsChange) throws -> ListsChange.Outcome {
        try document.perform(change)
    }

    func saved(_ change: ListsChange, _ outcome: ListsChange.Outcome) {
        switch (change, outcome) {
        case let (.completeAll(id), .completed(count)):
            completedAll(count, ofList: id)
        case let (.move(id, _), .done):
            focus(id)
        case let (.delete, .deleted(list, index)):
            deletedList(list, formerIndex: index)
        case let (.undo, .undone(edit?)), let (.redo, .undone(edit?)):
            undone(edit)
        default:
            break  // The list had gone, or there was nothing to undo.
        }
    }
}
