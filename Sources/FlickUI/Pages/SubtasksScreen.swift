import FlickCore

/// An item's subtasks, one level below the item's page, titled after the item.
struct SubtasksScreen: ItemsScreen {
    let parentID: Int64
    let parentTitle: String

    func title(of document: ListDocument) -> String { parentTitle }

    func emptyText(of document: ListDocument) -> String? { tr("No subtasks yet. Press Ctrl+N to add one.") }

    var newRowLabel: String { tr("New Subtask") }

    /// A screen reader says where the focus went: "Subtasks of Plan the trip".
    var listName: String { tr("Subtasks of {item}", ["item": parentTitle]) }

    func destination(of document: ListDocument) -> Destination? { .subtasks(of: parentID, titled: parentTitle) }

    var isOneList: Bool { true }

    /// Subtasks take every change in themselves and are never read again.
    func needsReadingAgain(listStillExists: () -> Bool) -> Bool { false }

    var followsWritersEnd: Bool { false }
}
