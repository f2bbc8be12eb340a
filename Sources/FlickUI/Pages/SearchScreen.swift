import FlickCore
import Foundation

/// The items of every list whose title or notes match what was typed in the search bar.
struct SearchScreen: ItemsScreen {
    let text: String

    func title(of document: ListDocument) -> String { tr("Search") }

    func emptyText(of document: ListDocument) -> String? {
        text.trimmingCharacters(in: .whitespaces).isEmpty
            ? tr("Type to search the titles and notes of every list.") : tr("No item matches.")
    }

    /// A search's results are brought by the search bar, not gone to.
    func destination(of document: ListDocument) -> Destination? { nil }

    /// Enter on a result opens the item in its list.
    var activateOpensInList: Bool { true }

    func readAgain(in store: TodoStore) throws -> (document: ListDocument, entries: [UpcomingEntry]?)? {
        try store.searchDocument(text: text).map { ($0, nil) }
    }
}
