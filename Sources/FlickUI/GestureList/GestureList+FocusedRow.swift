/// The keyboard's way to each gesture, on the focused row: the window's actions call these on
/// the list shown, so the same keys work on items, on lists and on any page below them.
extension GestureList {
    /// Ctrl+Return, Ctrl+Shift+Return. While a title is typed, next to the row being edited
    /// (the focused row is another then, or none in a new row), once it is saved.
    func insertNextToFocus(offset: Int) {
        if isEditing { return commitEditAndInsert(offset: offset) }
        let focused = focusedID.flatMap { level.rowIndex(of: $0) }
        startNewRow(at: focused.map { $0 + offset } ?? level.rowCount)
    }

    func editFocused() {
        if let id = focusedID { startEditing(id) }
    }

    /// Ctrl+D: as a swipe right.
    func toggleFocused() {
        if let id = focusedID { level.swipedRight(id) }
    }

    func deleteFocused() {
        if let id = focusedID { level.delete(id) }
    }

    /// Alt+Up / Alt+Down: the focused row one place up or down (with the rows it carries).
    func moveFocused(by step: Int) {
        guard let id = focusedID, let index = level.rowIndex(of: id) else { return }
        if level.carryRows(from: id, by: step) || level.stepRow(id, by: step) { return }
        let target = index + step
        guard (0..<level.rowCount).contains(target) else { return }
        level.moveRow(id, to: target)
    }

    /// Alt+Home / Alt+End: the focused row to the top or the bottom (with the rows it carries).
    func moveFocused(toEnd: Bool) {
        guard let id = focusedID, level.rowCount > 0 else { return }
        if level.carryRows(from: id, by: toEnd ? level.rowCount : -level.rowCount) { return }
        level.moveRow(id, to: toEnd ? level.rowCount - 1 : 0)
    }

    /// The row menu of the focused row, as a flick opens it.
    func openFocusedMenu() {
        if let id = focusedID { driver.openMenu(id, fromKeyboard: true) }
    }
}
