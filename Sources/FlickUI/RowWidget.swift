@preconcurrency import CGtk
import FlickCore
import FlickInteraction
import GestureShim

/// The widgets of one list row: a slide box whose front shows the item's title (or an entry
/// while editing). GtkListView recycles rows, so everything item-specific is set in `show`.
@MainActor
final class RowWidget {
    let root: UnsafeMutablePointer<GtkWidget>
    let front: UnsafeMutablePointer<GtkWidget>
    private let stack: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>
    let entry: UnsafeMutablePointer<GtkWidget>
    /// The completion cue and action menu behind the front.
    let back = RowBackView()
    private var heatClass: String?

    /// The item this row shows, nil while unbound.
    private(set) var itemID: Int64?
    /// Called with the entry's text when editing is committed (Enter, focus leaving).
    var onCommit: ((Int64, String) -> Void)?
    /// Called when editing is cancelled (Esc).
    var onCancel: ((Int64) -> Void)?

    init() {
        root = flick_slide_box_new()
        Widgets.addClass(root, "flick-row")
        front = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        Widgets.addClass(front, "row-front")
        stack = gtk_stack_new()
        gtk_widget_set_hexpand(stack, 1)
        label = gtk_label_new(nil)
        gtk_label_set_xalign(OpaquePointer(label), 0)
        gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_END)
        Widgets.addClass(label, "row-title")
        entry = gtk_entry_new()
        Widgets.addClass(entry, "row-entry")
        gtk_entry_set_max_length(cast(entry), Int32(ItemText.maximumLength))
        gtk_stack_add_named(OpaquePointer(stack), label, "label")
        gtk_stack_add_named(OpaquePointer(stack), entry, "entry")
        gtk_box_append(cast(front), stack)
        flick_slide_box_set_front(flick_slide_box_from_widget(root), front)
        flick_slide_box_set_back(flick_slide_box_from_widget(root), back.root)
        connectEntry()
    }

    var isEditing: Bool {
        String(cString: gtk_stack_get_visible_child_name(OpaquePointer(stack))) == "entry"
    }

    /// Shows `item` at `position` of `count` rows.
    func show(_ item: TodoItem, position: Int, count: Int, editing: Bool) {
        leavePlaceholderMode()
        if itemID != item.id, isEditing { stopEditing() }
        itemID = item.id
        let title = item.title.isEmpty ? tr("New item") : item.title
        gtk_label_set_text(OpaquePointer(label), title)
        Widgets.setClass(label, "placeholder", item.title.isEmpty)
        Widgets.setClass(front, "completed", item.isCompleted)
        setHeat(item.isCompleted ? nil : HeatMapStyle.className(position: position, count: count))
        let state = item.isCompleted ? tr("completed") : tr("not completed")
        Widgets.setAccessibleLabel(root, tr("{title}, {state}", ["title": title, "state": state]))
        back.show(itemID: item.id!, isCompleted: item.isCompleted)
        if editing && !isEditing { showEditor(text: item.title) }
        if !editing && isEditing { stopEditing() }
    }

    /// Shows this row as the pinch placeholder: it grows with the gap, fades in, and says
    /// what releasing will do.
    func showPlaceholder(_ gap: PinchGap, position: Int, count: Int) {
        if isEditing { stopEditing() }
        itemID = nil
        Widgets.addClass(root, "pinch-placeholder")
        let text = gap.releaseWillInsert ? tr("Release to add item") : tr("Pull apart to add item")
        gtk_label_set_text(OpaquePointer(label), text)
        Widgets.setClass(label, "placeholder", false)
        Widgets.setClass(front, "completed", false)
        setHeat(HeatMapStyle.className(position: position, count: count + 1))
        Widgets.setAccessibleLabel(root, text)
        back.setRevealed(false)
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

    func setOffset(_ offset: Double) {
        flick_slide_box_set_offset(flick_slide_box_from_widget(root), offset)
    }

    /// Shows the slide state the controller keeps for the bound item.
    func apply(_ appearance: RowAppearance) {
        setOffset(appearance.offset)
        back.setRevealed(appearance.isBackRevealed)
        back.setCompletionProgress(appearance.completionProgress)
    }

    /// Exposes the menu's state to screen readers (GTK_ACCESSIBLE_STATE_EXPANDED).
    func announceMenu(open: Bool) {
        var value = GValue()
        // GTK reads the "boolean or undefined" states as an int.
        g_value_init(&value, GType(6 << 2))  // G_TYPE_INT
        g_value_set_int(&value, open ? 1 : 0)
        var states = [GTK_ACCESSIBLE_STATE_EXPANDED]
        var values = [value]
        gtk_accessible_update_state_value(OpaquePointer(root), 1, &states, &values)
        g_value_unset(&value)
    }

    func unbind() {
        if isEditing { stopEditing() }
        itemID = nil
    }

    /// Shows the title in the entry. It does not take the focus: `show` runs inside the list's
    /// `bind`, which must not grab it (issue 13); the window calls `focusEditor` once the row
    /// is laid out.
    func showEditor(text: String) {
        gtk_editable_set_text(OpaquePointer(entry), text)
        gtk_stack_set_visible_child_name(OpaquePointer(stack), "entry")
        Widgets.setAccessibleLabel(entry, tr("Item title"))
        selectAllOnFocus = true
    }

    /// Set when the entry was filled and has not had the focus since: the first focus selects
    /// the whole title, later ones keep the cursor where the user left it.
    private var selectAllOnFocus = false

    /// Puts the keyboard focus in the entry, unless it is there already.
    func focusEditor() {
        guard isEditing, !entryHasFocus else { return }
        gtk_widget_grab_focus(entry)
        if selectAllOnFocus { gtk_editable_select_region(OpaquePointer(entry), 0, -1) }
        selectAllOnFocus = false
    }

    func stopEditing() {
        gtk_stack_set_visible_child_name(OpaquePointer(stack), "label")
    }

    /// The title as shown (for tests and accessibility checks).
    var shownTitle: String {
        String(cString: gtk_label_get_text(OpaquePointer(label)))
    }

    /// True while the keyboard focus is in the entry (in its inner text widget, in fact).
    var entryHasFocus: Bool {
        gtk_widget_get_state_flags(entry).rawValue & GTK_STATE_FLAG_FOCUS_WITHIN.rawValue != 0
    }

    var entryText: String {
        String(cString: gtk_editable_get_text(OpaquePointer(entry)))
    }

    private func setHeat(_ name: String?) {
        if let heatClass { gtk_widget_remove_css_class(front, heatClass) }
        if let name { gtk_widget_add_css_class(front, name) }
        heatClass = name
    }

    private func connectEntry() {
        Signal.connect(entry.raw, "activate") { [weak self] in self?.commit() }
        let keys = gtk_event_controller_key_new()!
        Signal.connectKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] keyval, _ in
            guard keyval == UInt32(GDK_KEY_Escape), let self, let id = self.itemID, self.isEditing else { return false }
            self.onCancel?(id)
            return true
        }
        gtk_widget_add_controller(entry, keys)
        let focus = gtk_event_controller_focus_new()!
        // The focus also leaves while the list rebinds or recycles this row, from inside its
        // callbacks: the commit waits until they have returned, and happens only if the
        // focus is still elsewhere.
        Signal.connect(UnsafeMutableRawPointer(focus), "leave") { [weak self] in
            MainLoop.idle { [weak self] in
                guard let self, !self.entryHasFocus else { return }
                self.commit()
            }
        }
        gtk_widget_add_controller(entry, focus)
    }

    /// Commits the entry's text (Enter, or the focus leaving it).
    func commit() {
        guard isEditing, let id = itemID else { return }
        onCommit?(id, entryText)
    }
}
