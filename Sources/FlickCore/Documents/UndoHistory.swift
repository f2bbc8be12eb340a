/// The steps a document can undo and redo, last first: `ListDocument`'s and `ListsDocument`'s.
/// A step leaves its stack only once it has been applied (`moveLastDoneToRedo`,
/// `moveLastUndoneToDone`): an undo or a redo whose write fails can be tried again.
struct UndoHistory<Edit> {
    private var done: [Edit] = []
    private var undone: [Edit] = []

    var canUndo: Bool { !done.isEmpty }
    var canRedo: Bool { !undone.isEmpty }

    /// The step an undo takes back.
    var lastDone: Edit? { done.last }

    /// The step a redo applies again.
    var lastUndone: Edit? { undone.last }

    /// A new action: what was undone can no longer be redone.
    mutating func record(_ edit: Edit) {
        done.append(edit)
        undone.removeAll()
    }

    /// The last step done was undone: it can be redone, as `redoable`.
    mutating func moveLastDoneToRedo(as redoable: Edit) {
        done.removeLast()
        undone.append(redoable)
    }

    /// The last step undone was redone: it can be undone again, as `undoable`.
    mutating func moveLastUndoneToDone(as undoable: Edit) {
        undone.removeLast()
        done.append(undoable)
    }

    /// The last step done, with nothing to undo any more: it is dropped, and redo is untouched.
    mutating func dropLastDone() {
        done.removeLast()
    }

    /// The last step done, grown by a part done after it (a completed item's settling move).
    mutating func replaceLastDone(with edit: Edit) {
        done[done.count - 1] = edit
    }

    /// What was undone can no longer be redone, though no step was recorded (yet).
    mutating func clearRedo() {
        undone.removeAll()
    }
}
