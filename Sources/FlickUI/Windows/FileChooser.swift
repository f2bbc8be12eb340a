@preconcurrency import CGtk
import Foundation

/// The desktop's file chooser (GtkFileChooserNative: the portal's where there is one, GTK's
/// own dialog otherwise) for iCalendar files and the exports of other apps Flick imports.
/// GtkFileDialog would be simpler but is GTK 4.10.
@MainActor
enum FileChooser {
    /// Asks for files to import; `chosen` gets them (never called on Cancel).
    static func open(title: String, acceptLabel: String, over window: UnsafeMutablePointer<GtkWidget>,
                     chosen: @escaping @MainActor ([URL]) -> Void) {
        let chooser = gtk_file_chooser_native_new(title, cast(window), GTK_FILE_CHOOSER_ACTION_OPEN, acceptLabel, tr("_Cancel"))!
        gtk_file_chooser_set_select_multiple(chooser, 1)
        addTaskFilesFilter(to: chooser)
        addFilters(to: chooser)
        show(chooser) { chosen(files(of: chooser)) }
    }

    /// Asks where to save, suggesting `suggestedName`; `chosen` gets the place.
    static func save(title: String, suggestedName: String, over window: UnsafeMutablePointer<GtkWidget>,
                     chosen: @escaping @MainActor (URL) -> Void) {
        let chooser = gtk_file_chooser_native_new(title, cast(window), GTK_FILE_CHOOSER_ACTION_SAVE, tr("_Export"), tr("_Cancel"))!
        gtk_file_chooser_set_current_name(chooser, suggestedName)
        addFilters(to: chooser)
        show(chooser) { if let url = files(of: chooser).first { chosen(url) } }
    }

    /// Asks for a folder; `chosen` gets it. What Export asks at a phone's size (issue 61):
    /// GTK's own save dialog, which a phone without the portal gets, is at least 433 px wide
    /// (its Name row), and its folder chooser 156 px.
    static func folder(title: String, acceptLabel: String, over window: UnsafeMutablePointer<GtkWidget>,
                       chosen: @escaping @MainActor (URL) -> Void) {
        let chooser = gtk_file_chooser_native_new(title, cast(window), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, acceptLabel,
                                                  tr("_Cancel"))!
        show(chooser) { if let url = files(of: chooser).first { chosen(url) } }
    }

    /// Shows `chooser` modal; `accepted` runs on Accept. The chooser is released once it has
    /// answered.
    private static func show(_ chooser: OpaquePointer, accepted: @escaping @MainActor () -> Void) {
        gtk_native_dialog_set_modal(UnsafeMutablePointer(chooser), 1)
        Signal.connectUInt(UnsafeMutableRawPointer(chooser), "response") { response in
            // The signal's argument is a signed response id.
            if Int32(bitPattern: response) == GTK_RESPONSE_ACCEPT.rawValue { accepted() }
            gtk_native_dialog_destroy(UnsafeMutablePointer(chooser))
            g_object_unref(UnsafeMutableRawPointer(chooser))
        }
        gtk_native_dialog_show(UnsafeMutablePointer(chooser))
    }

    /// The suffixes of the files Flick imports, matched ignoring case (as GTK's suffix filter
    /// matches them): iCalendar's, and those of `ArrivalImport`.
    nonisolated static let taskFileSuffixes: Set<String> = ["ics", "ical", "ifb", "json", "xml", "bak", "txt", "csv"]

    /// Whether GTK's chooser is the desktop's portal, as it is in a Flatpak sandbox, or with
    /// GDK_DEBUG=portals (GTK 4.8's `gdk_should_use_portal`, gdk/gdk.c, private). A phone's
    /// portal chooser (Phosh's) fits its screen, and only it reaches the files outside the
    /// sandbox: there the phone's own picker (`PhoneFilePicker`) is not used.
    static var usesPortal: Bool {
        FileManager.default.fileExists(atPath: "/.flatpak-info")
            || (ProcessEnvironment.value("GDK_DEBUG") ?? "").split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == "portals" }
    }

    /// What Flick imports besides .ics (`ArrivalImport`), shown first: Planify's and Errands'
    /// JSON, GTG's XML and its .bak copies, todo.txt and Todoist's CSV. The files are told apart
    /// by their content; the suffixes only keep other files out of sight.
    private static func addTaskFilesFilter(to chooser: OpaquePointer) {
        let tasks = gtk_file_filter_new()!
        gtk_file_filter_set_name(tasks, tr("Task files"))
        gtk_file_filter_add_mime_type(tasks, "text/calendar")
        for suffix in taskFileSuffixes { gtk_file_filter_add_suffix(tasks, suffix) }
        gtk_file_chooser_add_filter(chooser, tasks)
        gtk_file_chooser_set_filter(chooser, tasks)
        g_object_unref(UnsafeMutableRawPointer(tasks))
    }

    /// The iCalendar files' filter, and All files.
    private static func addFilters(to chooser: OpaquePointer) {
        let calendars = gtk_file_filter_new()!
        gtk_file_filter_set_name(calendars, tr("iCalendar files"))
        gtk_file_filter_add_mime_type(calendars, "text/calendar")
        gtk_file_filter_add_suffix(calendars, "ics")
        gtk_file_filter_add_suffix(calendars, "ICS")
        gtk_file_filter_add_suffix(calendars, "ical")
        gtk_file_filter_add_suffix(calendars, "ifb")
        gtk_file_chooser_add_filter(chooser, calendars)
        let all = gtk_file_filter_new()!
        gtk_file_filter_set_name(all, tr("All files"))
        gtk_file_filter_add_pattern(all, "*")
        gtk_file_chooser_add_filter(chooser, all)
        // Opening, the task files' filter came first and stays chosen; saving, this one.
        if gtk_file_chooser_get_filter(chooser) == nil { gtk_file_chooser_set_filter(chooser, calendars) }
        g_object_unref(UnsafeMutableRawPointer(calendars))
        g_object_unref(UnsafeMutableRawPointer(all))
    }

    /// The local files chosen.
    private static func files(of chooser: OpaquePointer) -> [URL] {
        guard let model = gtk_file_chooser_get_files(chooser) else { return [] }
        defer { g_object_unref(UnsafeMutableRawPointer(model)) }
        return (0..<g_list_model_get_n_items(model)).compactMap { index in
            guard let file = g_list_model_get_item(model, index) else { return nil }
            defer { g_object_unref(file) }
            return localURL(of: OpaquePointer(file))
        }
    }

    /// The path of a GFile, when it has one (a file on a remote place has none).
    static func localURL(of file: OpaquePointer) -> URL? {
        guard let path = g_file_get_path(file) else { return nil }
        defer { g_free(path) }
        return URL(fileURLWithPath: String(cString: path))
    }
}
