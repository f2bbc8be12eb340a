@preconcurrency import CGtk
import FlickCore
import FlickInteraction

/// Going between the lists overview, a list's items and its items' subtasks (issue 32, to any
/// depth): the back button, Alt+Left, Escape and the mouse's back button go up one level; a
/// click or Enter on a list opens it; Alt+Right and the mouse's forward button return to the
/// list last open from the overview, and open the focused item's subtasks from a list; Ctrl+Page Up / Page Down open the previous / next list and Ctrl+1…9 the
/// first nine. The window title is the open list's name, or "Lists" on the overview.
extension MainWindow: LevelPinchHandler {
    var isShowingOverview: Bool {
        pages.isShown(listsPage)
    }

    /// Whether an item's subtasks are shown, one level or more below a list.
    var isShowingSubtasks: Bool { pages.depth >= 2 }

    /// Shows the overview with the open list's row focused.
    func showOverview() {
        guard !isShowingOverview, commitCurrentEdit() else { return }
        leaveSubtasks()
        if itemsPage.document.scope.isSearch { search.close() }
        leaveItems()
        arriveAtOverview(velocity: 0)
    }

    /// The transition settles on the overview, from a pinch where the hand left it and at
    /// its speed.
    private func arriveAtOverview(velocity: Double) {
        pages.goUp(velocity: velocity)
        updateHeader()
        notice.hide()
        let document = itemsPage.document
        if document.scope.isToday { listsPage.focus(TodayRow.id) } else if let id = document.list.id { listsPage.focus(id) }
    }

    /// What going up does before the overview shows: the open list is remembered and the
    /// overview's counts are read again (the list's items may have changed).
    private func leaveItems() {
        itemsPage.list.driver.closeAll()
        lastOpenListID = itemsPage.document.list.id
        runner.perform(retry: { [weak self] in self?.showOverview() }) { try self.listsPage.refreshCounts() }
    }

    /// One level up: from an item's subtasks to the level of that item, from a list to the overview.
    private func goUpOneLevel() {
        guard isShowingSubtasks else { return showOverview() }
        guard commitCurrentEdit() else { return }
        frontItemsPage.list.driver.closeAll()
        arriveUpFromSubtasks(velocity: 0)
    }

    /// The transition settles on the level above the subtasks shown, with their item focused.
    private func arriveUpFromSubtasks(velocity: Double) {
        let left = frontItemsPage
        pages.goUp(velocity: velocity)
        updateHeader()
        notice.hide()
        if case let .subtasks(parentID, _) = left.document.scope, let shown = pages.shown as? ItemsPage {
            shown.focus(parentID)
        }
    }

    /// Alt+Right: from the overview, back to the list last open; from a list, into the focused
    /// item's subtasks.
    func goForward() {
        if isShowingOverview { returnToLastList() } else { frontItemsPage.openFocusedSubtasks() }
    }

    /// Shows the list's level at once if an item's subtasks are in front: another list, Today
    /// or a search opens there.
    private func leaveSubtasks() {
        guard isShowingSubtasks else { return }
        frontItemsPage.list.driver.closeAll()
        pages.jumpUp(to: 1)
    }

    /// Shows an item found outside the window (the Shell's search): its list, with the item
    /// focused at its level. A search shown in the window gives way, as Enter on a result does.
    func showItem(_ itemID: Int64, inList listID: Int64) {
        if itemsPage.document.scope.isSearch { search.close() }
        openList(listID)
        reveal(itemID)
    }

    /// Focuses an item of the list shown; a subtask is shown at its level, the levels of the
    /// items above it opened at once (a search result).
    func reveal(_ itemID: Int64) {
        var ancestors: [(id: Int64, title: String)] = []
        runner.refresh { ancestors = try self.store.ancestors(of: itemID) }
        for ancestor in ancestors { openSubtasks(of: ancestor.id, titled: ancestor.title, animated: false) }
        frontItemsPage.focus(itemID)
    }

    /// Opens the subtasks of an item of the page shown, one level below it: settling there,
    /// or at once (`animated` false) on the way to a search result.
    func openSubtasks(of itemID: Int64, titled title: String) {
        openSubtasks(of: itemID, titled: title, animated: true)
    }

    private func openSubtasks(of itemID: Int64, titled title: String, animated: Bool) {
        guard commitCurrentEdit() else { return }
        var opened: ListDocument?
        guard runner.perform(retry: { [weak self] in self?.openSubtasks(of: itemID, titled: title) }, {
            opened = try self.store.subtaskDocument(parentID: itemID)
        }), let opened else { return }
        let page = ItemsPage(document: opened, lists: listsPage.document, host: self)
        page.parentTitle = title
        // A screen reader says where the focus went: "Subtasks of Plan the trip".
        Widgets.setAccessibleLabel(page.list.listView, tr("Subtasks of {item}", ["item": title]))
        page.list.driver.levelPinchHandler = self
        page.list.driver.shownLevel = self
        pages.place(page)
        if animated { pages.goDown() } else { pages.jumpDown() }
        updateHeader()
        notice.hide()
        page.list.focus(nearIndex: 0)
    }

    /// Opens the list with this id, from the overview or from another list.
    func openList(_ id: Int64) {
        guard commitCurrentEdit() else { return }
        leaveSubtasks()
        if id != itemsPage.document.list.id || itemsPage.document.scope != .list {
            var opened: ListDocument?
            guard runner.perform(retry: { [weak self] in self?.openList(id) }, { opened = try self.store.document(listID: id) }),
                  let opened, opened.list.id == id else { return }
            itemsPage.show(opened)
        }
        windowState.setInt64("last-list", id)
        showItems()
        updateHeader()
        itemsPage.list.focus(nearIndex: 0)
    }

    /// Brings the items page in front of the overview.
    func showItems() {
        guard isShowingOverview else { return }
        pages.place(itemsPage)
        pages.goDown()
    }

    /// Shows these items (a list's, Today's, a search's results) in front.
    func showItems(_ document: ListDocument) {
        leaveSubtasks()
        itemsPage.show(document)
        showItems()
        updateHeader()
    }

    /// Opens the Today smart list: what is due today or before, from every list.
    func openToday() {
        guard commitCurrentEdit() else { return }
        var opened: ListDocument?
        guard runner.perform(retry: { [weak self] in self?.openToday() }, {
            opened = try self.store.todayDocument(day: DueDate.today())
        }), let opened else { return }
        showItems(opened)
        itemsPage.list.focus(nearIndex: 0)
    }

    func openList(atIndex index: Int) {
        let summaries = listsPage.document.summaries
        guard summaries.indices.contains(index), let id = summaries[index].list.id else { return }
        openList(id)
    }

    func openAdjacentList(_ step: Int) {
        let current = isShowingOverview ? listsPage.focusedListID : itemsPage.document.list.id
        guard let current, let index = listsPage.document.index(of: current) else { return }
        openList(atIndex: index + step)
    }

    func returnToLastList() {
        guard isShowingOverview, let id = lastOpenListID, listsPage.document.index(of: id) != nil else { return }
        openList(id)
    }

    /// The header follows the page: the title, the back button below the overview, named
    /// after the level it goes up to, and what the + button makes.
    func updateHeader() {
        let overview = isShowingOverview
        let newLabel = overview ? tr("New List") : isShowingSubtasks ? tr("New Subtask") : tr("New Item")
        let backLabel = overview ? nil : isShowingSubtasks
            ? tr("Back to {title}", ["title": pages.oneLevelUp?.title ?? ""]) : tr("Back to Lists")
        header.show(title: pages.shown.title, backLabel: backLabel, newLabel: newLabel)
        updateClearCompletedAction()
    }

    // MARK: The pages' host

    func isShown(_ page: AnyObject) -> Bool {
        pages.isShown(page)
    }

    func goUp() {
        goUpOneLevel()
    }

    func open(listID: Int64?) {
        if let listID { openList(listID) } else { openToday() }
    }

    func openSearchResult(_ itemID: Int64, inList listID: Int64) {
        search.openResult(itemID, inList: listID)
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
        listsPage.askForNewList()
    }

    /// The window always holds a list's items: a page whose list is gone holds another.
    func listRemoved(_ id: Int64) {
        itemsPage.holdAnotherList(ifGone: id, lists: listsPage.document)
    }

    func listChanged(_ id: Int64) {
        if id == itemsPage.document.list.id { itemsPage.readNameAgain() }
    }

    /// Once a transition has settled, the level shown has the keyboard focus: a touch that
    /// opened a list may have left it on the overview's row, which is now hidden.
    func focusShownLevel() {
        let list = shownList
        if let focus = gtk_window_get_focus(cast(window)), gtk_widget_is_ancestor(focus, list.root) != 0 { return }
        // A search begun on the overview shows its results at the items level; the typing
        // stays in the search field (issue 31: the focus went to the list and the typed
        // letters were lost).
        if search.isOpen, let focus = gtk_window_get_focus(cast(window)), search.hasFocus(focus) { return }
        if let id = list.focusedID { list.focus(id) } else { list.focus(nearIndex: 0) }
    }

    // MARK: Pinch together

    func levelPinchBegan() -> Bool {
        guard !isShowingOverview, commitCurrentEdit() else { return false }
        if isShowingSubtasks { frontItemsPage.list.driver.closeAll() } else { leaveItems() }
        return true
    }

    func levelPinchMoved(progress: Double) {
        pages.follow(progress: progress)
    }

    func levelPinchEnded(_ outcome: LevelPinch.Outcome, progress: Double, velocity: Double) {
        if outcome == .goUp {
            if isShowingSubtasks { arriveUpFromSubtasks(velocity: velocity) } else { arriveAtOverview(velocity: velocity) }
        } else {
            pages.settleBack(velocity: velocity)
        }
    }
}
