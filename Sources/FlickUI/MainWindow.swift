@preconcurrency import CGtk
import Foundation
import FlickCore
import FlickInteraction

/// The application window: a header bar, the lists overview or one list's items, and the undo
/// notice. It applies user actions to the documents and keeps the list views in step with
/// their changes; MainWindow+Navigation moves between the overview and the lists.
@MainActor
final class MainWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    /// The open list's items; replaced when another list is opened.
    private(set) var document: ListDocument
    let store: TodoStore
    /// The lists overview.
    private(set) var listsPage: ListsPage!
    /// The open list's items: a gesture list over this window as its level.
    private(set) var itemList: GestureList!
    /// The overview behind, the items in front: one shown at a time, both while a pinch or
    /// a settle moves between them.
    private(set) var levels: LevelTransition!
    private(set) var backButton: UnsafeMutablePointer<GtkWidget>!
    private(set) var newButton: UnsafeMutablePointer<GtkWidget>!
    /// The list that was open when the window went up to the overview (Alt+Right returns).
    var lastOpenListID: Int64?
    private(set) var notice: UndoNotice!
    private var emptyLabel: UnsafeMutablePointer<GtkWidget>!
    let windowState: WindowState
    /// The items' pulls: down at the top to create an item or go up, up at the bottom to
    /// clear the completed items.
    private var itemPulls: EdgePullView!
    /// Completing, clearing and deleting sound like Clear.
    let sounds = EventSounds()
    /// The problem notice: a change that could not be saved, with Retry.
    private(set) var problemNotice: ProblemNotice!
    /// What sync is doing, at the bottom of the window (hidden without an account).
    let syncStatus = SyncStatusBar()
    /// Above both levels: where a lifted row is drawn, so it can be carried from a list's
    /// items up to the lists.
    let liftLayer: UnsafeMutablePointer<GtkWidget>
    /// Each item's place among the open items, and how many are open; read again after a
    /// change (rows are bound far more often than the list changes).
    private var cachedOpenItemPlaces: (places: [Int], count: Int)?
    /// The search field above the items, made on first use (start-up makes no more widgets
    /// than the first frame needs).
    lazy var searchBar: SearchBar = makeSearchBar()
    /// The window's content: the search bar, once there is one, above the pages.
    private var page: UnsafeMutablePointer<GtkWidget>!
    /// What was shown when the search began, to go back to: a list (its id) or Today.
    var scopeBeforeSearch: (scope: ListScope, listID: Int64?)?
    /// The details view, while it is open.
    var details: ItemDetailsWindow?
    /// Redraws the rows when the date changes (their due chips say Today, Tomorrow, overdue).
    private var midnight: MidnightTimer?
    /// Told after any change to items, here or on the lists overview (reminders follow them).
    var onItemsChanged: (() -> Void)?
    /// The store's commits: what a sync or an import wrote comes into the open list in place.
    private var changeFeed: StoreChangeFeed?
    /// Commits another program made to the file.
    private var externalWrites: ExternalWriteWatch?
    /// Items another writer committed while a row was lifted, taken in once it is put down,
    /// and the timer that looks whether it is.
    var heldStoreChanges: Set<Int64> = []
    var heldStoreChangesTimer: UInt32?

    init(application: UnsafeMutablePointer<GtkApplication>, store: TodoStore, lists: ListsDocument,
         document: ListDocument, windowState: WindowState) {
        self.store = store
        self.document = document
        self.windowState = windowState
        liftLayer = gtk_fixed_new()
        gtk_widget_set_can_target(liftLayer, 0)
        window = gtk_application_window_new(application)
        gtk_window_set_title(cast(window), shownListName)
        windowState.restore(window)
        Widgets.setClass(window, "dark", AppStyle.prefersDark())
        listsPage = ListsPage(document: lists, window: self)
        sounds.isEnabled = { [unowned windowState] in windowState.bool("event-sounds", fallback: true) }
        buildContent()
        installActions()
        installFileActions()
        installNavigation()
        updateClearCompletedAction()
        changeFeed = StoreChangeFeed(store: store)
        changeFeed?.onItemsChanged = { [weak self] ids in self?.storeItemsChanged(ids) }
        externalWrites = ExternalWriteWatch(store: store, databasePath: store.queue.path)
        externalWrites?.onExternalCommit = { [weak self] in self?.externalCommitArrived() }
        document.onChanges = { [weak self] changes in self?.documentChanged(changes) }
        Signal.connect(window.raw, "destroy") { [weak self] in self?.windowDestroyed() }
        Signal.connectReturningBool(window.raw, "close-request") { [weak self] in
            guard let self else { return false }
            self.windowState.save(self.window)
            return false
        }
        updateEmptyState()
        // After the first frame: finding the next midnight loads the calendar's data.
        _ = MainLoop.idle { [weak self] in
            guard let self, !self.isDestroyed else { return }
            self.midnight = MidnightTimer { [weak self] in self?.dateChanged() }
        }
    }

    private func makeSearchBar() -> SearchBar {
        let bar = SearchBar()
        gtk_box_prepend(cast(page), bar.root)
        return bar
    }

    /// A new day: the chips are drawn again, and the Today count read again.
    private func dateChanged() {
        itemList.refreshAllRows()
        perform(retry: nil) { try self.listsPage.refreshCounts() }
    }

    /// Set once the window is destroyed: work that was deferred to the main loop finds its
    /// widgets gone and does nothing.
    private(set) var isDestroyed = false

    private func windowDestroyed() {
        isDestroyed = true
        midnight?.cancel()
        itemList.shutDown()
        listsPage.list.shutDown()
    }

    func present() {
        gtk_window_present(cast(window))
        // The level shown takes the keyboard: the items' list behind the lists would take
        // Delete or Space meant for a list (`flick --add` presents the window).
        gtk_widget_grab_focus(shownList.listView)
    }

    // MARK: Building

    private func buildContent() {
        let header = gtk_header_bar_new()!
        backButton = Widgets.iconButton(icon: "go-previous-symbolic", tooltip: tr("Back to Lists"), action: "win.go-up")
        gtk_header_bar_pack_start(OpaquePointer(header), backButton)
        newButton = Widgets.iconButton(icon: "list-add-symbolic", tooltip: tr("New Item"), action: "win.new-item")
        gtk_header_bar_pack_start(OpaquePointer(header), newButton)
        gtk_header_bar_pack_end(OpaquePointer(header), PrimaryMenu.button())
        gtk_header_bar_pack_end(OpaquePointer(header),
                                Widgets.iconButton(icon: "system-search-symbolic", tooltip: tr("Search"), action: "win.search"))
        gtk_window_set_titlebar(cast(window), header)

        itemList = GestureList(level: self, menu: .items, words: .items, accessibleName: tr("Items"),
                               editorName: tr("Item title"), liftLayer: liftLayer)
        itemList.lifter.carryTarget = self
        gtk_widget_add_controller(itemList.listView, ListKeys.controller(for: itemList))

        emptyLabel = gtk_label_new(tr("Nothing to do. Press Ctrl+N to add an item."))
        Widgets.addClass(emptyLabel, "empty-state")
        gtk_widget_set_valign(emptyLabel, GTK_ALIGN_CENTER)
        gtk_label_set_wrap(OpaquePointer(emptyLabel), 1)
        gtk_label_set_justify(OpaquePointer(emptyLabel), GTK_JUSTIFY_CENTER)

        notice = UndoNotice()
        problemNotice = ProblemNotice()
        itemPulls = EdgePullView(list: itemList, target: self)
        gtk_widget_set_vexpand(itemPulls.root, 1)
        levels = LevelTransition(overview: listsPage.root, items: itemPulls.root)
        gtk_widget_set_vexpand(levels.root, 1)
        itemList.driver.levelPinchHandler = self
        levels.onSettled = { [weak self] in self?.focusShownLevel() }
        LiftTracker.attach(to: window) { [weak self] in
            guard let self else { return [] }
            return [self.itemList, self.listsPage.list]
        }
        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(OpaquePointer(overlay), levels.root)
        gtk_overlay_add_overlay(OpaquePointer(overlay), liftLayer)
        gtk_overlay_add_overlay(OpaquePointer(overlay), emptyLabel)
        gtk_overlay_add_overlay(OpaquePointer(overlay), notice.root)
        gtk_overlay_add_overlay(OpaquePointer(overlay), problemNotice.root)
        gtk_widget_set_vexpand(overlay, 1)
        page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(cast(page), overlay)
        gtk_box_append(cast(page), syncStatus.root)
        gtk_window_set_child(cast(window), page)
    }

    // MARK: Document changes

    private func documentChanged(_ changes: [ListChange]) {
        cachedOpenItemPlaces = nil
        itemList.apply(changes)
        if details != nil { refreshDetails() }
        onItemsChanged?()
    }

    var openItemPlaces: (places: [Int], count: Int) {
        if let cachedOpenItemPlaces { return cachedOpenItemPlaces }
        var places = [Int]()
        places.reserveCapacity(document.items.count)
        var open = 0
        for item in document.items {
            places.append(open)
            if !item.isCompleted { open += 1 }
        }
        cachedOpenItemPlaces = (places, open)
        return (places, open)
    }

    func updateEmptyState() {
        let empty = !isShowingOverview && document.items.isEmpty && itemList.model.placeholder == nil
        gtk_widget_set_visible(emptyLabel, empty ? 1 : 0)
        guard empty else { return }
        let text: String
        switch document.scope {
        case .list: text = tr("Nothing to do. Press Ctrl+N to add an item.")
        case .today: text = tr("Nothing due today.")
        case let .search(typed, _):
            text = typed.trimmingCharacters(in: .whitespaces).isEmpty
                ? tr("Type to search the titles and notes of every list.") : tr("No item matches.")
        }
        gtk_label_set_text(OpaquePointer(emptyLabel), text)
    }

    /// Shows `newDocument`'s items in place of the open list's. The caller has ended any edit.
    func replaceDocument(with newDocument: ListDocument) {
        details?.close()
        document.onChanges = nil
        document = newDocument
        cachedOpenItemPlaces = nil
        itemList.reload()
        document.onChanges = { [weak self] changes in self?.documentChanged(changes) }
        notice.hide()
        updateEmptyState()
        updateClearCompletedAction()
    }

    // MARK: Shorthands for the open list's gesture list

    var driver: InteractionDriver { itemList.driver }
    var isEditing: Bool { itemList.isEditing || listsPage.list.isEditing }
    var focusedItemID: Int64? { itemList.focusedID }

    /// Puts the keyboard focus on the item's row, when the items are shown. Behind the lists
    /// (an item added with `flick --add` or over D-Bus while they are shown) the row must not
    /// take the focus: Delete, Space or F2 meant for the focused list would act on it unseen.
    func focus(_ id: Int64) {
        guard !isShowingOverview else { return }
        itemList.focus(id)
    }

    /// Commits the edit in progress on either level; false when it could not be saved.
    @discardableResult
    func commitCurrentEdit() -> Bool {
        itemList.commitCurrentEdit() && listsPage.list.commitCurrentEdit()
    }
}
