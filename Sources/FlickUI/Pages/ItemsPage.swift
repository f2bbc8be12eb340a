@preconcurrency import CGtk
import FlickCore
import Foundation

/// A page of items: a list's, an item's subtasks, Today's, Upcoming's or a search's, as its
/// `screen` says. It owns its document, the gesture list over it, the pulls at its edges and
/// every operation on its items; it reaches the window only through its host (DESIGN 1: every
/// screen is one gesture list over a level).
@MainActor
final class ItemsPage: Page {
    /// The items shown; replaced only by the same screen's read again (Today after midnight, a
    /// search after a sync): another list, Today or search is another page.
    private(set) var document: ListDocument
    /// Which screen this is: what differs between a list, subtasks, Today, Upcoming and a search.
    let screen: any ItemsScreen
    /// The lists: the names of rows gathered from several lists, and where Move to can go.
    let lists: ListsDocument
    unowned let host: any PageHost
    private(set) var list: GestureList!
    /// Down at the top to create an item or go up, up at the bottom to clear the completed items.
    private var pulls: EdgePullView!
    private let emptyLabel: UnsafeMutablePointer<GtkWidget>
    /// The page: its list, with the empty state over it.
    let root: UnsafeMutablePointer<GtkWidget>
    /// The details view, while it is open.
    var details: ItemDetailsWindow?
    /// Each item's place among the open items, and how many are open; counted when first
    /// asked, then moved by each write's changes (rows are bound far more often than the list
    /// changes, and a write changes a few places).
    private var cachedOpenItemPlaces: OpenItemPlaces?
    /// Each bound row's content and what it was made from: an edit refreshes every bound row.
    let rowContents = RowContentMemo<ItemRowInputs>()
    /// Items another writer committed while a row was lifted or a title typed, taken in once
    /// that has ended, and the timer that looks whether it has.
    var heldStoreChanges: Set<Int64> = []
    var heldStoreChangesTimer: UInt32?
    /// Set once the window is gone: work deferred to the main loop finds it and does nothing.
    private(set) var isShutDown = false
    /// On Upcoming, its rows: the days' headings, the items under them and the
    /// later occurrences of repeating ones; nil on any other page, whose rows are its items.
    var agenda: UpcomingAgenda?
    /// The items selected to act on together (`ItemsPage+Selecting`), and the bar
    /// that shows their count and the actions in the header while there are any.
    var selection = ItemSelection()
    var madeSelectionBar: SelectionBar?

    /// A page of `document`'s items, shown as `screen`; Upcoming's agenda is made from
    /// `entries` when they were read with the document (`TodoStore.upcoming`).
    init(document: ListDocument, screen: any ItemsScreen, agenda entries: [UpcomingEntry]? = nil,
         lists: ListsDocument, host: any PageHost) {
        self.document = document
        self.screen = screen
        self.lists = lists
        self.host = host
        agenda = screen.agenda(of: document, from: entries, in: host.store)
        emptyLabel = gtk_label_new(nil)
        root = gtk_overlay_new()
        list = GestureList(level: self, menu: .items, words: .items, accessibleName: screen.listName,
                           editorName: tr("Item title"), liftLayer: host.liftLayer)
        list.setMultiSelectable(screen.rowsCanBeSelected)
        openSubtasksOnChipClicks()
        pulls = EdgePullView(list: list, target: self)
        buildEmptyState()
        gtk_overlay_set_child(OpaquePointer(root), pulls.root)
        gtk_overlay_add_overlay(OpaquePointer(root), emptyLabel)
        gtk_widget_set_vexpand(root, 1)
        document.onChanges = { [weak self] changes in self?.documentChanged(changes) }
        updateEmptyState()
    }

    private func buildEmptyState() {
        Widgets.addClass(emptyLabel, "empty-state")
        gtk_widget_set_valign(emptyLabel, GTK_ALIGN_CENTER)
        gtk_label_set_wrap(OpaquePointer(emptyLabel), 1)
        gtk_label_set_justify(OpaquePointer(emptyLabel), GTK_JUSTIFY_CENTER)
        // The label says; the list under it takes the pointer.
        gtk_widget_set_can_target(emptyLabel, 0)
    }

    func shutDown() {
        isShutDown = true
        details?.close()
        document.onChanges = nil
        if let heldStoreChangesTimer { MainLoop.cancel(heldStoreChangesTimer) }
        heldStoreChangesTimer = nil
        list.shutDown()
    }

    /// The page's title: the list's name, Today or Search.
    var title: String { screen.title(of: document) }

    /// Whether Clear Completed has anything to clear.
    var hasCompletedItems: Bool { document.items.contains { $0.isCompleted } }

    // MARK: Document changes

    private func documentChanged(_ changes: [ListChange]) {
        followOpenItemPlaces(changes)
        if agenda != nil { upcomingItemsChanged() } else { list.apply(changes) }
        if details != nil { refreshDetails() }
        if !selection.isEmpty { dropVanishedFromSelection() }
        host.itemsChanged()
    }

    /// Shows the same screen's items read again (`readAgain`: Today, Upcoming or a search, whose
    /// query gathers them) in place of these. The caller has ended any edit.
    func showReadAgain(_ newDocument: ListDocument, agenda entries: [UpcomingEntry]? = nil) {
        details?.close()
        document.onChanges = nil
        document = newDocument
        selection.clear()
        cachedOpenItemPlaces = nil
        heldStoreChanges = []
        agenda = screen.agenda(of: newDocument, from: entries, in: host.store)
        list.reload()
        document.onChanges = { [weak self] changes in self?.documentChanged(changes) }
        host.notice.hide()
        updateEmptyState()
        host.pageChanged()
    }

    var openItemPlaces: OpenItemPlaces {
        if let cachedOpenItemPlaces { return cachedOpenItemPlaces }
        let counted = OpenItemPlaces(document.items)
        cachedOpenItemPlaces = counted
        return counted
    }

    /// Moves the open items' places by a write's changes, or leaves them to be counted again
    /// (a sort, or changes that do not add up to the items now here).
    private func followOpenItemPlaces(_ changes: [ListChange]) {
        guard var places = cachedOpenItemPlaces else { return }
        cachedOpenItemPlaces = nil  // `places` is then the only copy, changed in place.
        if places.follow(changes, to: document.items) { cachedOpenItemPlaces = places }
    }

    func updateEmptyState() {
        let text = screen.emptyText(of: document)
        let empty = document.items.isEmpty && list.model.placeholder == nil && text != nil
        gtk_widget_set_visible(emptyLabel, empty ? 1 : 0)
        guard empty, let text else { return }
        gtk_label_set_text(OpaquePointer(emptyLabel), text)
    }

    // MARK: Focus

    var focusedItemID: Int64? { list.focusedID }

    /// Puts the keyboard focus on the item's row, when this page is shown. Behind the lists
    /// (an item added with `flick --add` or over D-Bus while they are shown) the row must not
    /// take the focus: Delete, Space or F2 meant for the focused list would act on it unseen.
    func focus(_ id: Int64) {
        guard host.isShown(self) else { return }
        list.focus(id)
    }

    /// Reads the open list's name again (a sync or the overview may have renamed it).
    func readNameAgain() {
        host.runner.refresh { try self.document.readListAgain() }
        host.pageChanged()
    }
}
