@preconcurrency import CGtk
import Foundation
import FlickCore
import FlickInteraction

/// The application window: a header bar, the pages (the lists overview, a list's items, an
/// item's subtasks) and the notices. It only navigates (`go(to:)`): each page owns its rows and
/// carries out what changes them, asking the window (its host) to go somewhere, to say
/// something or to run a change; the page stack goes up a level itself. The window knows its
/// pages only as `Page`s on the stack, and loops over them.
@MainActor
package final class MainWindow: PageHost, SearchHost, PageStackHost {
    package let window: UnsafeMutablePointer<GtkWidget>
    package let store: TodoStore
    /// The lists, as the overview shows them: where Ctrl+1…9 go, what a row of Today says.
    let lists: ListsDocument
    /// The pages, the overview at the bottom: one shown at a time, two while a pinch or a
    /// settle moves between them.
    private(set) var pages: PageStack!
    private(set) var header: WindowHeader!
    /// Where `go(to:)` is going, while it is: Retry goes the whole way again.
    var goingTo: Destination?
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
    /// Under 420 px wide or tall the window is a phone's: 44 px buttons, a shorter header.
    private(set) var phoneWidth: PhoneWidth!
    /// The details and Add Account at a phone's size: inside the window, over the pages.
    private(set) var phoneView: PhoneView!
    /// The pages' actions, greyed out while `phoneView` covers them.
    private(set) var actionPause: ActionPause!
    /// Ctrl+F: the search field above the pages, and its results in a page of the list level.
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
    private(set) var fileTransfers: FileTransfers?

    init(application: UnsafeMutablePointer<GtkApplication>, store: TodoStore, lists: ListsDocument,
         document: ListDocument, windowState: WindowState) {
        self.store = store
        self.windowState = windowState
        self.lists = lists
        runner = ChangeRunner(notice: notice, databasePath: store.queue.path)
        liftLayer = gtk_fixed_new()
        gtk_widget_set_can_target(liftLayer, 0)
        window = gtk_application_window_new(application)
        windowState.restore(window)
        AppStyle.mark(window)
        sounds.isEnabled = { [unowned windowState] in windowState.bool("event-sounds", fallback: true) }
        buildContent(opening: document)
        WindowActions.install(on: self)
        fileTransfers = FileTransfers(host: self)
        updateHeader()
        changeFeed = StoreChangeFeed(store: store)
        changeFeed?.onChange = { [weak self] change in self?.storeChanged(change) }
        runner.takeInPendingCommits = { [weak self] in self?.takeInPendingCommits() }
        externalWrites = ExternalWriteWatch(store: store, databasePath: store.queue.path)
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

    /// The machine woke: the date may have changed while it slept (`MidnightTimer.check`).
    func dateMayHaveChanged() {
        midnight?.check()
    }

    /// A new zone: the date may be another, and every time shown is on the new clock.
    func timeZoneChanged() {
        if midnight?.check() != true {
            for page in pages.pages { page.dayChanged() }
        }
    }

    /// A new day: the chips are drawn again, the Today count and Today's and Upcoming's rows
    /// read again, and what was deleted more than 30 days ago goes for good.
    private func dateChanged() {
        for page in pages.pages { page.dayChanged() }
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
        phoneView.windowDestroyed()
        midnight?.cancel()
        pages.shutDown()
    }

    func present() {
        gtk_window_present(cast(window))
        // The level shown takes the keyboard: the items' list behind the lists would take
        // Delete or Space meant for a list (`flick --add` presents the window).
        if let list = pages.shownList { gtk_widget_grab_focus(list.listView) }
    }

    // MARK: Building

    /// The window's content, opening on `document`'s items in the list level.
    private func buildContent(opening document: ListDocument) {
        header = WindowHeader(window: window)
        phoneWidth = PhoneWidth(window: window)
        phoneWidth.onChange = { [weak self] narrow in self?.header.fitPhone(narrow) }
        pages = PageStack(bottom: ListsPage(document: lists, host: self))
        pages.host = self
        pages.place(ItemsPage(document: document, screen: ListScreen(), lists: lists, host: self))
        pages.jumpDown()
        gtk_widget_set_vexpand(pages.root, 1)
        LiftTracker.attach(to: window) { [weak self] in self?.pages.madeLists ?? [] }
        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(OpaquePointer(overlay), pages.root)
        gtk_overlay_add_overlay(OpaquePointer(overlay), liftLayer)
        phoneView = PhoneView(covering: pages.root)
        actionPause = ActionPause(window: window)
        phoneView.onChange = { [weak self] in self?.phoneViewChanged() }
        gtk_overlay_add_overlay(OpaquePointer(overlay), phoneView.root)
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

    /// The list level's items (the benchmarks read them). The window places a page there as it
    /// is made, and every destination of that level puts another in its place.
    package var document: ListDocument {
        guard let document = pages.listLevelPage?.itemsDocument else {
            preconditionFailure("the list level holds a page of items from the window's start")
        }
        return document
    }
    var isEditing: Bool { pages.isEditing }

    /// Saves what is being typed, as Enter would: a row's title on any level, and the fields of
    /// an item's details. Before the window closes, and when the session asks to end.
    func saveTyping() {
        for page in pages.pages { page.saveTyping() }
        commitCurrentEdit()
    }

    /// Commits the edit in progress on any level; false when it could not be saved.
    @discardableResult
    func commitCurrentEdit() -> Bool {
        pages.commitCurrentEdit()
    }
}
