@preconcurrency import CGtk
import FlickCore

/// A gesture list's one title entry. It moves into the row of the item being edited and out again
/// when that row is unbound or recycled, keeping what was typed; rows themselves hold only a
/// label (DESIGN 2.8).
@MainActor
package final class RowEditor {
    /// The entry, once the first edit has made it: most starts edit nothing, and making it
    /// for both lists was a tenth of the window's construction (callgrind).
    private var madeEntry: UnsafeMutablePointer<GtkWidget>?
    private let accessibleName: String
    /// What is being edited, nil when nothing is.
    private(set) var target: EditTarget?
    /// The row box the entry is in, while it is in one.
    private(set) var host: UnsafeMutablePointer<GtkWidget>?
    /// Called with the typed text when the edit is committed (Enter, or the focus leaving).
    var onCommit: ((String) -> Void)?
    /// Called when the edit is cancelled (Esc).
    var onCancel: (() -> Void)?
    /// Set while the entry moves between rows: the focus it loses then is not the user's.
    private var isMoving = false
    /// The first focus after `begin` selects the whole title; later ones keep the cursor.
    private var selectAllOnFocus = false
    /// Set when keys typed before the entry had the focus went into its text (`takeEarlyKey`).
    private var typedEarly = false
    /// Counts the edits begun, so that the focus leaving one edit commits that edit only.
    private var editsBegun = 0

    /// `name` is the entry's name for screen readers ("Item title", "List name").
    init(accessibleName: String) {
        self.accessibleName = accessibleName
    }

    isolated deinit {
        if let madeEntry { g_object_unref(UnsafeMutableRawPointer(madeEntry)) }
    }

    package var entry: UnsafeMutablePointer<GtkWidget> {
        if let madeEntry { return madeEntry }
        let entry = gtk_entry_new()!
        g_object_ref_sink(UnsafeMutableRawPointer(entry))  // Kept while it moves between rows.
        Widgets.addClass(entry, "row-entry")
        gtk_widget_set_hexpand(entry, 1)
        gtk_entry_set_max_length(cast(entry), Int32(ItemText.maximumLength))
        Widgets.setAccessibleLabel(entry, accessibleName)
        madeEntry = entry
        connectSignals(entry)
        return entry
    }

    /// Starts editing `target` with `text` in the entry.
    func begin(_ target: EditTarget, text: String) {
        self.target = target
        editsBegun += 1
        gtk_editable_set_text(OpaquePointer(entry), text)
        selectAllOnFocus = true
        typedEarly = false
    }

    /// Ends the edit; the entry leaves its row.
    func end() {
        target = nil
        detach()
    }

    /// Where a new item's edit is when items above it come or go.
    func retarget(_ target: EditTarget) {
        if self.target != nil { self.target = target }
    }

    var text: String {
        guard let madeEntry else { return "" }
        return String(cString: gtk_editable_get_text(OpaquePointer(madeEntry)))
    }

    /// Puts the entry into `box` (a row's front), after whatever is there.
    func attach(to box: UnsafeMutablePointer<GtkWidget>) {
        guard host != box else { return }
        detach()
        // Right after the title label, which it replaces: before a due date or a count.
        gtk_box_insert_child_after(cast(box), entry, gtk_widget_get_first_child(box))
        host = box
    }

    /// Takes the entry out of its row. Its text stays.
    func detach() {
        guard let host else { return }
        isMoving = true
        gtk_box_remove(cast(host), entry)
        isMoving = false
        self.host = nil
    }

    /// True while the keyboard focus is in the entry (in its inner text widget, in fact).
    var hasFocus: Bool {
        guard let madeEntry else { return false }
        return gtk_widget_get_state_flags(madeEntry).rawValue & GTK_STATE_FLAG_FOCUS_WITHIN.rawValue != 0
    }

    /// Gives the entry the keyboard focus, if it is in a row on screen and does not have it.
    @discardableResult
    func focus() -> Bool {
        guard target != nil, host != nil, gtk_widget_get_mapped(entry) != 0 else { return false }
        guard !hasFocus else { return true }
        if typedEarly {
            // What was typed before the focus came stays, with the cursor after it, so that
            // typing goes on where it was (a plain grab selects the whole text).
            gtk_entry_grab_focus_without_selecting(cast(entry))
            gtk_editable_set_position(OpaquePointer(entry), -1)
        } else {
            gtk_widget_grab_focus(entry)
            if selectAllOnFocus { gtk_editable_select_region(OpaquePointer(entry), 0, -1) }
        }
        selectAllOnFocus = false
        typedEarly = false
        return true
    }

    /// Takes a key pressed during the edit before the entry has the keyboard focus: the entry
    /// gets it only once its row is laid out, which on a long list scrolling far (Ctrl+N at the
    /// end of 10,000 items) takes a second or more under load, and meanwhile the keys reach the
    /// list, where Space completes the focused item and Enter edits it instead. A character goes
    /// into the text (the first replaces a title the focus would have selected), Backspace takes
    /// one out, Enter commits and Esc cancels. Returns whether the key was taken.
    func takeEarlyKey(_ keyval: guint, state: GdkModifierType) -> Bool {
        guard target != nil, !hasFocus else { return false }
        guard state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) == 0 else { return false }
        switch Int32(keyval) {
        case GDK_KEY_Return, GDK_KEY_KP_Enter:
            commit()
        case GDK_KEY_Escape:
            onCancel?()
        case GDK_KEY_BackSpace:
            typeEarly { String($0.dropLast()) }
        default:
            let code = gdk_keyval_to_unicode(keyval)
            guard code >= 0x20, code != 0x7f, let scalar = Unicode.Scalar(code) else { return false }
            typeEarly { $0 + String(Character(scalar)) }
        }
        return true
    }

    private func typeEarly(_ change: (String) -> String) {
        gtk_editable_set_text(OpaquePointer(entry), change(selectAllOnFocus ? "" : text))
        selectAllOnFocus = false
        typedEarly = true
    }

    private func connectSignals(_ entry: UnsafeMutablePointer<GtkWidget>) {
        Signal.connect(entry.raw, "activate") { [weak self] in self?.commit() }
        let keys = gtk_event_controller_key_new()!
        Signal.connectKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] keyval, _ in
            guard keyval == UInt32(GDK_KEY_Escape), let self, self.target != nil else { return false }
            self.onCancel?()
            return true
        }
        gtk_widget_add_controller(entry, keys)
        let focus = gtk_event_controller_focus_new()!
        Signal.connect(UnsafeMutableRawPointer(focus), "leave") { [weak self] in self?.focusLeft() }
        gtk_widget_add_controller(entry, focus)
    }

    /// The user moved the focus elsewhere (a click, Tab): that commits, like Enter. It waits
    /// until the list's callbacks have returned (the focus also leaves while GTK rebinds or
    /// scrolls rows away), and happens only if the focus is still elsewhere then and the same
    /// edit goes on: an edit committed meanwhile, which put the focus on its row, may have been
    /// followed at once by a new row's (Ctrl+Return), whose entry has no focus yet.
    private func focusLeft() {
        guard !isMoving else { return }
        let edit = editsBegun
        MainLoop.idle { [weak self] in
            guard let self, self.editsBegun == edit, !self.hasFocus else { return }
            self.commit()
        }
    }

    /// Commits the typed text (Enter, Retry, the focus leaving).
    package func commit() {
        guard target != nil else { return }
        onCommit?(text)
    }
}
