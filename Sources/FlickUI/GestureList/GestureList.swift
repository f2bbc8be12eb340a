@preconcurrency import CGtk
import FlickCore
import FlickInteraction
import GestureShim

/// One gesture list: the list view, its row factory, the rows' editor, the controllers
/// (`ListInputs`) and what decides the gestures (`ListHands`, through `InteractionDriver`),
/// over a level (a list's items, its subtasks, Today, Upcoming, a search's results, or the
/// lists overview). Every level is this one piece (DESIGN 1); the page that owns it carries
/// out what the level's gestures ask for (`GestureListLevel`).
@MainActor
package final class GestureList {
    unowned let level: any GestureListLevel
    /// The scrolled window around the list view.
    let root: UnsafeMutablePointer<GtkWidget>
    package let listView: UnsafeMutablePointer<GtkWidget>
    /// The ids the list view shows; replaced when the level's rows are read again.
    private(set) var model: ItemListModel
    let words: LevelWords
    /// Gestures: hands input to the list controller and applies its effects.
    package private(set) var driver: InteractionDriver!
    /// What the hands are doing on the list: which gesture owns the pointer, and every
    /// gesture's decisions (FlickInteraction). The driver, the pulls and the lift view feed it.
    let hands = ListHands<Int64>()
    /// Row widgets by the GtkListItem they belong to, by their root widget, and the bound ones
    /// by row id.
    private(set) var rowsByListItem: [OpaquePointer: RowWidget] = [:]
    /// The list items GTK has just said selected or not, whose rows say their own state again
    /// (`keepRowSaysSelected`).
    var listItemsToSaySelectedAgain: [OpaquePointer] = []
    /// The items chosen to act on together, given to each model the view is shown (`choose`).
    var chosenIDs: Set<Int64> = []
    private var rowsByRoot: [UnsafeMutablePointer<GtkWidget>: RowWidget] = [:]
    /// Row widgets whose list items GTK has let go, kept for the next ones it makes: a new model
    /// (another list, Upcoming) lets go of every row and makes a screen of new ones, and making
    /// and freeing the rows' own widgets was about half of that swap (`make bench`'s Upcoming).
    /// At most as many as GTK 4.8 keeps list items for (`rowsWithWidgets`).
    private var spareRows: [RowWidget] = []
    /// The list items of the model the list last left (`reload`), until its frame is painted.
    private let leavingListItems = ListItemsLetGoLater()
    private(set) var boundRows: [Int64: RowWidget] = [:]
    /// The item each bound row widget is bound to, by widget. Not the item it shows: a row
    /// bound while a write's splices go in shows its item only after them, and unbound before
    /// that (GTK rebinds as it goes) it left its entry in `boundRows`; a later refresh of that
    /// entry drew another item's title on the widget (the 10-minute soak, seed 1714725227).
    private var boundIDs: [ObjectIdentifier: Int64] = [:]
    /// Set while a write's splices go into the model (`apply`).
    private var isSplicing = false
    /// The factory's bind and unbind (`makeFactory`).
    private var rebinds: OpaquePointer?
    /// How many times a row was bound to an item (tests: a write binds only the rows that
    /// show another item than before).
    private(set) var timesRowsBound = 0
    /// How many times a row's content was made from the level to be shown (tests: a write
    /// makes again only the rows it can have changed).
    private(set) var timesContentMade = 0
    /// A message the row of an item says after its name for a while (`say(_:whenFocusing:)`).
    private var sayingAfterName: (id: Int64, message: String)?
    private var sayingAfterNameTimer: UInt32?
    /// The back views of rows that are slid or open.
    let backViews: BackViewPool
    /// The list's one title editor. What it edits belongs to the row (or the new row), not
    /// to a recycled row widget.
    package let editor: RowEditor
    /// The row widget showing the pinch's gap, while it is bound.
    var placeholderRow: RowWidget?
    /// The row widget showing the new row being typed, while it is bound.
    var newRowWidget: RowWidget?
    /// Where the list was scrolled when the gap opened: the view scrolls by half the gap from
    /// there, so rows above the gap move up as rows below move down (DESIGN 2.4).
    var gapScrollBase: Double?
    /// Set while the list scrolls itself (for a gap, or to keep a lifted row under the hand),
    /// which must not close rows nor end the press's drag.
    var isScrollingByItself = false
    /// Knows when the list view's own callbacks run, which must not call back into it.
    let listGuard = ListCallbackGuard()
    /// Set while the new row being typed is stored: its row gives way to the stored one.
    var isStoringNewRow = false
    /// Set while the editor waits for its row to be shown before it takes the focus.
    var editorAwaitsFocus = false
    /// Set once the window is gone: work deferred to the main loop finds nothing to do.
    private(set) var isDestroyed = false
    /// Set during the event of a double-click on a row's trailing end
    /// (`ListEffect.markTrailingEndActivation`).
    private var doubleClickAtTrailingEnd = false
    /// What a click on a row does here: nothing, open it (the overview), or open its subtasks
    /// from its chip (the items).
    var rowClicks = RowClicks.ignored
    /// The list's pointer controllers, and its input as values.
    private(set) var inputs: ListInputs!
    /// Hold and drag to reorder.
    private(set) var liftView: LiftView!
    /// Rows about to be removed collapse first.
    private(set) var collapser: RowCollapser!
    /// Waits for the first frame with rows to put in the rest of a long list.
    private(set) lazy var firstScreenTicker = FrameTicker(widget: listView)

    /// `liftLayer` is the window's layer above both levels that a lifted row is drawn in.
    init(level: any GestureListLevel, menu: RowMenu, words: LevelWords, accessibleName: String, editorName: String,
         liftLayer: UnsafeMutablePointer<GtkWidget>) {
        self.level = level
        self.words = words
        backViews = BackViewPool(menu: menu)
        editor = RowEditor(accessibleName: editorName)
        model = ItemListModel(ids: level.rowIDs, shownFirst: Self.firstScreenRows)
        // The factory before the model: GTK 4.8 makes a widget for each of up to 205 rows when it
        // is given a model, and makes them all again when then given a factory.
        listView = gtk_list_view_new(nil, nil)
        root = gtk_scrolled_window_new()
        let factory = makeFactory()
        gtk_list_view_set_factory(OpaquePointer(listView), factory)
        // The list view holds the factory; the reference it was made with is not kept (it kept the
        // factory, and the four boxes of its handlers, alive after the window was gone).
        g_object_unref(UnsafeMutableRawPointer(factory))
        gtk_list_view_set_model(OpaquePointer(listView), model.viewModel)
        g_object_unref(UnsafeMutableRawPointer(model.viewModel))
        markFocusedRowAsItMoves()
        Widgets.addClass(listView, "flick-list")
        Widgets.setAccessibleLabel(listView, accessibleName)
        gtk_scrolled_window_set_policy(OpaquePointer(root), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(OpaquePointer(root), listView)
        gtk_widget_set_vexpand(root, 1)
        editor.onCommit = { [weak self] text in self?.commitEdit(text: text) }
        editor.onCancel = { [weak self] in self?.cancelEdit() }
        Signal.connectUInt(listView.raw, "activate") { [weak self] position in self?.activated(position: Int(position)) }
        driver = InteractionDriver(list: self)
        backViews.postponeWord = { [unowned self] in self.level.postponeWord }
        backViews.isNarrow = { [unowned self] in
            gtk_widget_get_root(self.listView).map { PhoneWidth.isNarrow(UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWidget.self)) } ?? false
        }
        liftView = LiftView(list: self, layer: liftLayer)
        collapser = RowCollapser(list: self)
        inputs = ListInputs(list: self)
        // After set_child: the scrolled window gives the list view its own adjustments.
        closeRowsOnScrollAndClicks()
        keepEditedRowInView()
        Signal.connect(listView.raw, "map") { [weak self] in self?.showEveryRowAfterAFrameWithRows() }
    }

    /// A click (press and release without a drag) on a row activates it, as Enter does: the
    /// overview opens a list with one click. A click that closes an open row does only that
    /// (`ListHands.handle` decides; `ListInputs` hears the click).
    func activateRowsOnClick() {
        rowClicks = .activate
    }

    /// A click the hands found to be a row's (`ListEffect.rowClicked`), as this list takes it.
    func rowClicked(_ id: Int64, onChip: Bool) {
        switch rowClicks {
        case .ignored: break
        case .activate: _ = level.activate(id)
        case let .openSubtasksFromChip(open): if onChip { open(id) }
        }
    }

    /// The window is going: ends any edit without saving more.
    func shutDown() {
        isDestroyed = true
        leavingListItems.letGoNow()
        firstScreenTicker.stop()
        editor.onCommit = nil
        editor.onCancel = nil
        editor.end()
    }

    private func activated(position: Int) {
        guard model.placeholder == nil, position < level.rowCount, let id = level.rowID(at: position) else { return }
        if doubleClickAtTrailingEnd, level.activateTrailingEnd(id) { return }
        if !level.activate(id) { startEditing(id) }
    }

    /// Notes a double-click on a row's trailing end (`RowEnd`) for the activation it brings: the
    /// list view activates a row on the second press, after the capture-phase click that heard
    /// it (`ListInputs`), and the mark lasts to the end of that event (Enter's activation never
    /// finds it).
    func markActivationAsTrailingEnd() {
        doubleClickAtTrailingEnd = true
        MainLoop.idle { [weak self] in self?.doubleClickAtTrailingEnd = false }
    }

    // MARK: Rows

    private func makeFactory() -> OpaquePointer {
        let factory = gtk_signal_list_item_factory_new()!
        let raw = UnsafeMutableRawPointer(factory)
        // The factory's handlers only show state: whatever calls back into the list view is
        // deferred by `listGuard`. Bind and unbind come first, through
        // `flick_rebinds`, which leaves out GTK 4.8's rebinds of the same item while a write's
        // splices go in (`apply`).
        let handlers = Unmanaged.passRetained(WeakGestureList(self)).toOpaque()
        rebinds = flick_rebinds_connect(factory, gestureListBind, gestureListUnbind, handlers) { data in
            Unmanaged<WeakGestureList>.fromOpaque(data!).release()
        }
        Signal.connectObject(raw, "setup") { [weak self] listItem in
            self?.listGuard.run { self?.setUpRow(listItem) }
        }
        Signal.connectObject(raw, "teardown") { [weak self] listItem in
            self?.listGuard.run { self?.tearDownRow(listItem) }
        }
        return factory
    }

    /// A row holds its slide box and its title label, nothing more: gestures live on the list,
    /// and the editor and the back view come to the rows that need them (DESIGN 2.8).
    private func setUpRow(_ listItem: OpaquePointer) {
        let spare = spareRows.popLast()
        spare?.takeAgain()
        let row = spare ?? RowWidget(backViews: backViews)
        rowsByListItem[listItem] = row
        rowsByRoot[row.root] = row
        gtk_list_item_set_child(listItem, row.root)
        row.listItem = listItem
        Signal.connectObject(UnsafeMutableRawPointer(listItem), "notify::selected") { [weak self] _ in
            self?.keepRowSaysSelected(listItem)
        }
    }

    /// The row of `listItem`, while it has one (until GTK tears the list item down).
    func row(ofListItem listItem: OpaquePointer) -> RowWidget? {
        rowsByListItem[listItem]
    }

    /// The row widget whose root is `widget`, if it is one of this list's rows.
    func rowWidget(withRoot widget: UnsafeMutablePointer<GtkWidget>) -> RowWidget? {
        rowsByRoot[widget]
    }

    private func tearDownRow(_ listItem: OpaquePointer) {
        guard let row = rowsByListItem.removeValue(forKey: listItem) else { return }
        rowsByRoot[row.root] = nil
        boundIDs[ObjectIdentifier(row)] = nil
        gtk_list_item_set_child(listItem, nil)
        row.listItem = nil
        if spareRows.count < Self.rowsWithWidgets { spareRows.append(row) }
    }

    /// Unbinds and tears down every row now, as GTK 4.8's `set_model` does, for a GTK that
    /// tears a list item down only when it is freed: held by `leavingListItems` until the next
    /// frame, the old list items kept their rows and their ids in `boundRows`, and the new
    /// model's list items were given new rows (GTK 4.18.6, `ListItemsLetGoLaterTests`). GTK's
    /// own unbind and teardown find no row then, and do nothing.
    private func tearDownRowsOfTheModelLeft() {
        listGuard.run {
            for listItem in Array(rowsByListItem.keys) {
                unbindRow(listItem)
                tearDownRow(listItem)
            }
        }
    }

    func bindRow(_ listItem: OpaquePointer) {
        timesRowsBound += 1
        guard let row = rowsByListItem[listItem], let object = gtk_list_item_get_item(listItem) else { return }
        markFocused(row, holding: object)
        switch ItemListModel.placeholderKind(of: object) {
        case .gap:
            placeholderRow = row
            if let gap = driver.controller.currentGap { showPlaceholder(gap) }
        case .newItem:
            newRowWidget = row
            refreshNewRow()
        case nil:
            guard let id = ItemListModel.id(of: object) else { return }
            boundRows[id] = row
            boundIDs[ObjectIdentifier(row)] = id
            // A row bound while a write's splices go in (GTK binds some at each) is shown once
            // they are all in, with every other bound row: the model is half way then.
            if !isSplicing {
                // The list item knows its place: no search through the items for each row bound.
                let index = model.itemIndex(atRowPosition: Int(gtk_list_item_get_position(listItem)))
                if let index, level.rowID(at: index) == id { refresh(row, id: id, at: index) } else { refresh(row, id: id) }
            }
            // Open state belongs to the row: a recycled widget shows this row's state.
            driver.restore(row, id: id)
        }
    }

    func unbindRow(_ listItem: OpaquePointer) {
        guard let row = rowsByListItem[listItem] else { return }
        if placeholderRow === row { placeholderRow = nil }
        if newRowWidget === row { newRowWidget = nil }
        if let id = boundIDs.removeValue(forKey: ObjectIdentifier(row)), boundRows[id] === row { boundRows[id] = nil }
        row.unbind()
    }

    /// Shows the row's content, with the editor in it while it is edited. Runs inside `bind`:
    /// it only shows state, and the editor takes the focus later.
    func refresh(_ row: RowWidget, id: Int64) {
        guard let index = level.rowIndex(of: id) else { return }
        refresh(row, id: id, at: index)
    }

    private func refresh(_ row: RowWidget, id: Int64, at index: Int) {
        timesContentMade += 1
        // The stamp before the content: a minute that turns between them makes the row again next time.
        let stamp = level.stamp(ofRowAt: index)
        row.show(level.content(ofRowAt: index, drawnAt: model.rowPosition(ofItemAt: index), of: drawnRowCount), id: id, stamp: stamp)
        showListState(on: row, id: id)
    }

    /// What the list adds to a row's content: a message after its name, the lift, the collapse
    /// and the editor.
    private func showListState(on row: RowWidget, id: Int64) {
        if let (saidID, message) = sayingAfterName, saidID == id { row.sayAfterName(message) }
        row.setLifted(id == liftView.liftedID)
        row.setCollapse(collapser.progress(of: id))
        if editor.target == .item(id) {
            row.showEditor(editor)
            focusEditorOnceShown()
        } else {
            row.hideEditor()
        }
    }

    /// Refreshes every bound row (a new day changes their due chips): their places are found in
    /// one pass over the rows, not by a search of the whole list per row.
    func refreshAllRows() {
        refreshBoundRows(in: 0..<level.rowCount)
    }

    /// Refreshes the bound rows after a write of `changes`: they are found in the stretch of
    /// the level where they can be now, the places GTK gave them (before the write, or after)
    /// widened by as many rows as the write took out above or put in. At the end of a list of
    /// 100,000 items, a walk from the top was most of an edit's frame (`make bench`).
    private func refreshBoundRows(after changes: [ListChange]) {
        // Rows bound while the splices went in have not shown their item yet: they count too.
        // Plain loops: a closure per row checked the main actor each time (callgrind).
        var bound = Set<ObjectIdentifier>(minimumCapacity: boundRows.count)
        for row in boundRows.values { bound.insert(ObjectIdentifier(row)) }
        var first = Int.max, last = Int.min
        for (listItem, row) in rowsByListItem where bound.contains(ObjectIdentifier(row)) {
            let position = Int(gtk_list_item_get_position(listItem))
            first = min(first, position)
            last = max(last, position)
        }
        guard first <= last else { return }
        let removed = changes.count { $0.removesOrMovesRows }
        let inserted = changes.count { change in
            switch change {
            case .inserted, .moved: true
            case .removed, .updated, .reordered: false
            }
        }
        // A placeholder row counts as one more place either way.
        var low = max(0, first - removed - 1)
        var high = min(level.rowCount, last + inserted + 2)
        // A bound row a sort moved may be anywhere in the stretch it reordered.
        for case let .reordered(rows) in changes {
            low = min(low, rows.lowerBound)
            high = min(level.rowCount, max(high, rows.upperBound))
        }
        refreshBoundRows(in: low..<max(low, high), changed: ChangedRows.places(after: changes))
    }

    /// Refreshes the bound rows whose items are in `range` of the level, walked in order until
    /// every bound row is found. The list items' own places are not used: GTK updates them at
    /// the next layout, after this. After a write, a row the write did not put in or change
    /// (not in `changed`) is made again only when the level cannot say it still shows what it
    /// needs (`GestureListLevel.stamp`): making each row's content to compare it was 1.8 M of a deletion's 7.0 M
    /// instructions at 10,000 items, for the few rows whose heat colour moved (callgrind of
    /// `make bench`'s edits).
    private func refreshBoundRows(in range: Range<Int>, changed: Set<Int>? = nil) {
        var unfound = boundRows.count
        var index = range.lowerBound
        while unfound > 0, index < range.upperBound {
            if let id = level.rowID(at: index), let row = boundRows[id] {
                if let changed, !changed.contains(index), let stamp = level.stamp(ofRowAt: index), row.shows(id, madeWith: stamp) {
                    showListState(on: row, id: id)
                } else {
                    refresh(row, id: id, at: index)
                }
                unfound -= 1
            }
            index += 1
        }
    }

    /// Rows in the list view: the level's and a placeholder row, if any.
    var drawnRowCount: Int { level.rowCount + (model.placeholder == nil ? 0 : 1) }

    /// Whether any row is on screen (`flick-bench` waits for it before it counts a first frame).
    package var hasMappedRow: Bool {
        boundRows.values.contains { gtk_widget_get_mapped($0.root) != 0 }
    }

    /// A key pressed on the list, outside the title's entry, as its key controller hears it
    /// (`ListKeys`): Ctrl+A, Space, Delete, …. `flick-bench` selects and completes this way.
    package func press(key keyval: guint, modifiers: GdkModifierType) -> Bool {
        ListKeys.handle(keyval: keyval, state: modifiers, on: self)
    }

    // MARK: Changes

    /// Follows the changes of one write to the level's rows, in order.
    func apply(_ changes: [ListChange]) {
        // The lift reorders the model on its own: it ends before the model follows the level.
        driver.handle(.liftCancelled)
        // The rows put in are read from the level as it is after the write.
        // Rows GTK binds again with the item they had are left as they are: every bound row is
        // refreshed below. (GTK 4.8 unbinds and binds again each of the 200 or so rows below a
        // deletion; those round trips through Swift were about a third of the instructions of
        // a deletion before its frame: callgrind of `make bench`'s edits at 10,000 items.)
        isSplicing = true
        flick_rebinds_set_skipping(rebinds, 1)
        model.apply(changes, held: rowsWithWidgets, storingNewRow: isStoringNewRow) { level.rowID(at: $0) }
        flick_rebinds_set_skipping(rebinds, 0)
        isSplicing = false
        // A new row being typed keeps its place among the rows (shown again after the splices).
        for change in changes { followEdit(through: change) }
        if changes.contains(where: \.removesOrMovesRows) { driver.closeAll() }
        // Any visible row's heat colour may have changed: positions moved, or an item
        // completed or reopened changed the places of the open ones after it. The rows the
        // write did not name are asked whether they still show what they need.
        refreshBoundRows(after: changes)
        level.rowCountChanged()
    }

    /// The first and last places in the model of the rows GTK holds widgets for.
    private var rowsWithWidgets: ClosedRange<Int>? {
        let positions = rowsByListItem.keys.map(gtk_list_item_get_position).filter { $0 != GTK_INVALID_LIST_POSITION }
        guard let first = positions.min(), let last = positions.max() else { return nil }
        return Int(first)...Int(last)
    }

    /// Reads every row again (another list was opened). The caller has ended any edit.
    func reload() {
        driver.reset()
        hideGap()
        model = ItemListModel(ids: level.rowIDs, shownFirst: Self.firstScreenRows)
        model.choose(chosenIDs)
        // GTK tears them down (their rows become spare rows) and lets go of them in set_model.
        for row in rowsByListItem.values {
            if let listItemWidget = gtk_widget_get_parent(row.root) { leavingListItems.hold(listItemWidget) }
        }
        if GtkRuntime.listItemsTornDownWhenFreed { tearDownRowsOfTheModelLeft() }
        gtk_list_view_set_model(OpaquePointer(listView), model.viewModel)
        // The list view keeps its own reference; the one the model was made with is released.
        g_object_unref(UnsafeMutableRawPointer(model.viewModel))
        markFocusedRowAsItMoves()
        leavingListItems.letGoAfterPaint(of: listView)
        showEveryRowAfterAFrameWithRows()
        driver.updateGeometry()
    }


    /// At most one row is open: scrolling the list closes it (and a press anywhere but on it:
    /// `ListInputs`, `ListHands.handle`).
    private func closeRowsOnScrollAndClicks() {
        if let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(listView)) {
            // The list changes its adjustment while it lays out: a callback of the list's own.
            Signal.connect(UnsafeMutableRawPointer(adjustment), "value-changed") { [weak self] in
                guard let self, !self.isScrollingByItself else { return }
                self.listGuard.run { self.driver.closeAll() }
            }
        }
    }

    // MARK: Focus

    /// The row that is selected (focused). Tab moving the focus to a row selects it
    /// (`selectKeyboardFocusedRow`).
    package var focusedID: Int64? {
        guard let position = model.selectedPosition, position < level.rowCount else { return nil }
        return level.rowID(at: position)
    }

    /// Selects the row the keyboard focus is on. Tab moves the focus from row to row without
    /// selecting, and Space or Ctrl+I then acted on the selected row, not the one the user saw
    /// focused. Only a focus on a row itself (GTK's list item around it) counts: the
    /// focus inside a row (its editor, its menu) is that row's already.
    func selectKeyboardFocusedRow() {
        guard !isDestroyed, let root = gtk_widget_get_root(listView), let focus = gtk_root_get_focus(root),
              gtk_widget_get_parent(focus) == listView, let child = gtk_widget_get_first_child(focus),
              let id = rowWidget(withRoot: child)?.itemID, let index = level.rowIndex(of: id),
              model.selectedPosition != model.rowPosition(ofItemAt: index) else { return }
        model.select(index)
    }

    /// Selects the row, scrolls it into view and gives it keyboard focus; from inside a list
    /// callback, once that has returned.
    func focus(_ id: Int64) {
        guard !isDestroyed else { return }
        guard !listGuard.isInside else {
            listGuard.whenOutside { [weak self] in self?.focus(id) }
            return
        }
        guard let index = level.rowIndex(of: id) else { return }
        model.select(index)
        scrollTo(rowPosition: model.rowPosition(ofItemAt: index))
        if editor.target != .item(id), let row = boundRows[id], let parent = gtk_widget_get_parent(row.root) {
            gtk_widget_grab_focus(parent)
        }
    }

    /// Puts the focus on the row once the list is laid out again, without scrolling to it: a
    /// row just put back in elsewhere (Upcoming's item moved to another day). Focused at once,
    /// its widget still had the place of the row it was recycled from, and GtkListView 4.8
    /// scrolled the list to keep it there: the whole list moved by a row under the hand.
    func focusAfterLayout(_ id: Int64) {
        guard let clock = gtk_widget_get_frame_clock(listView) else { return focus(id) }
        var handler: UInt = 0
        handler = Signal.connect(UnsafeMutableRawPointer(clock), "after-paint") { [weak self] in
            g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), gulong(handler))
            guard let self, !self.isDestroyed, let index = self.level.rowIndex(of: id) else { return }
            self.model.select(index)
            if let row = self.boundRows[id], let parent = gtk_widget_get_parent(row.root) {
                gtk_widget_grab_focus(parent)
            } else {
                self.focus(id)
            }
        }
        gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_PAINT)
    }

    /// Has a screen reader say `message` after the item's row when the row takes the focus,
    /// which it is about to (GTK itself moves the focus to a removed row's neighbour):
    /// "Deleted …". It stays through the refreshes the change brings, for as long as a notice
    /// shows. Said on whatever has the focus when the row is not on screen.
    func say(_ message: String, whenFocusing id: Int64) {
        guard let row = boundRows[id] else {
            Announcer.say(message, from: listView)
            return
        }
        stopSayingAfterName()
        sayingAfterName = (id, message)
        row.sayAfterName(message)
        sayingAfterNameTimer = MainLoop.after(seconds: UndoNotice.visibleSeconds) { [weak self] in
            self?.sayingAfterNameTimer = nil
            self?.stopSayingAfterName()
        }
    }

    /// The row says its own name alone again: the notice is gone, or what it told of failed.
    func stopSayingAfterName() {
        if let timer = sayingAfterNameTimer { MainLoop.cancel(timer) }
        sayingAfterNameTimer = nil
        guard let (id, _) = sayingAfterName else { return }
        sayingAfterName = nil
        boundRows[id]?.stopSayingAfterName()
    }

    /// Focuses the row at `index`, or the last one above it; the list itself when it is empty.
    func focus(nearIndex index: Int) {
        let count = level.rowCount
        if count > 0, let id = level.rowID(at: min(max(index, 0), count - 1)) {
            focus(id)
        } else {
            gtk_widget_grab_focus(listView)
        }
    }

    func scrollTo(rowPosition position: Int) {
        // GTK does not consume a floating parameter here (valgrind found one GVariant lost per
        // call): it is sunk and released on this side.
        let parameter = g_variant_ref_sink(g_variant_new_uint32(guint(position)))
        defer { g_variant_unref(parameter) }
        gtk_widget_activate_action_variant(listView, "list.scroll-to-item", parameter)
    }
}

