@preconcurrency import CGtk
import FlickCore
import FlickInteraction
import GestureShim

/// The widgets of one gesture-list row: a slide box whose front shows the row's title (and a
/// list's count). While the item
/// is edited, the list's one editor (`RowEditor`) takes the label's place. GtkListView recycles
/// rows, so everything item-specific is set in `show`.
@MainActor
final class RowWidget {
    let root: UnsafeMutablePointer<GtkWidget>
    let front: UnsafeMutablePointer<GtkWidget>
    private var label: UnsafeMutablePointer<GtkWidget>
    /// The completion cue and action menu behind the front, while the row is slid or open.
    private(set) var back: RowBackView?
    private let backViews: BackViewPool
    private var heatClass: String?
    private var doneClass: String?
    /// Set by `takeAgain` until the row shows its next content.
    private var isTakenAgain = false
    private var detailLabel: UnsafeMutablePointer<GtkWidget>?
    private var detailClass: String?
    /// The icons for the item's marks, made the first time a row shows any.
    private var marksView: RowMarksView?
    /// The editor, while it is in this row.
    private var editor: RowEditor?

    /// The item (or, on the overview, the list) this row shows; nil while unbound or showing a
    /// placeholder.
    private(set) var itemID: Int64?

    init(backViews: BackViewPool) {
        self.backViews = backViews
        root = flick_slide_box_new()
        // The row keeps its root: the list takes it back for another list item (`spareRows`).
        g_object_ref_sink(UnsafeMutableRawPointer(root))
        Widgets.addClass(root, "flick-row")
        front = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        Widgets.addClass(front, "row-front")
        label = Self.makeTitle()
        gtk_box_append(cast(front), label)
        flick_slide_box_set_front(flick_slide_box_from_widget(root), front)
    }

    /// An inscription, not a label: GTK 4.8's list view measures every row it holds (200 or
    /// so) at every change, and an ellipsized label lays its text out again to be measured,
    /// each time (a third of a move to the end of 10,000 items, `make bench`). An inscription
    /// is as tall as a line and as wide as it is given, without reading its text.
    private static func makeTitle() -> UnsafeMutablePointer<GtkWidget> {
        let title = gtk_inscription_new(nil)!
        gtk_widget_set_hexpand(title, 1)
        gtk_inscription_set_xalign(OpaquePointer(title), 0)
        gtk_inscription_set_text_overflow(OpaquePointer(title), GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END)
        // Given one line's height, centred, it draws one line, ellipsized (it fills what it is given).
        gtk_widget_set_valign(title, GTK_ALIGN_CENTER)
        Widgets.addClass(title, "row-title")
        return title
    }

    /// A row taken again from the list's spare rows (`GestureList.spareRows`) that is drawn
    /// in another class than before gets a new title (`show`): GTK 4.8's inscription kept
    /// drawing in the font of what the row showed before, though its line took the new one's
    /// height (an item's 1.1 em title in an Upcoming heading's 0.9 em line, its descenders cut
    /// off). One drawn as before keeps its title: a new one for each of a screen of rows was
    /// 0.6-0.7 ms of each opening of Upcoming (`make bench`), most of them items before and after.
    func takeAgain() {
        isTakenAgain = true
        shownContent = nil
        shownStamp = nil
    }

    private func replaceTitle() {
        let title = Self.makeTitle()
        gtk_box_insert_child_after(cast(front), title, label)
        gtk_box_remove(cast(front), label)
        label = title
    }

    /// True while the editor is in this row.
    var isEditing: Bool { editor != nil }

    /// Shows the row `id` as `content` says.
    func show(_ content: RowContent, id: Int64, stamp: RowStamp? = nil) {
        // A refresh of every bound row (the selection, a new day) finds most showing what they
        // showed. Setting their labels again re-sent their names to screen readers, every row.
        itemID = id
        shownStamp = stamp
        if let shown = shownContent, shown.id == id, shown.content == content { return }
        leavePlaceholderMode()
        shownContent = (id, content)
        timesDrawn += 1
        if isTakenAgain {
            isTakenAgain = false
            if content.doneClass != doneClass { replaceTitle() }
        }
        gtk_inscription_set_text(OpaquePointer(label), content.title)
        Widgets.setClass(label, "placeholder", content.titleIsPlaceholder)
        setDoneClass(content.doneClass)
        setHeat(content.heatClass)
        Widgets.setClass(front, "selected-item", content.isSelected)
        markSelected(content.isSelected)
        setDetail(content.detail, class: content.detailClass, warning: content.detailIsWarning)
        setMarks(content.marks, tags: content.tags, subtasks: content.subtasks)
        setSpokenName(content.accessibleName)
        isCompleted = content.isCompleted
        back?.show(rowID: id, isCompleted: content.isCompleted, postponeWord: backViews.postponeWord())
    }

    /// What `show` drew last, and for which item; nil once the row shows anything else (a new
    /// row, a placeholder). It outlives an unbind: GTK 4.8 unbinds and binds again every row
    /// whose place changes, with the same item (a deletion above them), and the row then still
    /// shows it.
    private(set) var shownContent: (id: Int64, content: RowContent)?

    /// What the content shown was made from beside its item, when its level says
    /// (`GestureListLevel.stamp`).
    private var shownStamp: RowStamp?

    /// Whether the row shows item `id` made with `stamp`, without a copy of what it shows.
    func shows(_ id: Int64, madeWith stamp: RowStamp) -> Bool {
        shownStamp == stamp && shownContent?.id == id
    }

    /// How many times `show` drew an item (not counting the times it found it drawn already),
    /// for tests of how much an edit redraws.
    private(set) var timesDrawn = 0

    /// Whether the item shown is completed, for the menu's Complete / Reopen.
    private var isCompleted = false

    /// What a screen reader says for the row.
    private var spokenName = ""

    /// The GtkListItem the list view gave this row (`GestureList.setUpRow`), until it takes
    /// it back. From GTK 4.12 the list item widget that holds the focus, and that screen
    /// readers reach, is named through it (`gtk_list_item_set_accessible_label`): unnamed, GTK
    /// 4.18's list items reached AT-SPI with no name, their text on a label below.
    var listItem: OpaquePointer? {
        didSet { if listItem != nil { nameListItem() } }
    }

    private func setSpokenName(_ name: String) {
        spokenName = name
        Widgets.setAccessibleLabel(root, name)
        // Orca reads a focused row by its labels, not by the box around them (only
        // titles were spoken): the title label says the whole row, state and date included.
        Widgets.setAccessibleLabel(label, name)
        isSayingAfterName = false
        saidAfterName = nil
        nameListItem()
    }

    /// Has a screen reader say `message` after the row's name when the row takes the focus:
    /// the notice of what moved the focus here ("Deleted …"). On GTK 4.8 it is on the title
    /// label, which Orca reads with the focused row but whose change it does not say by
    /// itself, so the message is said once, after the row, without cutting it off (see
    /// Announcer). From GTK 4.12 it is the list item's description, which Orca reads after
    /// its name when it takes the focus.
    func sayAfterName(_ message: String) {
        if !flickListItemNamesRows { Widgets.setAccessibleLabel(label, spokenName + ". " + message) }
        isSayingAfterName = true
        saidAfterName = message
        nameListItem()
    }

    /// The row's own name again, after `sayAfterName`.
    func stopSayingAfterName() {
        if !flickListItemNamesRows { Widgets.setAccessibleLabel(label, spokenName) }
        isSayingAfterName = false
        saidAfterName = nil
        nameListItem()
    }

    /// The message `sayAfterName` gave, while the row says it.
    private var saidAfterName: String?

    /// The list item's accessible label and description (GTK 4.12 and later; nothing on 4.8).
    private func nameListItem() {
        guard flickListItemNamesRows, let listItem else { return }
        flick_list_item_set_accessible_text(UnsafeMutablePointer(listItem), spokenName, saidAfterName)
    }

    /// Whether the title label says a message after the row's name (`sayAfterName`).
    private var isSayingAfterName = false

    /// Shows or hides what is behind the front: a back view is taken from the pool for a row
    /// that slides, and given back when it has closed.
    func setBackRevealed(_ revealed: Bool) {
        if revealed {
            guard let itemID else { return }
            let view = back ?? backViews.take()
            view.show(rowID: itemID, isCompleted: isCompleted, postponeWord: backViews.postponeWord())
            if back == nil {
                back = view
                flick_slide_box_set_back(flick_slide_box_from_widget(root), view.root)
            }
            view.setRevealed(true)
        } else if let view = back {
            back = nil
            flick_slide_box_set_back(flick_slide_box_from_widget(root), nil)
            backViews.give(view)
        }
    }

    /// How close a rightward drag is to completing (0…1), shown by the back's cue.
    func setCompletionProgress(_ progress: Double) {
        back?.setCompletionProgress(progress)
    }

    /// How close a drag past the menu is to postponing (0…1), shown by the back's other cue.
    func setPostponeProgress(_ progress: Double) {
        back?.setPostponeProgress(progress)
    }

    /// Shows the row of a new row being typed, titled `title` until it has one, at
    /// `position` of `count` rows.
    func showNewRow(title: String, position: Int, count: Int) {
        leavePlaceholderMode()
        itemID = nil
        shownContent = nil
        shownStamp = nil
        gtk_inscription_set_text(OpaquePointer(label), title)
        Widgets.setClass(label, "placeholder", true)
        setDoneClass(nil)
        setDetail(nil)
        setMarks([], tags: [])
        setHeat(HeatMapStyle.className(position: position, count: count))
        setSpokenName(title)
        setBackRevealed(false)
        setOffset(0)
    }

    /// Puts the editor in place of the title. It does not take the focus: this runs inside
    /// the list's `bind`, which must not grab it (`ListCallbackGuard`); the window focuses the
    /// editor once the row is laid out.
    func showEditor(_ editor: RowEditor) {
        guard self.editor !== editor || editor.host != front else { return }
        editor.attach(to: front)
        self.editor = editor
        gtk_widget_set_visible(label, 0)
    }

    /// Gives the title its place back, if the editor is here.
    func hideEditor() {
        guard let editor else { return }
        if editor.host == front { editor.detach() }
        self.editor = nil
        gtk_widget_set_visible(label, 1)
    }

    /// Shows this row as the pinch placeholder: it grows with the gap, fades in, and says
    /// what releasing will do.
    func showPlaceholder(_ gap: PinchGap, words: LevelWords, position: Int, count: Int) {
        hideEditor()
        itemID = nil
        shownContent = nil
        shownStamp = nil
        Widgets.addClass(root, "pinch-placeholder")
        let text = gap.releaseWillInsert ? words.releaseToAdd : words.pullApart
        gtk_inscription_set_text(OpaquePointer(label), text)
        Widgets.setClass(label, "placeholder", false)
        setDoneClass(nil)
        setDetail(nil)
        setMarks([], tags: [])
        setHeat(HeatMapStyle.className(position: position, count: count + 1))
        setSpokenName(text)
        setBackRevealed(false)
        setOffset(0)
        let box = flick_slide_box_from_widget(root)
        flick_slide_box_set_forced_height(box, Int32(gap.height.rounded()))
        flick_slide_box_set_scale_y(box, gap.placeholderScale)
        gtk_widget_set_opacity(front, gap.placeholderOpacity)
    }

    private func leavePlaceholderMode() {
        guard gtk_widget_has_css_class(root, "pinch-placeholder") != 0 else { return }
        gtk_widget_remove_css_class(root, "pinch-placeholder")
        let box = flick_slide_box_from_widget(root)
        flick_slide_box_set_forced_height(box, -1)
        flick_slide_box_set_scale_y(box, 1)
        gtk_widget_set_opacity(front, 1)
    }

    /// Whether the row is drawn collapsing (`setCollapse`).
    private var isCollapsed = false

    /// Draws the row collapsed by `progress` (0 standing, 1 gone): shorter, squashed and faded.
    func setCollapse(_ progress: Double) {
        let box = flick_slide_box_from_widget(root)
        guard progress > 0 else {
            guard isCollapsed else { return }
            isCollapsed = false
            flick_slide_box_set_forced_height(box, -1)
            flick_slide_box_set_scale_y(box, 1)
            gtk_widget_set_opacity(front, 1)
            return
        }
        isCollapsed = true
        flick_slide_box_set_forced_height(box, Int32((Double(AppStyle.rowHeight) * (1 - progress)).rounded()))
        flick_slide_box_set_scale_y(box, 1 - progress)
        gtk_widget_set_opacity(front, 1 - progress)
    }

    /// A lifted row's own slot is left empty while its copy moves above the list.
    func setLifted(_ lifted: Bool) {
        gtk_widget_set_opacity(front, lifted ? 0 : 1)
    }

    func setOffset(_ offset: Double) {
        flick_slide_box_set_offset(flick_slide_box_from_widget(root), offset)
    }

    /// Shows the slide state the controller keeps for the bound item.
    func apply(_ appearance: RowAppearance) {
        setBackRevealed(appearance.isBackRevealed)
        setOffset(appearance.offset)
        setCompletionProgress(appearance.completionProgress)
        setPostponeProgress(appearance.postponeProgress)
    }

    /// Whether the row shows the focused item (`GestureList.markFocusedRow`): its left bar.
    func markFocused(_ focused: Bool) {
        Widgets.setClass(front, "focused-row", focused)
    }

    /// Whether the row is among the items selected to act on together, as screen readers are told.
    private(set) var isMarkedSelected = false

    /// Tells screen readers whether the row is among the selected items: on GTK's
    /// list item around the row, which holds the keyboard focus and whose states Orca reads (as
    /// for the menu's state, `announceMenu`).
    private func markSelected(_ selected: Bool) {
        isMarkedSelected = selected
        sayWhetherSelected()
    }

    /// Says the row's selected state again, over GTK's: GTK 4.8's list item sets SELECTED from
    /// the list's single selection, which is the focused row here, each time the focus comes
    /// to it or leaves it (`GestureList.keepRowSaysSelected`).
    func sayWhetherSelected() {
        guard let listItem = gtk_widget_get_parent(root) else { return }
        AccessibleSelection.setSelected(listItem, isMarkedSelected)
    }

    /// Exposes the menu's state to screen readers (GTK_ACCESSIBLE_STATE_EXPANDED), on the row
    /// and on GTK's list item around it, which is what holds the keyboard focus: set on the row
    /// alone, Orca never said the menu opened.
    func announceMenu(open: Bool) {
        Widgets.setAccessibleState(root, GTK_ACCESSIBLE_STATE_EXPANDED, open)
        if let listItem = gtk_widget_get_parent(root) { Widgets.setAccessibleState(listItem, GTK_ACCESSIBLE_STATE_EXPANDED, open) }
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(root))
    }

    func unbind() {
        setCollapse(0)
        setLifted(false)
        hideEditor()
        setBackRevealed(false)
        setOffset(0)
        // What it shows stays (`shownContent`), but not a message for the item it showed: the
        // list says it again on the row that item is bound to next, if it still should.
        if isSayingAfterName { stopSayingAfterName() }
        itemID = nil
    }

    /// The title as shown (for tests and accessibility checks).
    var shownTitle: String {
        gtk_inscription_get_text(OpaquePointer(label)).map { String(cString: $0) } ?? ""
    }

    private func setHeat(_ name: String?) {
        guard name != heatClass else { return }
        if let heatClass { gtk_widget_remove_css_class(front, heatClass) }
        if let name { gtk_widget_add_css_class(front, name) }
        heatClass = name
    }

    private func setDoneClass(_ name: String?) {
        guard name != doneClass else { return }
        if let doneClass { gtk_widget_remove_css_class(front, doneClass) }
        if let name { gtk_widget_add_css_class(front, name) }
        doneClass = name
    }

    /// The trailing text; its label is made the first time a row needs one, so item rows
    /// without a due date stay two widgets (DESIGN 2.8).
    private func setDetail(_ text: String?, class name: String = "list-count", warning: Bool = false) {
        if detailLabel == nil, text != nil {
            // Presentation only: what it shows is in the row's name, which the title label says.
            let made = AccessibleRole.widget(gtk_label_get_type(), role: GTK_ACCESSIBLE_ROLE_PRESENTATION)
            gtk_widget_set_margin_start(made, 12)
            gtk_widget_set_valign(made, GTK_ALIGN_CENTER)
            gtk_box_append(cast(front), made)
            detailLabel = made
        }
        guard let detailLabel else { return }
        if name != detailClass {
            if let detailClass { gtk_widget_remove_css_class(detailLabel, detailClass) }
            gtk_widget_add_css_class(detailLabel, name)
            detailClass = name
        }
        Widgets.setClass(detailLabel, "overdue", warning)
        gtk_label_set_text(OpaquePointer(detailLabel), text ?? "")
        gtk_widget_set_visible(detailLabel, text == nil ? 0 : 1)
    }

    /// The marks' icons sit between the title and the due date; made on first need.
    private func setMarks(_ marks: ItemMarks, tags: [String], subtasks: SubtaskProgress? = nil) {
        if marksView == nil, !marks.isEmpty || subtasks != nil {
            let made = RowMarksView()
            gtk_box_insert_child_after(cast(front), made.root, label)
            marksView = made
        }
        marksView?.show(marks, tags: tags, subtasks: subtasks)
    }
}
