@preconcurrency import CGtk
import Foundation

/// Import's file and Export's folder, chosen inside the main window at a phone's size:
/// GTK 4.8's own chooser, which a phone gets where there is no portal, needs about 623 px
/// for its file pane and is cut off at 360, and held sideways it is 373 px tall. Here a folder's
/// folders and task files (`FolderListing`) are rows a finger presses: a folder opens, a file is
/// imported. Export shows the folders only, and Export Here writes into the one shown.
///
/// It is a view over the pages (`PhoneView`): the header's back button, Escape and Alt+Left
/// close it, choosing nothing. Parent Folder (Alt+Up) and Home (Alt+Home) are beside the
/// folder's name; going up, the folder come out of keeps the focus. Orca hears each folder's
/// name and how many rows it has, or why it has none. The folder last shown is where the next
/// picker starts, as GTK's chooser remembers. A folder is read on another thread, as GTK's
/// chooser reads one, and only the one opened last is shown.
@MainActor
final class PhoneFilePicker {
    enum Purpose {
        /// A task file to import: a press on it chooses it.
        case file
        /// A folder to export into: Export Here chooses the one shown.
        case folder
    }

    private let purpose: Purpose
    private let chosen: @MainActor (URL) -> Void
    private weak var view: PhoneView?
    let root: UnsafeMutablePointer<GtkWidget>
    private let place: UnsafeMutablePointer<GtkWidget>
    private let parentButton: UnsafeMutablePointer<GtkWidget>
    private let rows: UnsafeMutablePointer<GtkWidget>
    private let scrolled: UnsafeMutablePointer<GtkWidget>
    private let status: UnsafeMutablePointer<GtkWidget>
    private var allFiles: UnsafeMutablePointer<GtkWidget>?
    private var exportButton: UnsafeMutablePointer<GtkWidget>?
    private(set) var listing: FolderListing?
    private(set) var folder: URL
    /// What the system said when the folder shown could not be read.
    private var readFailure = ""
    /// Each `open` reads its folder on another thread; only the last one opened is shown.
    private var readsStarted = 0
    private var readsShown = 0
    /// Whether the folder opened last is still being read.
    var isReading: Bool { readsShown < readsStarted }

    /// The one shown; kept while its view is.
    private(set) static var shown: PhoneFilePicker?
    /// Where the next picker starts: the folder the last one showed.
    private static var lastFolder: URL?

    /// Shows the picker in `view`, titled `title`; `chosen` gets the file or folder once the
    /// view has closed (never, when it is closed without a choice).
    static func present(_ purpose: Purpose, title: String, in view: PhoneView, chosen: @escaping @MainActor (URL) -> Void) {
        let picker = PhoneFilePicker(purpose, view: view, chosen: chosen)
        view.show(picker.root, title: title, focus: picker.rows, closing: {}, closed: { shown = nil })
        shown = picker
        picker.open(startFolder)
    }

    private static var startFolder: URL {
        if let lastFolder, FileManager.default.fileExists(atPath: lastFolder.path) { return lastFolder }
        return home
    }

    private init(_ purpose: Purpose, view: PhoneView, chosen: @escaping @MainActor (URL) -> Void) {
        self.purpose = purpose
        self.view = view
        self.chosen = chosen
        folder = Self.startFolder
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        Widgets.addClass(root, "file-picker")
        for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            side(root, 12)
        }
        place = gtk_label_new(nil)!
        parentButton = Widgets.iconButton(icon: "go-up-symbolic", tooltip: tr("Parent Folder"), action: nil)
        rows = gtk_list_box_new()!
        scrolled = gtk_scrolled_window_new()!
        status = AccessibleRole.widget(gtk_label_get_type(), role: GTK_ACCESSIBLE_ROLE_STATUS)
        gtk_label_set_wrap(OpaquePointer(status), 1)
        gtk_label_set_wrap_mode(OpaquePointer(status), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_xalign(OpaquePointer(status), 0)
        // Show All Files and Export Here above the rows: the window's notices (an import's,
        // an undo's) come over the bottom of the view, where they hid them.
        for child in [placeBar(), purpose == .file ? allFilesCheck() : exportHereButton(), scrolledRows(), status] {
            gtk_box_append(cast(root), child)
        }
        gtk_widget_add_controller(root, keys())
    }

    /// Parent Folder, the folder's name, Home.
    private func placeBar() -> UnsafeMutablePointer<GtkWidget> {
        let bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        Widgets.addClass(place, "heading")
        gtk_label_set_ellipsize(OpaquePointer(place), PANGO_ELLIPSIZE_MIDDLE)
        gtk_widget_set_hexpand(place, 1)
        let home = Widgets.iconButton(icon: "user-home-symbolic", tooltip: tr("Home Folder"), action: nil)
        Signal.connect(parentButton.raw, "clicked") { [weak self] in self?.openParent() }
        Signal.connect(home.raw, "clicked") { [weak self] in self?.openHome() }
        for child in [parentButton, place, home] { gtk_box_append(cast(bar), child) }
        return bar
    }

    private func scrolledRows() -> UnsafeMutablePointer<GtkWidget> {
        gtk_list_box_set_selection_mode(OpaquePointer(rows), GTK_SELECTION_NONE)
        Widgets.addClass(rows, "boxed-list")
        Signal.connectObject(rows.raw, "row-activated") { [weak self] row in
            guard let self, let entries = self.listing?.entries else { return }
            let index = Int(gtk_list_box_row_get_index(cast(row)))
            if entries.indices.contains(index) { self.activate(entries[index]) }
        }
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_vexpand(scrolled, 1)
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), rows)
        return scrolled
    }

    /// Import: Show All Files, for a file whose suffix is not a task file's (the content is
    /// what `ArrivalImport` goes by).
    private func allFilesCheck() -> UnsafeMutablePointer<GtkWidget> {
        let check = gtk_check_button_new_with_mnemonic(tr("Show _All Files"))!
        allFiles = check
        Signal.connect(check.raw, "toggled") { [weak self] in
            guard let self else { return }
            // The focus stays on the check box, where Space toggled it.
            self.open(self.folder, movingFocus: false)
        }
        return check
    }

    private func exportHereButton() -> UnsafeMutablePointer<GtkWidget> {
        // Named for Orca after the folder it writes into (`open`), its label saying "here".
        let button = AccessibleRole.textButton(mnemonic: tr("_Export Here"), name: tr("Export Here"))
        Widgets.addClass(button, "suggested-action")
        exportButton = button
        Signal.connect(button.raw, "clicked") { [weak self] in
            guard let self else { return }
            self.choose(self.folder)
        }
        return button
    }

    /// Alt+Up: the parent folder; Alt+Home: the home folder (GTK's chooser's and Files' keys).
    /// Taken before the rows: on a page, Alt+Up moves an item.
    private func keys() -> OpaquePointer {
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signal.connectKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] keyval, state in
            let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue)
            guard let self, modifiers == GDK_ALT_MASK.rawValue else { return false }
            switch Int32(keyval) {
            case GDK_KEY_Up, GDK_KEY_KP_Up: self.openParent()
            case GDK_KEY_Home, GDK_KEY_KP_Home: self.openHome()
            default: return false
            }
            return true
        }
        return keys
    }

    // MARK: Going about

    /// Shows `folder`; focuses the row of `focusing` (a folder come out of), or the first,
    /// unless not `movingFocus`.
    func open(_ folder: URL, focusing: URL? = nil, movingFocus: Bool = true) {
        self.folder = folder.standardizedFileURL
        Self.lastFolder = self.folder
        gtk_label_set_text(OpaquePointer(place), displayName(of: self.folder))
        // Orca names the rows after the folder, where GTK 4.8 gave it "GtkListBox".
        Widgets.setAccessibleLabel(rows, displayName(of: self.folder))
        gtk_widget_set_tooltip_text(place, self.folder.path)
        gtk_widget_set_sensitive(parentButton, self.folder.path == "/" ? 0 : 1)
        if let exportButton {
            Widgets.setAccessibleLabel(exportButton, tr("Export to “{folder}”", ["folder": displayName(of: self.folder)]))
        }
        readsStarted += 1
        let read = readsStarted, shownFolder = self.folder, files = files, locale = Collation.locale
        // Off the main thread: a folder of thousands of names (a Downloads, with Show All Files)
        // is stat'ed and sorted in the collation's order, and the window would stand still.
        Thread.detachNewThread {
            let listing: FolderListing?, failure: String
            do {
                listing = try FolderListing.read(shownFolder, files: files, locale: locale)
                failure = ""
            } catch {
                listing = nil
                failure = (error as NSError).localizedDescription
            }
            _ = MainLoop.idle { [weak self] in
                guard let self, read == self.readsStarted else { return }
                self.show(listing, failure: failure, focusing: movingFocus ? focusing : nil, movingFocus: movingFocus)
            }
        }
    }

    private func show(_ listing: FolderListing?, failure: String, focusing: URL?, movingFocus: Bool) {
        self.listing = listing
        readFailure = failure
        readsShown = readsStarted
        fillRows(focusing: focusing, movingFocus: movingFocus)
        say()
    }

    private var files: FolderListing.Files {
        switch purpose {
        case .folder: return .none
        case .file: return allFiles.map { gtk_check_button_get_active(cast($0)) != 0 } == true ? .all : .taskFiles
        }
    }

    func openParent() {
        guard folder.path != "/" else { return }
        open(folder.deletingLastPathComponent(), focusing: folder)
    }

    func openHome() {
        open(Self.home)
    }

    /// A folder opens; a file is chosen.
    func activate(_ entry: FolderListing.Entry) {
        if entry.isFolder {
            open(entry.url)
        } else {
            choose(entry.url)
        }
    }

    /// The view closes, then `chosen` runs: an import's message or notice comes over the pages.
    private func choose(_ url: URL) {
        let chosen = self.chosen
        view?.close()
        chosen(url)
    }

    // MARK: What is shown

    private func fillRows(focusing: URL?, movingFocus: Bool) {
        while let child = gtk_widget_get_first_child(rows) { gtk_list_box_remove(OpaquePointer(rows), child) }
        var focus: UnsafeMutablePointer<GtkWidget>?
        for entry in listing?.entries ?? [] {
            let row = Self.row(for: entry)
            gtk_list_box_append(OpaquePointer(rows), row)
            if focus == nil || entry.url.standardizedFileURL == focusing?.standardizedFileURL { focus = row }
        }
        let empty = listing?.entries.isEmpty != false
        gtk_label_set_text(OpaquePointer(status), statusText)
        gtk_widget_set_visible(status, statusText.isEmpty ? 0 : 1)
        gtk_widget_set_visible(scrolled, empty ? 0 : 1)
        // Without rows, why takes their place, in the middle, as GNOME's empty views say it.
        gtk_widget_set_vexpand(status, empty ? 1 : 0)
        gtk_label_set_justify(OpaquePointer(status), empty ? GTK_JUSTIFY_CENTER : GTK_JUSTIFY_LEFT)
        gtk_label_set_xalign(OpaquePointer(status), empty ? 0.5 : 0)
        // The focus stays in the picker: on a row, or Parent Folder where there is none.
        if movingFocus { gtk_widget_grab_focus(focus ?? parentButton) }
    }

    /// A folder's or a file's row: its icon and its name, named for Orca "Documents, Folder".
    private static func row(for entry: FolderListing.Entry) -> UnsafeMutablePointer<GtkWidget> {
        let row = gtk_list_box_row_new()!
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        let image = AccessibleRole.widget(gtk_image_get_type(), role: GTK_ACCESSIBLE_ROLE_PRESENTATION)
        gtk_image_set_from_icon_name(OpaquePointer(image), entry.isFolder ? "folder-symbolic" : "text-x-generic-symbolic")
        let label = gtk_label_new(entry.name)!
        gtk_label_set_xalign(OpaquePointer(label), 0)
        gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_MIDDLE)
        gtk_widget_set_hexpand(label, 1)
        gtk_box_append(cast(box), image)
        gtk_box_append(cast(box), label)
        for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end] { side(box, 12) }
        gtk_list_box_row_set_child(cast(row), box)
        Widgets.setAccessibleLabel(row, tr("{name}, {kind}", ["name": entry.name, "kind": entry.isFolder ? tr("Folder") : tr("File")]))
        return row
    }

    /// Why there are no rows, or how many more there are than shown; empty otherwise.
    private var statusText: String {
        guard let listing else {
            return tr("“{folder}” cannot be opened: {reason}", ["folder": displayName(of: folder), "reason": readFailure])
        }
        if listing.notShown > 0 {
            return trPlural("{count} more not shown.", "{count} more not shown.", listing.notShown, ["count": countText(listing.notShown)])
        }
        guard listing.entries.isEmpty else { return "" }
        switch files {
        case .none: return tr("No folders here.")
        case .taskFiles: return tr("No folders or task files here.")
        case .all: return tr("No folders or files here.")
        }
    }

    /// Orca hears the folder and its rows: "Documents, 4 items", or why there are none.
    private func say() {
        let count = listing?.entries.count ?? 0
        let text = count == 0 ? statusText
            : trPlural("“{folder}”, {count} item", "“{folder}”, {count} items", count,
                       ["folder": displayName(of: folder), "count": countText(count)])
        Announcer.say(text, from: root)
    }

    /// The folder's name; "Home" for the home folder, as Files calls it, and "/" for the root.
    private func displayName(of folder: URL) -> String {
        if folder.path == Self.home.path { return tr("Home") }
        return folder.path == "/" ? "/" : folder.lastPathComponent
    }

    private static var home: URL { URL(fileURLWithPath: String(cString: g_get_home_dir()), isDirectory: true).standardizedFileURL }
}
