import FlickCore

/// The items page's changes as values (`ItemChange`): the host's runner performs each and, when
/// it could not be saved, its Retry performs the same value again.
extension ItemsPage: ChangeTarget {
    func prepare(_ change: ItemChange) -> Bool {
        if case let .delete(id) = change { return prepareDeletion(id) }
        return true
    }

    func write(_ change: ItemChange) throws -> ItemChange.Outcome {
        try document.perform(change)
    }

    func saved(_ change: ItemChange, _ outcome: ItemChange.Outcome) {
        switch (change, outcome) {
        case let (.setCompleted(id, completed), .completed(nextDue)):
            completionSaved(id, completed, nextDue: nextDue)
        case let (.delete, .removed(item, index)):
            deletionSaved(item, formerIndex: index)
        case let (.moveToList(_, listID), .removed(item, index)):
            movedAway(item, formerIndex: index, to: listID)
        case let (.postpone(id, _, _), .postponed(due)):
            postponeSaved(id, due: due)
        case let (.reschedule(id, _), .rescheduled(due)):
            rescheduleSaved(id, due: due)
        case let (.clearCompleted, .cleared(count)):
            clearSaved(count: count)
        case let (.many(_, action), .many(count)):
            bulkSaved(action, count: count)
        case let (.sort(order), .sorted(moved)):
            sortSaved(order, moved: moved)
        case let (.move(id, _), .done):
            focus(id)
        case let (.undo, .undone(edit)):
            host.notice.hide()
            if let edit { focusAfter(edit) }
        case let (.redo, .undone(edit)):
            if let edit { focusAfter(edit) }
        default:
            break  // The item had gone: nothing was written.
        }
    }

    func notSaved(_ change: ItemChange) {
        // The row that would have taken the focus says nothing more after its name.
        if case .delete = change { list.stopSayingAfterName() }
    }
}
