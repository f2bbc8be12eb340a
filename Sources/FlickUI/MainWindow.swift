@preconcurrency import CGtk
import FlickCore
import FlickInteraction

/// The application window: a header bar, the lists overview or one list's items, and the undo
/// notice. It applies user actions to the documents and keeps the list views in step with
/// their changes; MainWindow+Navigation moves between the overview and the lists.
@MainActor
final class MainWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    /// The open list's items, and the model the items' list view shows; both are replaced
    /// when another list is opened.
    private(set) var document: ListDocument
    private(set) var model: ItemListModel
    let store: TodoStore
    /// The lists overview.
    private(set) var listsPage: ListsPage!
    /// The overview and the items, one shown at a time.
    private(set) var pages: UnsafeMutablePointer<GtkWidget>!
    private(set) var backButton: UnsafeMutablePointer<GtkWidget>!
    private(set) var newButton: UnsafeMutablePointer<GtkWidget>!
    /// The list that was open when the window went up to the overview (Alt+Right returns).
    var lastOpenListID: Int64?
    private(set) var listView: UnsafeMutablePointer<GtkWidget>!
    private(set) var notice: UndoNotice!
    /// Gestures: hands input to the list controller and applies its effects.
    private(set) var driver: InteractionDriver!
    private var emptyLabel: UnsafeMutablePointer<GtkWidget>!
    let windowState: WindowState
    /// Row widgets by the GtkListItem they belong to, by their root widget, and the bound ones
    /// by item id.
    private var rowsByListItem: [OpaquePointer: RowWidget] = [:]
    private var rowsByRoot: [UnsafeMutablePointer<GtkWidget>: RowWidget] = [:]
    /// The back views of rows that are slid or open.
    let backViews = BackViewPool()
    private(set) var boundRows: [Int64: RowWidget] = [:]
    /// The list's one title editor. What it edits belongs to the item (or the new item), not
    /// to a recycled row widget.
    let editor = RowEditor()
    /// The row widget showing the pinch's gap, while it is bound.
    private var placeholderRow: RowWidget?
    /// The row widget showing the new item being typed, while it is bound.
    var newItemRow: RowWidget?
    /// Where the list was scrolled when the gap opened: the view scrolls by half the gap from
    /// there, so rows above the gap move up as rows below move down (DESIGN 2.4).
    private var gapScrollBase: Double?
    /// Set while the window scrolls the list itself, which must not close rows.
    private var isScrollingForGap = false
    /// Knows when the list view's own callbacks run, which must not call back into it.
    let listGuard = ListCallbackGuard()
    /// Set while the new item being typed is stored: its row gives way to the stored item.
    var isStoringNewItem = false
    /// Set while the editor waits for its row to be shown before it takes the focus.
    var editorAwaitsFocus = false
    /// Pull up at the bottom to clear the completed items.
    private var pullToClear: PullToClear!
    /// Completing, clearing and deleting sound like Clear.
    let sounds = EventSounds()
    /// The problem notice: a change that could not be saved, with Retry.
    private(set) var problemNotice: ProblemNotice!

    init(application: UnsafeMutablePointer<GtkApplication>, store: TodoStore, lists: ListsDocument,
         document: ListDocument, windowState: WindowState) {
        self.store = store
        self.document = document
        self.windowState = windowState
        model = ItemListModel(ids: document.items.compactMap(\.id))
        window = gtk_application_window_new(application)
        gtk_window_set_title(cast(window), document.list.name)
        windowState.restore(window)
        Widgets.setClass(window, "dark", AppStyle.prefersDark())
        listsPage = ListsPage(document: lists)
        sounds.isEnabled = { [unowned windowState] in windowState.bool("event-sounds", fallback: true) }
        buildContent()
        installActions()
        installNavigation()
        updateClearCompletedAction()
        document.onChange = { [weak self] change in self?.documentChanged(change) }
        Signal.connect(window.raw, "destroy") { [weak self] in self?.windowDestroyed() }
        Signal.connectReturningBool(window.raw, "close-request") { [weak self] in
            guard let self else { return false }
            self.windowState.save(self.window)
            return false
        }
        updateEmptyState()
    }

    /// Set once the window is destroyed: work that was deferred to the main loop finds its
    /// widgets gone and does nothing.
    private(set) var isDestroyed = false

    private func windowDestroyed() {
        isDestroyed = true
        editor.onCommit = nil
        editor.onCancel = nil
        editor.end()
    }

    func present() {
        gtk_window_present(cast(window))
        gtk_widget_grab_focus(listView)
    }

    // MARK: Building

    private func buildContent() {
        let header = gtk_header_bar_new()!
        backButton = Widgets.iconButton(icon: "go-previous-symbolic", tooltip: tr("Back to Lists"), action: "win.go-up")
        gtk_header_bar_pack_start(OpaquePointer(header), backButton)
        newButton = Widgets.iconButton(icon: "list-add-symbolic", tooltip: tr("New Item"), action: "win.new-item")
        gtk_header_bar_pack_start(OpaquePointer(header), newButton)
        gtk_header_bar_pack_end(OpaquePointer(header), PrimaryMenu.button())
        gtk_window_set_titlebar(cast(window), header)

        listView = gtk_list_view_new(model.selection, makeFactory())
        Widgets.addClass(listView, "flick-list")
        Widgets.setAccessibleLabel(listView, tr("Items"))
        Signal.connectUInt(listView.raw, "activate") { [weak self] position in
            guard let self, self.model.placeholder == nil, Int(position) < self.document.items.count else { return }
            self.startEditing(self.document.items[Int(position)].id!)
        }
        gtk_widget_add_controller(listView, ListKeys.controller(for: self))
        driver = InteractionDriver(window: self)
        ListGestures.attach(to: listView, driver: driver)
        RowGestures.attach(to: listView, window: self)

        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), listView)
        // After set_child: the scrolled window gives the list view its own adjustments.
        closeRowsOnScrollAndClicks()
        gtk_widget_set_vexpand(scrolled, 1)

        emptyLabel = gtk_label_new(tr("Nothing to do. Press Ctrl+N to add an item."))
        Widgets.addClass(emptyLabel, "empty-state")
        gtk_widget_set_valign(emptyLabel, GTK_ALIGN_CENTER)
        gtk_label_set_wrap(OpaquePointer(emptyLabel), 1)
        gtk_label_set_justify(OpaquePointer(emptyLabel), GTK_JUSTIFY_CENTER)

        notice = UndoNotice()
        problemNotice = ProblemNotice()
        editor.onCommit = { [weak self] text in self?.commitEdit(text: text) }
        editor.onCancel = { [weak self] in self?.cancelEdit() }
        pages = gtk_stack_new()
        gtk_stack_set_transition_type(OpaquePointer(pages), GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT)
        gtk_stack_add_named(OpaquePointer(pages), listsPage.root, "lists")
        pullToClear = PullToClear(list: scrolled, window: self)
        gtk_widget_set_vexpand(pullToClear.root, 1)
        gtk_stack_add_named(OpaquePointer(pages), pullToClear.root, "items")
        gtk_stack_set_visible_child_name(OpaquePointer(pages), "items")
        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(OpaquePointer(overlay), pages)
        gtk_overlay_add_overlay(OpaquePointer(overlay), emptyLabel)
        gtk_overlay_add_overlay(OpaquePointer(overlay), notice.root)
        gtk_overlay_add_overlay(OpaquePointer(overlay), problemNotice.root)
        gtk_window_set_child(cast(window), overlay)
    }

    private func makeFactory() -> OpaquePointer {
        let factory = gtk_signal_list_item_factory_new()!
        let raw = UnsafeMutableRawPointer(factory)
        // The factory's handlers only show state: whatever calls back into the list view is
        // deferred by `listGuard` (issue 13).
        Signal.connectObject(raw, "setup") { [weak self] listItem in
            self?.listGuard.run { self?.setUpRow(listItem) }
        }
        Signal.connectObject(raw, "bind") { [weak self] listItem in
            self?.listGuard.run { self?.bindRow(listItem) }
        }
        Signal.connectObject(raw, "unbind") { [weak self] listItem in
            self?.listGuard.run { self?.unbindRow(listItem) }
        }
        Signal.connectObject(raw, "teardown") { [weak self] listItem in
            self?.listGuard.run { self?.tearDownRow(listItem) }
        }
        return factory
    }

    /// A row holds its slide box and its title label, nothing more: gestures live on the list,
    /// and the editor and the back view come to the rows that need them (DESIGN 2.8).
    private func setUpRow(_ listItem: OpaquePointer) {
        let row = RowWidget(backViews: backViews)
        rowsByListItem[listItem] = row
        rowsByRoot[row.root] = row
        gtk_list_item_set_child(listItem, row.root)
    }

    private func tearDownRow(_ listItem: OpaquePointer) {
        guard let row = rowsByListItem.removeValue(forKey: listItem) else { return }
        rowsByRoot[row.root] = nil
    }

    private func bindRow(_ listItem: OpaquePointer) {
        guard let row = rowsByListItem[listItem], let object = gtk_list_item_get_item(listItem) else { return }
        switch ItemListModel.placeholderKind(of: OpaquePointer(object)) {
        case .gap:
            placeholderRow = row
            if let gap = driver.controller.currentGap { showPlaceholder(gap) }
        case .newItem:
            newItemRow = row
            refreshNewItemRow()
        case nil:
            guard let id = ItemListModel.id(of: OpaquePointer(object)) else { return }
            boundRows[id] = row
            refresh(row, id: id)
            // Open state belongs to the item: a recycled widget shows this item's state.
            driver.restore(row, id: id)
        }
    }

    private func unbindRow(_ listItem: OpaquePointer) {
        guard let row = rowsByListItem[listItem] else { return }
        if placeholderRow === row { placeholderRow = nil }
        if newItemRow === row { newItemRow = nil }
        if let id = row.itemID, boundRows[id] === row { boundRows[id] = nil }
        row.unbind()
    }

    /// Shows the item on its row, with the editor in it while the item is edited. Runs inside
    /// `bind`: it only shows state, and the editor takes the focus later.
    func refresh(_ row: RowWidget, id: Int64) {
        guard let index = document.index(of: id) else { return }
        row.show(document.items[index], position: model.rowPosition(ofItemAt: index), count: rowCount)
        if editor.target == .item(id) {
            row.showEditor(editor)
            focusEditorOnceShown()
        } else {
            row.hideEditor()
        }
    }

    /// Rows in the list view: the items and a placeholder row, if any.
    private var rowCount: Int { document.items.count + (model.placeholder == nil ? 0 : 1) }

    // MARK: Document changes

    private func documentChanged(_ change: ListChange) {
        model.apply(change, ids: document.items.compactMap(\.id))
        followEdit(through: change)
        switch change {
        case .removed, .moved:
            driver.closeAll()
            for (id, row) in boundRows { refresh(row, id: id) }
        case let .updated(index):
            if let id = document.items[index].id, let row = boundRows[id] { refresh(row, id: id) }
        default:
            // Positions changed: every visible row's heat colour may have.
            for (id, row) in boundRows { refresh(row, id: id) }
        }
        updateEmptyState()
        updateClearCompletedAction()
    }

    func updateEmptyState() {
        let empty = !isShowingOverview && document.items.isEmpty && model.placeholder == nil
        gtk_widget_set_visible(emptyLabel, empty ? 1 : 0)
    }

    /// Shows `newDocument`'s items in place of the open list's. The caller has ended any edit.
    func replaceDocument(with newDocument: ListDocument) {
        driver.closeAll()
        hideGap()
        document.onChange = nil
        document = newDocument
        model = ItemListModel(ids: newDocument.items.compactMap(\.id))
        gtk_list_view_set_model(OpaquePointer(listView), model.selection)
        // The list view keeps its own reference; the one the model was made with is released.
        g_object_unref(UnsafeMutableRawPointer(model.selection))
        document.onChange = { [weak self] change in self?.documentChanged(change) }
        notice.hide()
        driver.updateGeometry()
        updateEmptyState()
        updateClearCompletedAction()
    }

    /// At most one row is open: scrolling the list or pressing anywhere but the open row
    /// closes it.
    private func closeRowsOnScrollAndClicks() {
        if let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(listView)) {
            // The list changes its adjustment while it lays out: a callback of the list's own.
            Signal.connect(UnsafeMutableRawPointer(adjustment), "value-changed") { [weak self] in
                guard let self, !self.isScrollingForGap else { return }
                self.listGuard.run { self.driver.closeAll() }
            }
        }
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, 0)
        gtk_event_controller_set_propagation_phase(click, GTK_PHASE_CAPTURE)
        Signal.connectPressed(UnsafeMutableRawPointer(click)) { [weak self] _, x, y in
            guard let self, let open = self.driver.controller.openItem else { return }
            let picked = gtk_widget_pick(self.listView, x, y, GTK_PICK_DEFAULT)
            let onOpenRow = self.boundRows[open].map { row in
                picked.map { $0 == row.root || gtk_widget_is_ancestor($0, row.root) != 0 } ?? false
            } ?? false
            if !onOpenRow { self.driver.closeAll() }
        }
        gtk_widget_add_controller(listView, click)
    }

    // MARK: Focus

    /// The item of the selected (focused) row.
    var focusedItemID: Int64? {
        guard let position = model.selectedPosition, position < document.items.count else { return nil }
        return document.items[position].id
    }

    /// Selects the item's row, scrolls it into view and gives it keyboard focus; from inside a
    /// list callback, once that has returned.
    func focus(_ id: Int64) {
        guard !isDestroyed else { return }
        guard !listGuard.isInside else {
            listGuard.whenOutside { [weak self] in self?.focus(id) }
            return
        }
        guard let index = document.index(of: id) else { return }
        model.select(index)
        scrollTo(rowPosition: model.rowPosition(ofItemAt: index))
        if editor.target != .item(id), let row = boundRows[id], let parent = gtk_widget_get_parent(row.root) {
            gtk_widget_grab_focus(parent)
        }
    }

    func scrollTo(rowPosition position: Int) {
        gtk_widget_activate_action_variant(listView, "list.scroll-to-item", g_variant_new_uint32(guint(position)))
    }

    // MARK: Pinch placeholder

    /// Opens (or resizes) the gap between items for the pinch placeholder.
    func showGap(_ gap: PinchGap) {
        guard !isDestroyed else { return }
        guard !listGuard.isInside else {
            listGuard.whenOutside { [weak self] in self?.showGap(gap) }
            return
        }
        model.showPlaceholder(.gap, at: gap.boundaryIndex)
        showPlaceholder(gap)
        if gapScrollBase == nil { gapScrollBase = scrollPosition }
        scroll(to: gapScrollBase! + gap.rowShift)
    }

    func hideGap() {
        guard !isDestroyed else { return }
        guard !listGuard.isInside else {
            listGuard.whenOutside { [weak self] in self?.hideGap() }
            return
        }
        if model.gapPosition != nil { model.hidePlaceholder() }
        placeholderRow = nil
        if let base = gapScrollBase { scroll(to: base) }
        gapScrollBase = nil
    }

    private var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment>? {
        gtk_scrollable_get_vadjustment(OpaquePointer(listView))
    }

    /// Whether the list shows its last row's bottom (always, when it is shorter than the window).
    var isScrolledToEnd: Bool {
        guard let adjustment = verticalAdjustment else { return true }
        return gtk_adjustment_get_value(adjustment) + gtk_adjustment_get_page_size(adjustment)
            >= gtk_adjustment_get_upper(adjustment) - 1
    }

    private var scrollPosition: Double {
        verticalAdjustment.map { gtk_adjustment_get_value($0) } ?? 0
    }

    /// Scrolls the list; the adjustment clamps to what can be scrolled (a short list at its
    /// top cannot move, and then only the rows below the gap move).
    private func scroll(to value: Double) {
        guard let adjustment = verticalAdjustment else { return }
        isScrollingForGap = true
        // The gap row's new height is measured at the next layout; grow the range now so
        // the value is not clamped to the old one.
        let needed = value + gtk_adjustment_get_page_size(adjustment)
        if gtk_adjustment_get_upper(adjustment) < needed { gtk_adjustment_set_upper(adjustment, needed) }
        gtk_adjustment_set_value(adjustment, value)
        isScrollingForGap = false
    }

    private func showPlaceholder(_ gap: PinchGap) {
        placeholderRow?.showPlaceholder(gap, position: gap.boundaryIndex, count: document.items.count)
    }

    /// Whether any item's row is on screen (for the start-up benchmark's first frame).
    var hasMappedRow: Bool {
        boundRows.values.contains { gtk_widget_get_mapped($0.root) != 0 }
    }

    // MARK: Rows under a point

    /// The row widget at (x, y) in list view coordinates, if an item's row is there.
    func row(atX x: Double, y: Double) -> RowWidget? {
        var widget = gtk_widget_pick(listView, x, y, GTK_PICK_DEFAULT)
        while let current = widget, current != listView {
            if let row = rowsByRoot[current] { return row.itemID == nil ? nil : row }
            widget = gtk_widget_get_parent(current)
        }
        return nil
    }

    /// Right-click or a touch long-press: the menu of the row there.
    func openMenuOfRow(atX x: Double, y: Double) {
        guard let id = row(atX: x, y: y)?.itemID else { return }
        driver.openMenu(id, fromKeyboard: false)
    }

    /// The position of the item whose row is at `y` (list view coordinates), and how far down
    /// that row `y` is (0…1).
    func itemPosition(atY y: Double) -> (index: Int, fraction: Double)? {
        let x = Double(gtk_widget_get_width(listView)) / 2
        guard let row = row(atX: x, y: y), let id = row.itemID, let index = document.index(of: id) else { return nil }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(row.root, listView, &bounds) != 0, bounds.size.height > 0 else {
            return (index, 0.5)
        }
        return (index, (y - Double(bounds.origin.y)) / Double(bounds.size.height))
    }

    /// The boundary between items nearest to `y`: 0 is above the first item, count below the last.
    func boundary(nearY y: Double) -> Int {
        guard let (index, fraction) = itemPosition(atY: y) else {
            return y <= 0 ? 0 : document.items.count
        }
        return fraction < 0.5 ? index : index + 1
    }
}
