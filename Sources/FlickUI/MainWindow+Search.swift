@preconcurrency import CGtk
import FlickCore

/// Search (issue 9): Ctrl+F searches the titles and notes of every list as the user types; the
/// results are gesture rows (complete, menu, details) that say their list, and Enter on one
/// opens it in its list. Escape goes back to where the search began.
extension MainWindow {
    private func connectSearch() {
        searchBar.onChange = { [weak self] text in self?.showResults(for: text) }
        searchBar.onActivate = { [weak self] in
            guard let self, !self.document.items.isEmpty else { return }
            self.itemList.focus(nearIndex: 0)
        }
        searchBar.onStop = { [weak self] in self?.endSearch() }
    }

    func startSearch() {
        guard commitCurrentEdit() else { return }
        if searchBar.onChange == nil { connectSearch() }
        if !document.scope.isSearch { scopeBeforeSearch = (document.scope, document.list.id) }
        searchBar.open()
        showResults(for: searchBar.text)
    }

    private func showResults(for text: String) {
        var results: ListDocument?
        guard perform(retry: { [weak self] in self?.showResults(for: text) }, {
            results = try self.store.searchDocument(text: text)
        }), let results else { return }
        replaceDocument(with: results)
        if isShowingOverview { levels.settle(toOverview: false) }
        updateHeader()
        updateEmptyState()
        announceResults(for: text)
    }

    /// Sighted users see the results under the field; a screen reader user, whose focus stays
    /// in the field, hears how many there are.
    private func announceResults(for text: String) {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        let count = document.items.count
        let message = count == 0 ? tr("No item matches.")
            : trPlural("{count} item found", "{count} items found", count, ["count": String(count)])
        Announcer.say(message, from: searchBar.root)
    }

    /// Back to the list (or Today) the search began on.
    func endSearch() {
        guard document.scope.isSearch else { return }
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
    func openResult(_ id: Int64) {
        guard let listID = document.item(id)?.listID else { return }
        scopeBeforeSearch = (.list, listID)
        endSearch()
        focus(id)
    }
}
