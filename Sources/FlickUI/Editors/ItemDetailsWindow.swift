@preconcurrency import CGtk
import FlickCore
import GestureShim

/// The details of one item: title, notes, due date, start date, reminder,
/// repeat rule, priority and tags, each saved as it changes, each change one undoable step.
/// Opened with Ctrl+I, the row menu's Details, or a double-click on the row's trailing end;
/// Escape closes it. At a phone's size the same fields are a view inside the main window
/// (`PhoneView`), which the back button, Alt+Left and Escape close.
@MainActor
final class ItemDetailsWindow: DetailsEditing {
    /// The window the details are in; nil when they are a view inside the main window
    /// (`PhoneView`), as they are at a phone's size.
    let window: UnsafeMutablePointer<GtkWidget>?
    /// Where the details are shown instead of a window of their own.
    private let view: PhoneView?
    let itemID: Int64
    private(set) var fields: ItemFields
    /// Applies a change to the fields as stored and returns them as saved; nil when it could not
    /// be saved (the window shows the stored ones). The change, not this window's copy of the
    /// fields: a field changed elsewhere since (a sync) is not put back.
    private let save: ((inout ItemFields) -> Void) -> ItemFields?
    private let titleEntry: UnsafeMutablePointer<GtkWidget>
    private let notes = NotesEditor()
    private(set) var dueEditor: DueEditor!
    private var startEditor: StartEditor!
    private var reminderEditor: ReminderEditor!
    private var repeatEditor: RepeatEditor!
    private(set) var priorityEditor: PriorityEditor!
    private(set) var tagsEditor: TagsEditor!
    /// The fields, laid out for a window or for a phone.
    private var content: UnsafeMutablePointer<GtkWidget>!
    /// Told when the window, or the view, has closed.
    var onClose: (() -> Void)?

    /// - Parameters:
    ///   - knownTags: the tags the user's items have, which the tags field completes.
    ///   - view: the main window's view over its pages; the details open there, not in a window,
    ///     while the parent is a phone's (`PhoneWidth`).
    init(over parent: UnsafeMutablePointer<GtkWidget>, in view: PhoneView? = nil, itemID: Int64, fields: ItemFields,
         knownTags: [String] = [], save: @escaping ((inout ItemFields) -> Void) -> ItemFields?) {
        self.itemID = itemID
        self.fields = fields
        self.save = save
        let isPhone = PhoneWidth.isNarrow(parent)
        self.view = isPhone ? view : nil
        window = self.view == nil ? Self.window(over: parent, isPhone: isPhone) : nil
        titleEntry = gtk_entry_new()!
        Widgets.setAccessibleLabel(titleEntry, tr("Title"))
        dueEditor = DueEditor(editing: self)
        startEditor = StartEditor(editing: self)
        reminderEditor = ReminderEditor(editing: self)
        repeatEditor = RepeatEditor(editing: self)
        priorityEditor = PriorityEditor(editing: self)
        tagsEditor = TagsEditor(editing: self, knownTags: knownTags)
        content = isPhone ? phoneLayout() : layout()
        connectTitle()
        notes.onSave = { [weak self] text in self?.apply { $0.notes = text } }
        if let window { connect(window, over: parent) }
        showFields()
    }

    /// A window of its own, over a desktop's window, or over a phone's without a view to open in.
    private static func window(over parent: UnsafeMutablePointer<GtkWidget>, isPhone: Bool) -> UnsafeMutablePointer<GtkWidget> {
        let window = gtk_window_new()!
        gtk_window_set_title(cast(window), tr("Details"))
        gtk_window_set_modal(cast(window), 1)
        gtk_window_set_transient_for(cast(window), cast(parent))
        DialogWindow.fit(window, width: 460, over: parent)
        // On a phone the details cover the list, as a page would.
        if isPhone, let width = DialogWindow.contentWidth(of: parent) {
            gtk_window_set_default_size(cast(window), width, gtk_widget_get_height(parent))
        }
        gtk_window_set_titlebar(cast(window), gtk_header_bar_new())
        return window
    }

    /// Escape closes the window; what is typed is saved as it closes.
    private func connect(_ window: UnsafeMutablePointer<GtkWidget>, over parent: UnsafeMutablePointer<GtkWidget>) {
        gtk_window_set_child(cast(window), content)
        Widgets.closeOnEscape(window)
        Signal.connectReturningBool(window.raw, "close-request") { [weak self] in
            self?.saveTyping()
            return false
        }
        Signal.connect(window.raw, "destroy") { [weak self] in
            Widgets.presentAgain(parent)
            self?.onClose?()
        }
    }

    func present() {
        if let window {
            FocusOnceActive.present(window, focusing: titleEntry)
        } else {
            // Closed by the back button, Alt+Left or Escape, the view saves what is typed as
            // the window's close did.
            view?.show(content, title: tr("Details"), focus: titleEntry,
                       closing: { [weak self] in self?.saveTyping() },
                       closed: { [weak self] in self?.onClose?() })
        }
    }

    /// Whether the details are a view inside the main window rather than a window.
    var isView: Bool { window == nil }

    func close() {
        if let window { gtk_window_close(cast(window)) } else { view?.close() }
    }

    /// Shows fields changed elsewhere (an undo in the main window, a sync). A title or notes
    /// being typed stay as typed: they are newer than what is stored, and are saved as usual
    /// (a sync's commit once put the stored notes back over the notes being typed).
    func show(_ stored: ItemFields) {
        let typingTitle = titleIsTyped
        fields = stored
        showFields(keepingTypedTitle: typingTitle)
    }

    func apply(_ change: (inout ItemFields) -> Void) {
        var new = fields
        change(&new)
        guard new != fields else { return }
        if let saved = save(change) { fields = saved }
        showFields(keepingTypedTitle: false)
    }

    /// Whether the title field holds text typed and not saved yet.
    private var titleIsTyped: Bool {
        String(cString: gtk_editable_get_text(OpaquePointer(titleEntry))) != fields.title
    }

    private func showFields(keepingTypedTitle: Bool = false) {
        if !keepingTypedTitle, titleIsTyped {
            gtk_editable_set_text(OpaquePointer(titleEntry), fields.title)
        }
        notes.show(fields.notes)
        dueEditor.show(fields.due)
        startEditor.show(fields.start)
        reminderEditor.show(fields.reminder, due: fields.due)
        repeatEditor.show(fields.repeatRule, due: fields.due)
        priorityEditor.show(fields.priority)
        tagsEditor.show(fields.tags)
    }

    /// At a phone's size (`PhoneWidth`) each label is above its field, the
    /// date rows' quick picks above their calendar button, "At a time" above the time, and the
    /// whole scrolls: side by side they needed 592 px, and the fields are 670 px tall.
    /// A reminder's date is above its time and "Until" above its date too: there a calendar
    /// opens in place below its button (`DateButton`), 314 px wide, which beside the time
    /// made the view 586 px wide.
    private func phoneLayout() -> UnsafeMutablePointer<GtkWidget> {
        for row in [dueEditor.dateRow, dueEditor.timeRow, startEditor.dateRow, reminderEditor.chosenRow, repeatEditor.untilRow] {
            gtk_orientable_set_orientation(OpaquePointer(row), GTK_ORIENTATION_VERTICAL)
            gtk_box_set_spacing(cast(row), 6)
        }
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), layout(labelsAbove: true))
        return scrolled
    }

    private func layout(labelsAbove: Bool = false) -> UnsafeMutablePointer<GtkWidget> {
        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(cast(grid), 12)
        gtk_grid_set_column_spacing(cast(grid), 12)
        for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start,
                     gtk_widget_set_margin_end] {
            side(grid, labelsAbove ? 12 : 18)
        }
        // Each label's mnemonic leads to its field, or, where none is named, to the section's
        // first focusable widget. A date leads to its button's root, which holds a menu button
        // or, on a phone, the button of the calendar in place (`DateButton`), and gives the
        // focus to the one shown.
        let rows: [(String, UnsafeMutablePointer<GtkWidget>, UnsafeMutablePointer<GtkWidget>?)] = [
            (tr("_Title"), titleEntry, nil),
            (tr("_Notes"), notes.root, notes.textView),
            (tr("_Due"), dueEditor.root, dueEditor.dateButton.root),
            (tr("_Starts"), startEditor.root, startEditor.dateButton.root),
            (tr("_Reminder"), reminderEditor.root, nil),
            (tr("Re_peat"), repeatEditor.root, nil),
            (tr("Pr_iority"), priorityEditor.root, nil),
            (tr("Ta_gs"), tagsEditor.root, nil),
        ]
        for (row, (name, widget, target)) in rows.enumerated() {
            let label = gtk_label_new_with_mnemonic(name)!
            gtk_label_set_xalign(OpaquePointer(label), labelsAbove ? 0 : 1)
            gtk_widget_set_valign(label, GTK_ALIGN_START)
            gtk_widget_set_margin_top(label, 6)
            Widgets.addClass(label, "dim-label")
            gtk_label_set_mnemonic_widget(OpaquePointer(label), target ?? Widgets.firstFocusable(in: widget))
            flick_label_drop_downs(widget, label)
            gtk_widget_set_hexpand(widget, 1)
            if labelsAbove {
                gtk_grid_attach(cast(grid), label, 0, Int32(2 * row), 1, 1)
                gtk_grid_attach(cast(grid), widget, 0, Int32(2 * row + 1), 1, 1)
            } else {
                gtk_grid_attach(cast(grid), label, 0, Int32(row), 1, 1)
                gtk_grid_attach(cast(grid), widget, 1, Int32(row), 1, 1)
            }
        }
        return grid
    }

    /// The title is saved when Enter is pressed or the focus leaves it; an emptied title is
    /// not saved (deleting is the row's Delete).
    private func connectTitle() {
        Signal.connect(titleEntry.raw, "activate") { [weak self] in self?.saveTitle() }
        let focus = gtk_event_controller_focus_new()!
        Signal.connect(UnsafeMutableRawPointer(focus), "leave") { [weak self] in self?.saveTitle() }
        gtk_widget_add_controller(titleEntry, focus)
    }

    private func saveTitle() {
        let typed = ItemText.normalised(String(cString: gtk_editable_get_text(OpaquePointer(titleEntry))))
        guard !typed.isEmpty else {
            gtk_editable_set_text(OpaquePointer(titleEntry), fields.title)
            return
        }
        apply { $0.title = typed }
    }

    /// What is typed but not yet saved is saved before the window goes (and when the session
    /// asks to end).
    func saveTyping() {
        saveTitle()
        notes.saveNow()
        tagsEditor.save()
    }
}
