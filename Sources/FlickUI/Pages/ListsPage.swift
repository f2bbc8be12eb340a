@preconcurrency import CGtk
import FlickCore

/// The lists overview: a gesture list whose rows are lists, each on the heat map's colour with
/// its number of unfinished items, dimmed when nothing is left to do. It is the overview's
/// level: a click, Enter or a spread opens a list, a rightward drag completes its items, the
/// menu renames and deletes, a pinch apart makes a new list there. It carries out what changes
/// the lists (ListsPage+Editing) and reaches the window only through its host.
@MainActor
final class ListsPage: Page {
    private(set) var document: ListsDocument
    unowned let host: any PageHost
    /// The level the window shows (its page stack), told to the list when it is made: where a
    /// Ctrl+scroll's steps go while a pinch together shrinks the level in front.
    weak var shownLevel: (any ShownLevel)?
    /// The list, Today or Upcoming shown when the window went up to the overview (Alt+Right
    /// returns there).
    var lastOpenDestination: Destination?
    /// The list and its pulls, made when the overview is first to be seen (`prepareToShow`):
    /// most starts open on a list's items, and making them (with their rows) was about a quarter
    /// of the window's construction (callgrind at 9 items).
    private(set) var madeList: GestureList?
    /// Pull down at the top to create a list.
    private var pulls: EdgePullView?
    /// How many items the Today row counts (open, due today or before).
    private(set) var todayCount = 0
    /// How many entries the Recently Deleted row counts.
    private(set) var recentlyDeletedCount = 0
    /// The overview's rows: Today and Upcoming, then the lists, then Recently Deleted; a list's
    /// row is its index plus this.
    private static let listsStart = 2

    /// Holds the pulls and the list once they are made; the page stack holds it from the start.
    let root: UnsafeMutablePointer<GtkWidget>
    var listView: UnsafeMutablePointer<GtkWidget> { list.listView }

    init(document: ListsDocument, host: any PageHost) {
        self.document = document
        self.host = host
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_widget_set_vexpand(root, 1)
        document.onChanges = { [weak self] changes in
            self?.madeList?.apply(changes.map { $0.shifted(by: Self.listsStart) })
            self?.host.itemsChanged()
        }
    }

    /// The overview's list, made on first use.
    var list: GestureList {
        prepareToShow()
        return madeList!
    }

    func prepareToShow() {
        guard madeList == nil else { return }
        let list = GestureList(level: self, menu: .lists, words: .lists, accessibleName: tr("Lists"),
                               editorName: tr("List name"), liftLayer: host.liftLayer)
        madeList = list
        list.activateRowsOnClick()
        list.driver.shownLevel = shownLevel
        let pulls = EdgePullView(list: list, target: self)
        self.pulls = pulls
        gtk_widget_set_vexpand(pulls.root, 1)  // The page's whole height, as the root's only child.
        gtk_box_append(cast(root), pulls.root)
    }

    var title: String { tr("Lists") }

    /// The list of the selected row.
    var focusedListID: Int64? { list.focusedID }

    /// Selects the list's row, scrolls to it and gives it the keyboard focus.
    func focus(_ listID: Int64) {
        list.focus(listID)
        if list.boundRows[listID] == nil { gtk_widget_grab_focus(listView) }
    }

    /// Reads the unfinished counts again (Today's too): a list's items changed while it was open.
    func refreshCounts() throws {
        try document.refreshCounts()
        try refreshTodayCount()
        try refreshRecentlyDeletedCount()
    }

    /// Reads Today's count again: items changed, or the day did.
    func refreshTodayCount() throws {
        let count = try host.store.todayCount(day: DueDate.today())
        if count != todayCount {
            todayCount = count
            madeList?.apply([.updated(at: 0)])
        }
    }

    /// Reads Recently Deleted's count again: a list or an item was deleted, or came back.
    func refreshRecentlyDeletedCount() throws {
        let deleted = try host.store.recentlyDeletedCount()
        if deleted != recentlyDeletedCount {
            recentlyDeletedCount = deleted
            madeList?.apply([.updated(at: rowCount - 1)])
        }
    }

    /// The list whose row is at (x, y) of the window, if any.
    func listID(atWindowX x: Double, y: Double) -> Int64? {
        guard let list = madeList else { return nil }  // Not made: not seen either.
        let listView = list.listView
        var point = graphene_point_t()
        var windowPoint = graphene_point_t(x: Float(x), y: Float(y))
        guard let window = gtk_widget_get_root(listView).map({ UnsafeMutablePointer<GtkWidget>($0) }),
              gtk_widget_compute_point(window, listView, &windowPoint, &point) != 0 else { return nil }
        return list.row(atX: Double(point.x), y: Double(point.y))?.itemID
    }
}

extension ListsPage: GestureListLevel {
    var rowCount: Int { document.summaries.count + Self.listsStart + 1 }

    var rowIDs: [Int64] {
        [TodayRow.id, UpcomingOverviewRow.id] + document.summaries.compactMap(\.list.id) + [RecentlyDeletedRow.id]
    }

    /// Whether the row is a stored list's (not Today's, Upcoming's nor Recently Deleted's).
    private func isList(_ id: Int64) -> Bool {
        id != TodayRow.id && id != RecentlyDeletedRow.id && id != UpcomingOverviewRow.id
    }

    func rowID(at index: Int) -> Int64? {
        if index == 0 { return TodayRow.id }
        if index == 1 { return UpcomingOverviewRow.id }
        if index == rowCount - 1 { return RecentlyDeletedRow.id }
        let listIndex = index - Self.listsStart
        return document.summaries.indices.contains(listIndex) ? document.summaries[listIndex].list.id : nil
    }

    func rowIndex(of id: Int64) -> Int? {
        switch id {
        case TodayRow.id: 0
        case UpcomingOverviewRow.id: 1
        case RecentlyDeletedRow.id: rowCount - 1
        default: document.index(of: id).map { $0 + Self.listsStart }
        }
    }

    func content(ofRowAt index: Int, drawnAt position: Int, of count: Int) -> RowContent {
        if index == 0 { return todayContent() }
        if index == 1 { return upcomingContent() }
        guard index < rowCount - 1 else { return recentlyDeletedContent() }
        let summary = document.summaries[index - Self.listsStart]
        let done = summary.unfinished == 0
        let state = trPlural("{count} unfinished item", "{count} unfinished items", summary.unfinished,
                             ["count": countText(summary.unfinished)])
        return RowContent(title: summary.list.name, doneClass: done ? "list-done" : nil,
                          heatClass: done ? nil : listHeatClass(drawnAt: position, of: count),
                          accessibleName: tr("{name}, {state}", ["name": summary.list.name, "state": state]),
                          detail: done ? nil : countText(summary.unfinished))
    }

    /// The heat map runs over the lists' rows only: Today and Upcoming have colours of their own,
    /// and Recently Deleted none.
    private func listHeatClass(drawnAt position: Int, of count: Int) -> String {
        HeatMapStyle.className(position: position - Self.listsStart, count: max(count - Self.listsStart - 1, 1))
    }

    /// Today's row: the count of what is for today (due, or starting), in the list rows' form.
    private func todayContent() -> RowContent {
        let title = tr("Today")
        let state = trPlural("{count} item for today", "{count} items for today", todayCount, ["count": countText(todayCount)])
        return RowContent(title: title, doneClass: todayCount == 0 ? "list-done" : nil,
                          heatClass: todayCount == 0 ? nil : "today-row",
                          accessibleName: tr("{name}, {state}", ["name": title, "state": state]),
                          detail: todayCount == 0 ? nil : countText(todayCount))
    }

    /// Upcoming's row, below Today's: it opens the next two weeks, in a colour of its own beside Today's blue;
    /// it counts nothing (Today counts what is due), and is never on the heat map.
    private func upcomingContent() -> RowContent {
        let title = tr("Upcoming")
        return RowContent(title: title, heatClass: "upcoming-row",
                          accessibleName: tr("{name}, {state}", ["name": title, "state": tr("the next two weeks")]))
    }

    /// Recently Deleted's row: how many entries it holds, always dimmed (nothing to do there).
    private func recentlyDeletedContent() -> RowContent {
        let title = tr("Recently Deleted")
        let state = trPlural("{count} item", "{count} items", recentlyDeletedCount, ["count": countText(recentlyDeletedCount)])
        return RowContent(title: title, doneClass: "list-done", heatClass: nil,
                          accessibleName: tr("{name}, {state}", ["name": title, "state": state]),
                          detail: recentlyDeletedCount == 0 ? nil : countText(recentlyDeletedCount))
    }

    func editableTitle(of id: Int64) -> String? {
        document.name(of: id)
    }

    func swipedRight(_ id: Int64) {
        if isList(id) { completeAllItems(ofList: id) }
    }

    func delete(_ id: Int64) {
        if isList(id) { deleteList(id) }
    }

    func canLift(_ id: Int64) -> Bool {
        isList(id)
    }

    func canSlide(_ id: Int64) -> Bool {
        isList(id)
    }

    /// Lists stay below Today and Upcoming and above Recently Deleted.
    func moveRow(_ id: Int64, to index: Int) {
        moveList(id, to: listIndex(forRow: index, last: document.summaries.count - 1))
    }

    /// The list index of the overview's row `index`, kept between the first list and `last`.
    private func listIndex(forRow index: Int, last: Int) -> Int {
        min(max(index - Self.listsStart, 0), max(last, 0))
    }

    /// Lists have no details: a double-click anywhere opens the list.
    func activateTrailingEnd(_ id: Int64) -> Bool {
        false
    }

    func activate(_ id: Int64) -> Bool {
        if id == RecentlyDeletedRow.id {
            _ = gtk_widget_activate_action_variant(list.listView, "win.recently-deleted", nil)
        } else {
            host.go(to: id == TodayRow.id ? .today : id == UpcomingOverviewRow.id ? .upcoming : .list(id))
        }
        return true
    }

    var spreadOpensRow: Bool { true }

    func touchpadSpreadOpens(_ id: Int64) -> Bool { true }

    func spreadOpen(_ id: Int64) {
        _ = activate(id)
    }

    func commitTitle(_ title: String, of id: Int64) -> Bool {
        // An empty name keeps the old one: a list is deleted on purpose, not by erasing it.
        title.isEmpty || renameList(id, to: title)
    }

    func commitNewRow(titled title: String, at index: Int) -> Int64? {
        createList(named: title, at: listIndex(forRow: index, last: document.summaries.count))
    }

    func rowCountChanged() {}
}

/// The overview pulls down to create a list; it has no level above and nothing to clear.
extension ListsPage: EdgePullTarget {
    var pullDownGoesUp: Bool { false }
    var completedCount: Int? { nil }
    func pullGoesUp() {}
    func pullClearsCompleted() {}
}
