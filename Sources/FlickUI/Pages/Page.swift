@preconcurrency import CGtk
import FlickCore

/// A screen of the window: one gesture list over a level (DESIGN 1), with a title for the
/// header. The window's `PageStack` holds them, the lists overview at the bottom. This is all
/// the window and the stack know of a page: they loop over the stack's pages and never ask
/// which kind each is (issue 56: the window named its pages' types and reached into their
/// lists, so a new kind of screen took eight window edits).
@MainActor
protocol Page: AnyObject {
    /// The page's widget; the page keeps it alive while the stack moves it between places.
    var root: UnsafeMutablePointer<GtkWidget> { get }
    /// What the header says while the page is shown.
    var title: String { get }
    /// What the header's back button says on the level below this one ("Back to Lists").
    var backLabel: String { get }
    /// What the header's + button (Ctrl+N) makes here ("New Item", "New List").
    var newRowLabel: String { get }
    /// Where this page is, as a place to go again (a carry put back); nil where it cannot be
    /// gone to by a value (a search's results, which the search bar brings).
    var destination: Destination? { get }
    /// The list this page's rows belong to, if one: a list's items and its subtasks, the
    /// overview's focused list. Ctrl+Page Up and Down step from it; Export List writes it.
    var currentListID: Int64? { get }

    /// The page's gesture list, made if it waited: the focused-row keys act on the shown page's.
    /// Nil only for a page without one (the stack's tests).
    var shownList: GestureList? { get }
    /// The page's gesture list if it is made: a lift is followed over the window, a title
    /// being typed is saved.
    var madeList: GestureList? { get }
    /// Put on the stack at `depth` (0 the bottom): the page's list takes the stack's pinch
    /// together, and the level below the overview can carry a lifted row up to it.
    func placed(in stack: PageStack, atDepth depth: Int)

    /// Makes what the page shows, if it waited to be seen (the overview, at start-up); the
    /// page stack calls it before the page can come into view.
    func prepareToShow()
    /// The page is being left for the level up: open rows close.
    func leave()
    /// The level below (`left`, where it was) is being left for this page: the overview reads
    /// its counts again before it shows.
    func comingBack(from left: Destination?)
    /// The stack has gone up to this page from `left`: its row takes the focus.
    func arrived(from left: Destination?)
    /// Alt+Right and the mouse's forward button: one level down from here, where there is one.
    func goForward()
    /// Ctrl+N and the header's + button: a new row, or a new list.
    func startNewRow()
    /// Puts the keyboard focus on the row with this id (a search's result, once its level shows).
    func focus(_ id: Int64)
    /// The first row takes the focus: the page was just gone to.
    func focusFirstRow()

    /// Ctrl+Z and Ctrl+Shift+Z act on the page shown.
    func undo(redo: Bool)
    /// One of the window's actions on the page shown: sorting, the focused row's Postpone,
    /// Move to and details, the focused list's Rename and Delete.
    func perform(_ action: PageAction)
    /// A row menu's action on the row `id`; false where this page's rows have no such action,
    /// and the stack offers it to another page.
    func perform(_ action: RowAction, on id: Int64) -> Bool
    /// The items this page shows, if they are a document's (not the overview's lists): what a
    /// search ends on to keep its undo history, what the benchmarks read.
    var itemsDocument: ListDocument? { get }
    /// Why `addAtTop` cannot add a row here (a list read-only on its server), or nil.
    var whyNoNewRows: String? { get }
    /// Adds a row titled `title` at the top, as New Item does, and focuses it (`flick --add`):
    /// its id, or nil when nothing was added.
    func addAtTop(_ title: String) -> Int64?
    /// Whether the menu's Clear Completed has anything to clear here.
    var canClearCompleted: Bool { get }
    /// Whether the menu's Sort has open items to order here.
    var canSort: Bool { get }
    /// Whether its rows can be selected: the row menu's Select is greyed out where not.
    var canSelect: Bool { get }
    /// What the header shows in place of the title while rows are selected.
    var selectionBar: UnsafeMutablePointer<GtkWidget>? { get }
    /// Saves what is typed outside the list (an item's details) before the window closes.
    func saveTyping()
    /// The window is going: work deferred to the main loop must find the page done with.
    func shutDown()

    /// Something was committed to the database (this store's commits, another program's, the
    /// end of a sync or an import): the page takes in what concerns it. Every page of the stack
    /// hears every change, and nothing else of the store.
    func storeChanged(_ change: StoreChange)
    /// A new day: due chips and Today's count change.
    func dayChanged()

    /// A row carried up from `origin` was dropped at (x, y) of the window: true if
    /// this page took it (the overview moves it to the list dropped on).
    func dropCarried(_ id: Int64, from origin: any Page, atWindowX x: Double, y: Double) -> Bool
    /// Moves an item of this page to another list, one undoable step (a carried row dropped).
    func move(_ id: Int64, to list: TodoList)
}

/// What most pages do not need to do, or do alike: a new page answers only the members above
/// that are not here.
extension Page {
    var backLabel: String { tr("Back to {title}", ["title": title]) }
    var currentListID: Int64? { nil }
    var madeList: GestureList? { shownList }
    func leave() { madeList?.driver.closeAll() }
    func goForward() {}
    func focusFirstRow() { shownList?.focus(nearIndex: 0) }
    func shutDown() { madeList?.shutDown() }
    func dayChanged() {}
    func prepareToShow() {}
    func perform(_ action: PageAction) {}
    func perform(_ action: RowAction, on id: Int64) -> Bool { false }
    func comingBack(from left: Destination?) {}
    func arrived(from left: Destination?) {}
    var itemsDocument: ListDocument? { nil }
    var whyNoNewRows: String? { nil }
    func addAtTop(_ title: String) -> Int64? { nil }
    var canClearCompleted: Bool { false }
    var canSort: Bool { false }
    var canSelect: Bool { false }
    var selectionBar: UnsafeMutablePointer<GtkWidget>? { nil }
    func saveTyping() {}
    func storeChanged(_ change: StoreChange) {}
    func dropCarried(_ id: Int64, from origin: any Page, atWindowX x: Double, y: Double) -> Bool { false }
    func move(_ id: Int64, to list: TodoList) {}
}
