import FlickCore

/// A list's items, one level below the overview: its own order, taken in change by change.
struct ListScreen: ItemsScreen {
    func title(of document: ListDocument) -> String { document.list.name }

    func emptyText(of document: ListDocument) -> String? { tr("Nothing to do. Press Ctrl+N to add an item.") }

    func destination(of document: ListDocument) -> Destination? { document.list.id.map(Destination.list) }

    var isOneList: Bool { true }

    /// A list is not read again while it exists: its page takes other writers' changes in place
    /// and keeps its undo history. Gone, another list's page replaces it.
    func needsReadingAgain(listStillExists: () -> Bool) -> Bool { !listStillExists() }

    var isReplacedWhenItsListGoes: Bool { true }
}
