@preconcurrency import CGtk
import FlickCore

/// Search: Ctrl+F searches the titles and notes of every list as the user types; the
/// results are gesture rows (complete, menu, details) that say their list, and Enter on one
/// opens it in its list. Escape goes back to where the search began.
@MainActor
final class WindowSearch {
    private unowned let host: SearchHost
    /// Where the bar goes, above the pages.
    private let container: UnsafeMutablePointer<GtkWidget>
    /// Made on first use: start-up makes no more widgets than the first frame needs.
    private var madeBar: SearchBar?
    /// What was shown when the search began, to go back to: a list (its id) or Today.
    private var scopeBeforeSearch: (scope: ListScope, listID: Int64?)?
    /// The list's document the search began on, kept to go back to with its undo history: read
    /// again from the file, that list lost its undo to every search.
    private var documentBeforeSearch: ListDocument?
    /// The text whose results are shown, while the search is open.
    private var shownText: String?

    init(host: SearchHost, container: UnsafeMutablePointer<GtkWidget>) {
        self.host = host
        self.container = container
    }

    var isOpen: Bool { madeBar?.isOpen ?? false }

    /// Whether the keyboard focus is in the search field.
    func hasFocus(_ focus: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let madeBar else { return false }
        return gtk_widget_is_ancestor(focus, madeBar.root) != 0
    }

    private var bar: SearchBar {
        if let madeBar { return madeBar }
        let bar = SearchBar(placeholder: tr("Search every list"))
        gtk_box_prepend(cast(container), bar.root)
        bar.onChange = { [weak self] text in
            // The text `start(typing:)` put in the field has its results shown already.
            guard let self, text != self.shownText else { return }
            self.showResults(for: text)
        }
        bar.onActivate = { [weak self] in
            guard let self, let count = self.shownResultCount, count > 0 else { return }
            self.host.listLevelPage?.focusFirstRow()
        }
        bar.onStop = { [weak self] in self?.end() }
        madeBar = bar
        return bar
    }

    func start() {
        guard host.commitCurrentEdit() else { return }
        if !isShowingResults, let document = host.listLevelPage?.itemsDocument {
            scopeBeforeSearch = (document.scope, document.list.id)
            documentBeforeSearch = document.scope == .list ? document : nil
        }
        bar.open()
        showResults(for: bar.text)
    }

    /// The search begun with `text` in the field (the Shell's "more results"), its results shown.
    func start(typing text: String) {
        bar.setText(text)
        start()
    }

    /// The bar closes without going anywhere, if its results are shown: the window is going
    /// up to the lists.
    func close() {
        guard isShowingResults else { return }
        madeBar?.close()
    }

    private func showResults(for text: String) {
        var results: ListDocument?
        guard host.runner.perform(retry: { [weak self] in self?.showResults(for: text) }, {
            results = try self.host.store.searchDocument(text: text)
        }), let results else { return }
        shownText = text
        host.showItems(results, as: SearchScreen(text: text))
        announceResults(for: text)
    }

    /// Sighted users see the results under the field; a screen reader user, whose focus stays
    /// in the field, hears how many there are.
    private func announceResults(for text: String) {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        let count = shownResultCount ?? 0
        let message = count == 0 ? tr("No item matches.")
            : trPlural("{count} item found", "{count} items found", count, ["count": countText(count)])
        Announcer.say(message, from: bar.root)
    }

    /// Back to the list (or Today) the search began on.
    func end() {
        guard isShowingResults else { return }
        shownText = nil
        if isOpen { bar.close() }
        let (scope, listID) = scopeBeforeSearch ?? (.list, nil)
        let kept = documentBeforeSearch
        scopeBeforeSearch = nil
        documentBeforeSearch = nil
        if scope.isToday { return host.go(to: .today) }
        let lists = (try? host.store.lists().compactMap(\.id)) ?? []
        if let listID, lists.contains(listID) {
            if let kept, kept.list.id == listID { showAgain(kept) }
            host.go(to: .list(listID))
        } else if let first = lists.first {
            host.go(to: .list(first))
        }
    }

    /// The list the search began on, in front again with its undo history; what the results'
    /// gestures changed meanwhile is taken in as another writer's changes are. `open` then
    /// finds it already shown.
    private func showAgain(_ kept: ListDocument) {
        guard host.runner.refresh({
            try kept.readListAgain()
            try kept.absorbAllItems()
        }) else { return }
        host.showItems(kept, as: ListScreen())
    }

    /// Whether the search's results are shown.
    var isShowingResults: Bool { host.listLevelPage?.itemsDocument?.scope.isSearch ?? false }

    /// How many results are shown, while they are.
    private var shownResultCount: Int? {
        isShowingResults ? host.listLevelPage?.itemsDocument?.items.count : nil
    }

    /// Enter on a result: the search ends in the result's list, which opens (the window then
    /// focuses the item, at its level if it is a subtask).
    func end(at listID: Int64) {
        scopeBeforeSearch = (.list, listID)
        end()
    }
}
