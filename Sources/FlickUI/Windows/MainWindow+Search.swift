@preconcurrency import CGtk
import FlickCore

/// Search (issue 9): Ctrl+F searches the titles and notes of every list as the user types; the
/// results are gesture rows (complete, menu, details) that say their list, and Enter on one
/// opens it in its list. Escape goes back to where the search began.
extension MainWindow {
    private func connectSearch() {
        searchBar.onChange = { [weak self] text in self?.showResults(for: text) }
        searchBar.onActivate = { [weak self] in
            guard let self, !self.itemsPage.document.items.isEmpty else { return }
            self.itemsPage.list.focus(nearIndex: 0)
        }
        searchBar.onStop = { [weak self] in self?.endSearch() }
    }

    func startSearch() {
        guard commitCurrentEdit() else { return }
        if searchBar.onChange == nil { connectSearch() }
        let document = itemsPage.document
        if !document.scope.isSearch { scopeBeforeSearch = (document.scope, document.list.id) }
        searchBar.open()
        showResults(for: searchBar.text)
    }

    private func showResults(for text: String) {
        var results: ListDocument?
        guard runner.perform(retry: { [weak self] in self?.showResults(for: text) }, {
            results = try self.store.searchDocument(text: text)
        }), let results else { return }
        itemsPage.show(results)
        showItems()
        updateHeader()
        announceResults(for: text)
    }

    /// Sighted users see the results under the field; a screen reader user, whose focus stays
    /// in the field, hears how many there are.
    private func announceResults(for text: String) {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        let count = itemsPage.document.items.count
        let message = count == 0 ? tr("No item matches.")
            : trPlural("{count} item found", "{count} items found", count, ["count": String(count)])
        Announcer.say(message, from: searchBar.root)
    }

    /// Back to the list (or Today) the search began on.
    func endSearch() {
        guard itemsPage.document.scope.isSearch else { return }
        if searchBar.isOpen { searchBar.close() }
        let (scope, listID) = scopeBeforeSearch ?? (.list, nil)
        scopeBeforeSearch = nil
        if scope.isToday {
            openToday()
        } else if let listID, (try? store.lists().contains { $0.id == listID }) == true {
            openList(listID)
        } else if let first = try? store.lists().first?.id {
            openList(first)
        }
    }

    /// Enter on a result: its list opens with the item focused.
    func openSearchResult(_ itemID: Int64, inList listID: Int64) {
        scopeBeforeSearch = (.list, listID)
        endSearch()
        itemsPage.focus(itemID)
    }
}
