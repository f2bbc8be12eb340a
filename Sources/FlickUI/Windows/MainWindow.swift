@preconcurrency import CGtk
import Foundation
import FlickCore
import FlickInteraction

/// The application window: a header bar, the pages (the lists overview, a list's items) and
/// the notices. It only navigates: each page owns its rows and carries out what changes them,
/// asking the window (its host) to go somewhere, to say something or to run a change.
@MainActor
final class MainWindow: PageHost, SearchHost {
    let window: UnsafeMutablePointer<GtkWidget>
    let store: TodoStore
    /// The lists overview.
    private(set) var listsPage: ListsPage!
    /// A list's items (or Today's, or a search's): the page in front of the overview.
    private(set) var itemsPage: ItemsPage!
    /// The items page in front: the list's, or the subtasks of one of its items (issue 32),
    /// one level or more below it. The keys, the menus and undo act on it.
    var frontItemsPage: ItemsPage { (pages?.shown as? ItemsPage) ?? itemsPage }
    /// The pages of subtasks in the stack, below the list's items.
    var subtaskPages: [ItemsPage] { pages?.pages.dropFirst(2).compactMap { $0 as? ItemsPage } ?? [] }
    /// Every items page in the stack: the list's, then its subtasks' levels.
    var allItemsPages: [ItemsPage] { [itemsPage] + subtaskPages }
    /// The pages, the overview at the bottom: one shown at a time, two while a pinch or a
    /// settle moves between them.
    private(set) var pages: PageStack!
    private(set) var header: WindowHeader!
    /// The list that was open when the window went up to the overview (Alt+Right returns).
    var lastOpenListID: Int64?
    let notice = UndoNotice()
    private(set) var runner: ChangeRunner
    let windowState: WindowState
    /// Completing, clearing and deleting sound like Clear.
    let sounds = EventSounds()
    /// What sync is doing, at the bottom of the window (hidden without an account).
    let syncStatus = SyncStatusBar()
    /// Above both levels: where a lifted row is drawn, so it can be carried from a list's
    /// items up to the lists.
    let liftLayer: UnsafeMutablePointer<GtkWidget>
    /// Ctrl+F: the search field above the pages, and its results in the items page.
    private(set) var search: WindowSearch!
    /// Redraws the rows when the date changes (their due chips say Today, Tomorrow, overdue).
    private var midnight: MidnightTimer?
    /// Told after any change to items, here or on the lists overview (reminders follow them).
    var onItemsChanged: (() -> Void)?
    /// The store's commits: what a sync or an import wrote comes into the open list in place.
    private var changeFeed: StoreChangeFeed?
    /// Commits another program made to the file.
    private var externalWrites: ExternalWriteWatch?
    /// Import…, Export List…, Export All Lists… and files dropped on the window.
    private var fileTransfers: FileTransfers?

    init(application: UnsafeMutablePointer<GtkApplication>, store: TodoStore, lists: ListsDocument,
         document: ListDocument, windowState: WindowState) {
        self.store = store
        self.windowState = windowState
        runner = ChangeRunner(notice: notice, databasePath: store.queue.path)
        liftLayer = gtk_fixed_new()
        gtk_widget_set_can_target(liftLayer, 0)
        window = gtk_application_window_new(application)
        windowState.restore(window)
        AppStyle.mark(window)
        listsPage = ListsPage(document: lists, host: self, shownLevel: self)
        itemsPage = ItemsPage(document: document, lists: lists, host: self)
        sounds.isEnabled = { [unowned windowState] in windowState.bool("event-sounds", fallback: true) }
        buildContent()
        WindowActions.install(on: self)
        fileTransfers = FileTransfers(host: self)
        updateHeader()
        changeFeed = StoreChangeFeed(store: store)
        changeFeed?.onCommit = { [weak self] commit in self?.storeChanged(.committed(commit)) }
        runner.takeInPendingCommits = { [weak self] in self?.takeInPendingCommits() }
        externalWrites = ExternalWriteWatch(store: store, databasePath: store.queue.path)
        externalWrites?.onExternalCommit = { [weak self] in self?.storeChanged(.elsewhere) }
        Signal.connect(window.raw, "destroy") { [weak self] in self?.windowDestroyed() }
        Signal.connectReturningBool(window.raw, "close-request") { [weak self] in
            guard let self else { return false }
            // Closed by Ctrl+W, Ctrl+Q or a signal, the window keeps what was being typed.
            self.saveTyping()
            self.windowState.save(self.window)
            return false
        }
        // After the first frame: finding the next midnight loads the calendar's data.
        _ = MainLoop.idle { [weak self] in
            guard let self, !self.isDestroyed else { return }
            self.midnight = MidnightTimer { [weak self] in self?.dateChanged() }
        }
    }

    /// A new day: the chips are drawn again, the Today count read again, and what was deleted
    /// more than 30 days ago goes for good.
    private func dateChanged() {
        for page in allItemsPages { page.list.refreshAllRows() }
        runner.refresh { try self.listsPage.refreshCounts() }
        RecentlyDeletedPurge.now(store)
    }

    /// Tells the pages now of the commits the main loop has not brought yet: what follows
    /// (opening the list an import made, a change about to run) must find them taken in.
    func takeInPendingCommits() {
        changeFeed?.deliverPending()
    }

    /// Set once the window is destroyed: work that was deferred to the main loop finds its
    /// widgets gone and does nothing.
    private(set) var isDestroyed = false

    private func windowDestroyed() {
        isDestroyed = true
        midnight?.cancel()
        for page in allItemsPages { page.shutDown() }
        listsPage.madeList?.shutDown()
        pages.shutDown()
    }

    func present() {
        gtk_window_present(cast(window))
        // The level shown takes the keyboard: the items' list behind the lists would take
        // Delete or Space meant for a list (`flick --add` presents the window).
        gtk_widget_grab_focus(shownList.listView)
    }

    // MARK: Building

    private func buildContent() {
        header = WindowHeader(window: window)
        itemsPage.list.lifter.carryTarget = self
        pages = PageStack(bottom: listsPage)
        // A subtasks page the stack lets go (another item's opened in its place) is done with.
        pages.onDropped = { page in (page as? ItemsPage)?.shutDown() }
        pages.place(itemsPage)
        pages.jumpDown()
        gtk_widget_set_vexpand(pages.root, 1)
        itemsPage.list.driver.levelPinchHandler = self
        itemsPage.list.driver.shownLevel = self
        pages.onSettled = { [weak self] in self?.focusShownLevel() }
        LiftTracker.attach(to: window) { [weak self] in
            guard let self else { return [] }
            return self.allItemsPages.map(\.list) + [self.listsPage.madeList].compactMap { $0 }
        }
        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(OpaquePointer(overlay), pages.root)
        gtk_overlay_add_overlay(OpaquePointer(overlay), liftLayer)
        gtk_overlay_add_overlay(OpaquePointer(overlay), notice.root)
        gtk_overlay_add_overlay(OpaquePointer(overlay), runner.problemNotice.root)
        gtk_widget_set_vexpand(overlay, 1)
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(cast(content), overlay)
        gtk_box_append(cast(content), syncStatus.root)
        gtk_window_set_child(cast(window), content)
        search = WindowSearch(host: self, container: content)
    }

    // MARK: Shorthands

    /// The open list's items (`flick --add`, a reminder's Complete look there).
    var document: ListDocument { itemsPage.document }
    var isEditing: Bool { allItemsPages.contains { $0.list.isEditing } || listsPage.madeList?.isEditing == true }

    /// Saves what is being typed, as Enter would: a row's title on any level, and the fields of
    /// an item's details. Before the window closes, and when the session asks to end.
    func saveTyping() {
        for page in allItemsPages { page.details?.saveTyping() }
        commitCurrentEdit()
    }

    /// Commits the edit in progress on either level; false when it could not be saved.
    @discardableResult
    func commitCurrentEdit() -> Bool {
        allItemsPages.allSatisfy { $0.list.commitCurrentEdit() } && (listsPage.madeList?.commitCurrentEdit() ?? true)
    }
}
