@preconcurrency import CGtk
import GestureShim
import Foundation

/// The desktop's file chooser (the portal's where GTK uses it, GTK's own dialog otherwise) for
/// iCalendar files and the exports of other apps Flick imports: GtkFileDialog where Flick is
/// built against GTK 4.10 or later, GtkFileChooserNative on GTK 4.8, chosen in the shim
/// (`flick_choose_files_to_open`, flick_file_dialog.c) so there is one way here.
@MainActor
enum FileChooser {
    /// Asks for files to import; `chosen` gets them (never called on Cancel).
    static func open(title: String, acceptLabel: String, over window: UnsafeMutablePointer<GtkWidget>,
                     chosen: @escaping @MainActor ([URL]) -> Void) {
        withFilters(taskFilesFirst: true) { filters, first in
            flick_choose_files_to_open(cast(window), title, acceptLabel, tr("_Cancel"), filters, first, filesChosen,
                                       answer(over: window, chosen))
        }
    }

    /// Asks where to save, suggesting `suggestedName`; `chosen` gets the place.
    static func save(title: String, suggestedName: String, over window: UnsafeMutablePointer<GtkWidget>,
                     chosen: @escaping @MainActor (URL) -> Void) {
        withFilters(taskFilesFirst: false) { filters, first in
            flick_choose_file_to_save(cast(window), title, tr("_Export"), tr("_Cancel"), suggestedName, filters, first,
                                      filesChosen, answer(over: window) { if let url = $0.first { chosen(url) } })
        }
    }

    /// Asks for a folder; `chosen` gets it. What Export asks at a phone's size:
    /// GTK's own save dialog, which a phone without the portal gets, is at least 433 px wide
    /// (its Name row), and its folder chooser 156 px.
    static func folder(title: String, acceptLabel: String, over window: UnsafeMutablePointer<GtkWidget>,
                       chosen: @escaping @MainActor (URL) -> Void) {
        flick_choose_folder(cast(window), title, acceptLabel, tr("_Cancel"), filesChosen,
                            answer(over: window) { if let url = $0.first { chosen(url) } })
    }

    /// What the shim's chooser answers to: the local files chosen go to `chosen` (not called
    /// on Cancel); a chooser that failed (the portal's, say) says why in a message over
    /// `window`. Released by `filesChosen`, which the shim calls once.
    private static func answer(over window: UnsafeMutablePointer<GtkWidget>,
                               _ chosen: @escaping @MainActor ([URL]) -> Void) -> UnsafeMutableRawPointer {
        let answered: @MainActor (OpaquePointer?, String?) -> Void = { files, error in
            if let files {
                chosen(localURLs(in: files))
            } else if let error {
                MessageWindow.present(heading: tr("No File Could Be Chosen"), body: error, over: window)
            }
        }
        return Unmanaged.passRetained(HandlerBox(answered)).toOpaque()
    }

    /// The filters offered, as the list model of GtkFileFilter the shim takes, and the first,
    /// chosen at first, lent to `body`. Opening, the task files' filter comes first; saving,
    /// only iCalendar files and All files.
    private static func withFilters(taskFilesFirst: Bool, _ body: (OpaquePointer, OpaquePointer) -> Void) {
        let store = g_list_store_new(gtk_file_filter_get_type())!
        var filters = [calendarsFilter(), allFilesFilter()]
        if taskFilesFirst { filters.insert(taskFilesFilter(), at: 0) }
        for filter in filters {
            g_list_store_append(store, UnsafeMutableRawPointer(filter))
            g_object_unref(UnsafeMutableRawPointer(filter))  // The store holds it.
        }
        body(store, filters[0])
        g_object_unref(UnsafeMutableRawPointer(store))
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
    private static func taskFilesFilter() -> OpaquePointer {
        let tasks = gtk_file_filter_new()!
        gtk_file_filter_set_name(tasks, tr("Task files"))
        gtk_file_filter_add_mime_type(tasks, "text/calendar")
        for suffix in taskFileSuffixes { gtk_file_filter_add_suffix(tasks, suffix) }
        return tasks
    }

    /// The iCalendar files' filter.
    private static func calendarsFilter() -> OpaquePointer {
        let calendars = gtk_file_filter_new()!
        gtk_file_filter_set_name(calendars, tr("iCalendar files"))
        gtk_file_filter_add_mime_type(calendars, "text/calendar")
        gtk_file_filter_add_suffix(calendars, "ics")
        gtk_file_filter_add_suffix(calendars, "ICS")
        gtk_file_filter_add_suffix(calendars, "ical")
        gtk_file_filter_add_suffix(calendars, "ifb")
        return calendars
    }

    /// All files.
    private static func allFilesFilter() -> OpaquePointer {
        let all = gtk_file_filter_new()!
        gtk_file_filter_set_name(all, tr("All files"))
        gtk_file_filter_add_pattern(all, "*")
        return all
    }

    /// The local files of a list model of GFile.
    static func localURLs(in model: OpaquePointer) -> [URL] {
        (0..<g_list_model_get_n_items(model)).compactMap { index in
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

/// The shim's `FlickFilesChosen`: hands the answer to the handler `answer(over:_:)` made, once,
/// and releases it.
private let filesChosen: FlickFilesChosen = { data, files, error in
    let box = Unmanaged<HandlerBox<@MainActor (OpaquePointer?, String?) -> Void>>.fromOpaque(data!).takeRetainedValue()
    let message = error.map { String(cString: $0) }
    // The list is only lent for the call, which is on the main loop's thread.
    nonisolated(unsafe) let files = files
    MainActor.assumeIsolated { box.handler(files, message) }
}
