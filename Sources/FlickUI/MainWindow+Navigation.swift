@preconcurrency import CGtk
import FlickCore
import FlickInteraction

/// Going between the lists overview and a list's items: the back button, Alt+Left, Escape and
/// the mouse's back button go up; a click or Enter on a list opens it; Alt+Right and the
/// mouse's forward button return to the list last open; Ctrl+Page Up / Page Down open the previous / next list and Ctrl+1…9 the
/// first nine. The window title is the open list's name, or "Lists" on the overview.
extension MainWindow: LevelPinchHandler {
    var isShowingOverview: Bool {
        levels.isShowingOverview
    }

    func installNavigation() {
        let application = gtk_window_get_application(cast(window))!
        var entries: [Actions.Entry] = [
            .init(name: "go-up", accelerators: ["<Alt>Left"]) { [weak self] in self?.showOverview() },
            .init(name: "go-forward", accelerators: ["<Alt>Right"]) { [weak self] in self?.returnToLastList() },
            .init(name: "previous-list", accelerators: ["<Control>Page_Up"]) { [weak self] in self?.openAdjacentList(-1) },
            .init(name: "next-list", accelerators: ["<Control>Page_Down"]) { [weak self] in self?.openAdjacentList(1) },
            .init(name: "new-list", accelerators: ["<Control><Shift>n"]) { [weak self] in self?.askForNewList() },
            .init(name: "rename-list", accelerators: []) { [weak self] in self?.renameFocusedList() },
            .init(name: "delete-list", accelerators: []) { [weak self] in self?.deleteFocusedList() },
        ]
        for number in 1...9 {
            entries.append(.init(name: "open-list-\(number)", accelerators: ["<Control>\(number)"]) { [weak self] in
                self?.openList(atIndex: number - 1)
            })
        }
        Actions.add(entries, to: OpaquePointer(window), prefix: "win", application: application)
        // The overview's row menu names its list, so it works on any row, focused or not.
        Actions.addItemActions([
            .init(name: "complete-list") { [weak self] id in
                self?.listsPage.list.driver.closeMenu()
                self?.completeAllItems(ofList: id)
            },
            .init(name: "rename-list-id") { [weak self] id in self?.listsPage.list.startEditing(id) },
            .init(name: "delete-list-id") { [weak self] id in self?.deleteList(id) },
        ], to: OpaquePointer(window))
        gtk_widget_add_controller(window, mouseButton(8) { [weak self] in self?.showOverview() })
        gtk_widget_add_controller(window, mouseButton(9) { [weak self] in self?.returnToLastList() })
        updateHeader()
    }

    /// Shows the overview with the open list's row focused.
    func showOverview() {
        guard !isShowingOverview, commitCurrentEdit() else { return }
        if document.scope.isSearch { searchBar.close() }
        leaveItems()
        arriveAtOverview(velocity: 0)
    }

    /// The transition settles on the overview, from a pinch where the hand left it and at
    /// its speed.
    private func arriveAtOverview(velocity: Double) {
        levels.settle(toOverview: true, velocity: velocity)
        updateHeader()
        notice.hide()
        updateEmptyState()
        if document.scope.isToday { listsPage.focus(TodayRow.id) } else if let id = document.list.id { listsPage.focus(id) }
    }

    /// What going up does before the overview shows: the open list is remembered and the
    /// overview's counts are read again (the list's items may have changed).
    private func leaveItems() {
        driver.closeAll()
        lastOpenListID = document.list.id
        perform(retry: { [weak self] in self?.showOverview() }) { try self.listsPage.refreshCounts() }
    }

    /// Opens the list with this id, from the overview or from another list.
    func openList(_ id: Int64) {
        guard commitCurrentEdit() else { return }
        if id != document.list.id {
            var opened: ListDocument?
            guard perform(retry: { [weak self] in self?.openList(id) }, { opened = try self.store.document(listID: id) }),
                  let opened, opened.list.id == id else { return }
            replaceDocument(with: opened)
        }
        windowState.setInt64("last-list", id)
        levels.settle(toOverview: false)
        updateHeader()
        updateEmptyState()
        itemList.focus(nearIndex: 0)
    }

    /// Opens the Today smart list: what is due today or before, from every list.
    func openToday() {
        guard commitCurrentEdit() else { return }
        var opened: ListDocument?
        guard perform(retry: { [weak self] in self?.openToday() }, {
            opened = try self.store.todayDocument(day: DueDate.today())
        }), let opened else { return }
        replaceDocument(with: opened)
        levels.settle(toOverview: false)
        updateHeader()
        updateEmptyState()
        itemList.focus(nearIndex: 0)
    }

    /// The title of the items page: the list's name, or Today.
    var shownListName: String {
        switch document.scope {
        case .list: return document.list.name
        case .today: return tr("Today")
        case .search: return tr("Search")
        }
    }

    func openList(atIndex index: Int) {
        let summaries = listsPage.document.summaries
        guard summaries.indices.contains(index), let id = summaries[index].list.id else { return }
        openList(id)
    }

    private func openAdjacentList(_ step: Int) {
        let current = isShowingOverview ? listsPage.focusedListID : document.list.id
        guard let current, let index = listsPage.document.index(of: current) else { return }
        openList(atIndex: index + step)
    }

    private func returnToLastList() {
        guard isShowingOverview, let id = lastOpenListID, listsPage.document.index(of: id) != nil else { return }
        openList(id)
    }

    /// The header follows the page: the back button only on a list, the title, and what the
    /// + button makes.
    func updateHeader() {
        let overview = isShowingOverview
        gtk_widget_set_visible(backButton, overview ? 0 : 1)
        gtk_window_set_title(cast(window), overview ? tr("Lists") : shownListName)
        let newLabel = overview ? tr("New List") : tr("New Item")
        Widgets.setName(ofIconButton: newButton, to: newLabel)
        updateClearCompletedAction()
    }

    // MARK: Lists

    func askForNewList() {
        guard commitCurrentEdit() else { return }
        ListNameDialog.present(over: window, heading: tr("New List"), name: "", confirm: tr("C_reate")) { [weak self] name in
            self?.createAndOpenList(named: name)
        }
    }

    /// Ctrl+Shift+N: the new list is made at the top and opened.
    private func createAndOpenList(named name: String) {
        if let id = createList(named: name, at: 0) { openList(id) }
    }

    /// Stores a new list at `index` of the overview; its id, or nil if it could not be saved.
    func createList(named name: String, at index: Int) -> Int64? {
        var created: TodoList?
        perform(retry: { [weak self] in self?.listsPage.list.commitCurrentEdit() }) {
            created = try self.listsPage.document.create(name: name, at: index)
        }
        return created?.id
    }

    /// F2 on the overview: the focused list's name is edited in its row.
    private func renameFocusedList() {
        guard isShowingOverview, let id = listsPage.focusedListID else { return }
        listsPage.list.startEditing(id)
    }

    /// Stores the list's new name; false if it could not be saved.
    func renameList(_ id: Int64, to name: String) -> Bool {
        guard perform(retry: { [weak self] in self?.listsPage.list.commitCurrentEdit() }, {
            try self.listsPage.document.rename(id, to: name)
        }) else { return false }
        if id == document.list.id { updateHeader() }
        return true
    }

    /// A rightward drag on a list, Space or its menu: every unfinished item of the list is
    /// completed, in one undoable step.
    func completeAllItems(ofList id: Int64) {
        guard let name = listsPage.name(of: id) else { return }
        var count = 0
        guard perform(retry: { [weak self] in self?.completeAllItems(ofList: id) }, {
            count = try self.listsPage.document.completeAll(id)
        }), count > 0 else { return }
        sounds.play(.complete)
        notice.show(trPlural("Completed {count} item in “{list}”", "Completed {count} items in “{list}”", count,
                             ["count": String(count), "list": name]), undoable: true)
    }

    /// Moves the list to `index` of the overview, in one transaction.
    func moveList(_ id: Int64, to index: Int) {
        guard perform(retry: { [weak self] in self?.moveList(id, to: index) }, {
            try self.listsPage.document.move(id, to: index)
        }) else { return }
        listsPage.focus(id)
    }

    private func deleteFocusedList() {
        if isShowingOverview, let id = listsPage.focusedListID { deleteList(id) }
    }

    /// Deletes the list and its items, with Undo; the last list stays.
    func deleteList(_ id: Int64) {
        guard let index = listsPage.document.index(of: id), listsPage.document.summaries.count > 1 else { return }
        let name = listsPage.document.summaries[index].list.name
        guard perform(retry: { [weak self] in self?.deleteList(id) }, { try self.listsPage.document.delete(id) }) else {
            return
        }
        sounds.play(.delete)
        notice.show(tr("Deleted list “{name}”", ["name": name]), undoable: true)
        leaveIfDeleted(id)
        let summaries = listsPage.document.summaries
        if let next = summaries[min(index, summaries.count - 1)].list.id { listsPage.focus(next) }
    }

    /// The window always holds a list's items: when the list it holds is gone (deleted, or its
    /// creation undone), it holds the first list's instead; the overview stays in front.
    /// Otherwise New Item, `flick --add` and app.add-item would write to a list that no longer
    /// exists, and fail.
    private func leaveIfDeleted(_ id: Int64) {
        guard id == document.list.id, listsPage.document.index(of: id) == nil,
              let first = listsPage.document.summaries.first?.list.id else { return }
        var replacement: ListDocument?
        perform(retry: nil) { replacement = try self.store.document(listID: first) }
        if let replacement { replaceDocument(with: replacement) }
    }

    /// Reads the open list again after the overview changed it (renamed, completed, restored).
    func reopenCurrentList() {
        if document.scope.isToday { return openTodayAgain() }
        guard let id = document.list.id else { return }
        var reopened: ListDocument?
        perform(retry: nil) { reopened = try self.store.document(listID: id) }
        if let reopened, reopened.list.id == id { replaceDocument(with: reopened) }
        updateHeader()
    }

    /// Reads Today again (its items may have changed on the overview), staying where the window is.
    private func openTodayAgain() {
        var reopened: ListDocument?
        perform(retry: nil) { reopened = try self.store.todayDocument(day: DueDate.today()) }
        if let reopened { replaceDocument(with: reopened) }
        updateHeader()
    }

    /// Undo and redo on the overview act on the lists.
    func undoOnOverview(redo: Bool) {
        var edit: ListsEdit?
        guard perform(retry: { [weak self] in self?.undoOnOverview(redo: redo) }, {
            edit = redo ? try self.listsPage.document.redo() : try self.listsPage.document.undo()
        }), let edit else { return }
        notice.hide()
        switch edit {
        case let .insert(list, _, _), let .delete(list, _, _):
            guard let id = list.id else { return }
            if listsPage.document.index(of: id) != nil { listsPage.focus(id) } else { leaveIfDeleted(id) }
        case let .rename(id, _, _), let .move(id, _, _), let .completeAll(id, _), let .reopenAll(id, _):
            // The open list took the items' change in from the store (`storeItemsChanged`), with
            // its undo history; its name is read again.
            if id == document.list.id {
                perform(retry: nil) { try self.document.readListAgain() }
                updateHeader()
            }
            listsPage.focus(id)
        }
    }

    /// Once a transition has settled, the level shown has the keyboard focus: a touch that
    /// opened a list may have left it on the overview's row, which is now hidden.
    func focusShownLevel() {
        let list = isShowingOverview ? listsPage.list! : itemList!
        if let focus = gtk_window_get_focus(cast(window)), gtk_widget_is_ancestor(focus, list.root) != 0 { return }
        // A search begun on the overview shows its results at the items level; the typing
        // stays in the search field (issue 31: the focus went to the list and the typed
        // letters were lost).
        if searchBar.isOpen, let focus = gtk_window_get_focus(cast(window)),
           gtk_widget_is_ancestor(focus, searchBar.root) != 0 { return }
        if let id = list.focusedID { list.focus(id) } else { list.focus(nearIndex: 0) }
    }

    // MARK: Pinch together

    func levelPinchBegan() -> Bool {
        guard !isShowingOverview, commitCurrentEdit() else { return false }
        leaveItems()
        return true
    }

    func levelPinchMoved(progress: Double) {
        levels.follow(progress: progress)
    }

    func levelPinchEnded(_ outcome: LevelPinch.Outcome, progress: Double, velocity: Double) {
        if outcome == .goUp {
            arriveAtOverview(velocity: velocity)
        } else {
            levels.settle(toOverview: false, velocity: velocity)
        }
    }

    // MARK: Input

    /// The mouse's back (8) and forward (9) buttons go up and return, as in a browser.
    private func mouseButton(_ button: UInt32, _ action: @escaping @MainActor () -> Void) -> OpaquePointer {
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, button)
        Signal.connectPressed(UnsafeMutableRawPointer(click)) { _, _, _ in action() }
        return click
    }
}
