@preconcurrency import CGtk
import FlickCore

/// Going between the lists overview, a list's items and its items' subtasks (to any
/// depth): the back button, Alt+Left, Escape and the mouse's back button go up one level; a
/// click or Enter on a list opens it; Alt+Right and the mouse's forward button return to the
/// list last open from the overview, and open the focused item's subtasks from a list; Ctrl+Page
/// Up / Page Down open the previous / next list and Ctrl+1…9 the first nine. Every way in is a
/// `Destination` taken by `go(to:)`, which a failed read's Retry runs again. The window title
/// is the shown page's.
extension MainWindow {
    package var isShowingOverview: Bool { pages.depth == 0 }

    /// Goes to `destination`, whatever asked (a click, a key, a pull, a search's result, Retry).
    package func go(to destination: Destination) {
        let outermost = goingTo == nil
        if outermost { goingTo = destination }
        defer { if outermost { goingTo = nil } }
        switch destination {
        case .overview: showOverview()
        case let .searchResult(itemID, listID): showSearchResult(itemID, inList: listID)
        // A list, Today, subtasks, and any new kind of screen: what it shows is its
        // destination's to say.
        default: open(destination, animated: true)
        }
    }

    /// What Retry does when reading the place gone to failed: go there again, the whole way
    /// (`goingTo`: a search's result whose list opened but whose item's levels did not is
    /// gone to again as a result, not as its list).
    private func retry(_ destination: Destination) -> @MainActor () -> Void {
        let whole = goingTo ?? destination
        return { [weak self] in self?.go(to: whole) }
    }

    /// One level up: from an item's subtasks to the level of that item, from a list to the
    /// overview (which ends a search shown there).
    func goUp() {
        if phoneView.isShown { return phoneView.close() }
        guard pages.depth != PageStack.listLevel else { return showOverview() }
        pages.goUpOneLevel()
    }

    /// Alt+Right: the shown page's way down (the list last open, the focused item's subtasks).
    func goForward() {
        pages.shown.goForward()
    }

    /// Shows the overview with the open list's row focused, from any depth.
    private func showOverview() {
        guard !isShowingOverview, commitCurrentEdit() else { return }
        pages.leaveAboveListLevel()
        search.close()
        pages.goUpOneLevel()
    }

    /// A search's result: the search ends in its list (or, the search already ended, the list
    /// opens), and the item is focused at its level. Nothing more if the list did not open
    /// (its read failed: the notice's Retry goes to the result again).
    private func showSearchResult(_ itemID: Int64, inList listID: Int64) {
        if search.isShowingResults { search.end(at: listID) } else { open(.list(listID), animated: true) }
        guard !isShowingOverview, pages.listLevelPage?.destination == .list(listID) else { return }
        reveal(itemID)
    }

    /// Focuses an item of the list shown; a subtask is shown at its level, the levels of the
    /// items above it opened at once.
    private func reveal(_ itemID: Int64) {
        var ancestors: [(id: Int64, title: String)] = []
        runner.refresh { ancestors = try self.store.ancestors(of: itemID) }
        for ancestor in ancestors { open(.subtasks(of: ancestor.id, titled: ancestor.title), animated: false) }
        pages.shown.focus(itemID)
    }

    /// Goes to a destination that says what it shows (`Destination.screen`): a page of its own,
    /// in the list level or one level below the page shown, settling there or at once
    /// (`animated` false: the levels above a search's result).
    private func open(_ destination: Destination, animated: Bool) {
        guard commitCurrentEdit() else { return }
        // The list open keeps its page, and with it its undo history: not read again.
        if case let .list(id) = destination, pages.listLevelPage?.destination == destination { return showOpenList(id) }
        var read: DestinationScreen?
        guard runner.perform(retry: retry(destination), {
            read = try destination.screen(in: self.store, lists: self.lists, host: self)
        }), let read else { return }
        switch read {
        case let .listLevel(make, showAgain):
            let page = listLevelPage(showing: destination, showAgain: showAgain) ?? make()
            showListLevel(page)
            if case let .list(id) = destination { windowState.setInt64("last-list", id) }
            page.focusFirstRow()
        case let .below(make):
            let page = make()
            pages.place(page)
            if animated { pages.goDown() } else { pages.jumpDown() }
            updateHeader()
            notice.hide()
            page.focusFirstRow()
        }
    }

    /// The page in the list level, if it shows `destination` and can show it again as read now
    /// (Today, Upcoming): gone to again from the overview, it keeps its widgets and its list's
    /// spare rows. A fresh page made GTK make the list view, its controllers and a screen of
    /// new rows at every opening: Upcoming from the lists (`make bench`, 1,084 rows of 100,000
    /// items) went from 6.9 to 9.5 ms a frame when each opening made its page.
    private func listLevelPage(showing destination: Destination, showAgain: ((any Page) -> Bool)?) -> (any Page)? {
        guard let showAgain, let page = pages.listLevelPage, page.destination == destination else { return nil }
        return showAgain(page) ? page : nil
    }

    /// The list the list level's page holds, in front again (from the overview, or from its
    /// subtasks).
    private func showOpenList(_ id: Int64) {
        guard let page = pages.listLevelPage else { return }
        windowState.setInt64("last-list", id)
        pages.showListLevel(page)
        updateHeader()
        page.focusFirstRow()
    }

    /// Shows a page of these items (a search's results, or the list a search began on) in the
    /// list level, in front.
    func showItems(_ document: ListDocument, as screen: any ItemsScreen) {
        showListLevel(ItemsPage(document: document, screen: screen, lists: lists, host: self))
    }

    /// Shows `page` in the list level, in place of the page there: the notice about that
    /// page goes with it.
    private func showListLevel(_ page: any Page) {
        pages.showListLevel(page)
        notice.hide()
        updateHeader()
    }

    func put(_ destination: Destination, inPlaceOf page: any Page) {
        var read: DestinationScreen?
        runner.perform(retry: nil) { read = try destination.screen(in: self.store, lists: self.lists, host: self) }
        guard case let .listLevel(make, _)? = read else { return }
        let replacement = make()
        pages.replace(page, with: replacement)
        updateHeader()
        // The page shown went with the focus in it: the keyboard stays on this level.
        if pages.isShown(replacement) { replacement.focusFirstRow() }
    }

    /// Ctrl+1…9: the list at `index` among the lists, if there is one.
    func openList(atIndex index: Int) {
        guard lists.summaries.indices.contains(index), let id = lists.summaries[index].list.id else { return }
        go(to: .list(id))
    }

    /// Ctrl+Page Up and Down: the list `step` places from the one the page shown is in.
    func openAdjacentList(_ step: Int) {
        guard let current = pages.shown.currentListID, let index = lists.index(of: current) else { return }
        openList(atIndex: index + step)
    }

    /// The header follows the page: the title, the back button below the overview, named
    /// after the level it goes up to, and what the + button makes. A view over the pages
    /// (`PhoneView`) has its own title, and the back button that closes it goes back to the page.
    func updateHeader() {
        let shown = pages.shown
        header.show(viewShown: phoneView.isShown)
        if let title = phoneView.title {
            return header.show(title: title, backLabel: shown.backLabel, newLabel: shown.newRowLabel)
        }
        header.show(title: shown.title, backLabel: pages.oneLevelUp?.backLabel, newLabel: shown.newRowLabel)
        header.show(selectionBar: shown.selectionBar)
        updateClearCompletedAction()
        updateSortActions()
        updateSelectAction()
    }

    var listLevelPage: (any Page)? { pages.listLevelPage }

    // MARK: The pages' host

    func isShown(_ page: AnyObject) -> Bool {
        pages.isShown(page)
    }

    func pageChanged() {
        guard pages != nil else { return }  // Still being built.
        updateHeader()
    }

    func itemsChanged() {
        onItemsChanged?()
    }

    // MARK: Lists

    func askForNewList() {
        guard commitCurrentEdit() else { return }
        pages.bottom.perform(.newList)
    }

    // MARK: The page stack's host

    var backButton: UnsafeMutablePointer<GtkWidget> { header.backButton }

    func wentUp() {
        updateHeader()
        notice.hide()
    }

    /// Once a transition has settled, the level shown has the keyboard focus: a touch that
    /// opened a list may have left it on the overview's row, which is now hidden.
    func settled() {
        guard let list = pages.shownList else { return }
        if let focus = gtk_window_get_focus(cast(window)), gtk_widget_is_ancestor(focus, list.root) != 0 { return }
        // A search begun on the overview shows its results at the items level; the typing
        // stays in the search field (the focus went to the list and the typed
        // letters were lost).
        if search.isOpen, let focus = gtk_window_get_focus(cast(window)), search.hasFocus(focus) { return }
        if let id = list.focusedID { list.focus(id) } else { list.focus(nearIndex: 0) }
    }
}
