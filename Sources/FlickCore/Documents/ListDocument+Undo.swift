import GRDB

// Undo and redo, through `history`: a step's positions hold while no change from elsewhere
// (`absorb`) reordered the rows since it was recorded.
extension ListDocument {
    /// Undoes the last action and returns it, or nil when there is nothing to undo.
    @discardableResult
    public func undo() throws -> ListEdit? {
        guard let step = history.lastDone else { return nil }
        do {
            try applyRecorded(step.edit.inverse, takenAt: step.reorders)
        } catch is ItemBackAlready {
            // The deleted item is stored again by now: the undo has nothing left to do, and
            // putting it back failed on its id, which showed "could not be saved".
            history.dropLastDone()
            return nil
        }
        history.moveLastDoneToRedo(as: RecordedListEdit(edit: step.edit, reorders: outsideReorders))
        return step.edit
    }

    @discardableResult
    public func redo() throws -> ListEdit? {
        guard let step = history.lastUndone else { return nil }
        let applied = try applyRecorded(step.edit, takenAt: step.reorders)
        history.moveLastUndoneToDone(as: RecordedListEdit(edit: applied.recorded, reorders: outsideReorders))
        return step.edit
    }

    /// Applies an undo or a redo, whose positions are exact when no change from another writer
    /// moved the rows since they were taken.
    @discardableResult
    private func applyRecorded(_ edit: ListEdit, takenAt reorders: Int) throws -> Applied {
        recordedPositionsHold = reorders == outsideReorders
        defer { recordedPositionsHold = false }
        return try apply(edit)
    }

    /// Records a settling move (`settle`): as the last part of the item's completion when that
    /// is the last step, else as a step of its own. Joined to the completion, the step keeps the
    /// completion's count: its positions are only as exact as its oldest part's.
    func recordSettling(_ move: ListEdit, of itemID: Int64) {
        history.clearRedo()
        if var completion = history.lastDone, let joined = Self.completion(completion.edit, of: itemID, joinedWith: move) {
            completion.edit = joined
            history.replaceLastDone(with: completion)
        } else {
            history.record(RecordedListEdit(edit: move, reorders: outsideReorders))
        }
    }

    /// `edit` with the settling move as its last part, when it is the item's completion; else nil.
    private static func completion(_ edit: ListEdit, of itemID: Int64, joinedWith move: ListEdit) -> ListEdit? {
        switch edit {
        case .setCompleted(itemID, _, _):
            return .sequence([edit, move])
        case let .sequence(parts):
            // A completion that completed subtasks too.
            guard case .setCompleted(itemID, _, _)? = parts.first else { return nil }
            return .sequence(parts + [move])
        default:
            return nil
        }
    }
}
