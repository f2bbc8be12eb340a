@preconcurrency import CGtk
import FlickSync
import Foundation

/// Flick's command-line options, declared to GApplication (which parses them, prints `--help`
/// and rejects unknown options), and read back from its options dictionary.
@MainActor
enum CommandLineOptions {
    static let version = "version"
    static let dataDirectory = "data-dir"
    static let add = "add"
    static let list = "list"
    static let background = "background"
    static let importFile = "import"
    static let into = "into"
    static let export = "export"
    static let addAccount = "add-account"
    static let removeAccount = "remove-account"
    static let user = "user"
    static let accounts = "accounts"
    static let sync = "sync"
    static let putBackMissing = "put-back-missing"
    static let removeMissing = "remove-missing"
    static let restoreSetAside = "restore-set-aside"
    static let deleted = "deleted"
    static let restore = "restore"
    static let delete = "delete"
    /// Not an option: the password read from standard input, put into the options sent to the
    /// running Flick, which cannot read this process's input (and, without a Secret Service,
    /// has no other way to learn it). The session bus carries it, as it carries the Secret
    /// Service's own answers; it is never printed, stored or logged.
    static let forwardedPassword = "x-flick-password"
    /// G_OPTION_REMAINING: arguments that are not options, which Flick does not take.
    static let remaining = ""

    /// The answer `--put-back-missing` or `--remove-missing` gives, if one does.
    nonisolated static func missingItemsAnswer(_ request: Request) -> MissingItemsAnswer? {
        if request.putBackMissing { return .putBack }
        return request.removeMissing ? .removeHere : nil
    }

    static func register(on application: UnsafeMutablePointer<GApplication>) {
        add(application, version, G_OPTION_ARG_NONE, tr("Show the version and exit"))
        add(application, dataDirectory, G_OPTION_ARG_FILENAME,
            tr("Keep the database in DIR instead of the default place"), argument: tr("DIR"))
        add(application, add, G_OPTION_ARG_STRING,
            tr("Add an item with this title at the top of the current list"), argument: tr("TEXT"))
        add(application, list, G_OPTION_ARG_NONE,
            tr("Print the items of the current list (or of the list named after it, or of today) and exit"))
        add(application, background, G_OPTION_ARG_NONE, tr("Start without a window, to show reminders (login uses this)"))
        add(application, importFile, G_OPTION_ARG_FILENAME,
            tr("Import the tasks of an iCalendar (.ics) file or of another app (Planify, Errands, GTG, todo.txt, Todoist, a GNOME To Do folder), each list into the list of its name"), argument: tr("FILE"))
        add(application, into, G_OPTION_ARG_STRING, tr("With --import: put every task into this list (made if needed)"),
            argument: tr("LIST"))
        add(application, export, G_OPTION_ARG_NONE,
            tr("Print every list (or the list named after it) as iCalendar (.ics) and exit"))
        add(application, addAccount, G_OPTION_ARG_STRING,
            tr("Add a CalDAV account (Nextcloud, Radicale …) and its task lists; the password is read from standard input"),
            argument: tr("URL"))
        add(application, removeAccount, G_OPTION_ARG_STRING,
            tr("Remove a CalDAV account; its lists stay on this computer and no longer sync"), argument: tr("URL"))
        add(application, user, G_OPTION_ARG_STRING, tr("With --add-account or --remove-account: the user name"), argument: tr("NAME"))
        add(application, accounts, G_OPTION_ARG_NONE, tr("Print the CalDAV accounts and the lists they sync, and exit"))
        add(application, sync, G_OPTION_ARG_NONE, tr("Sync every list with its calendar once, print what was done, and exit"))
        add(application, putBackMissing, G_OPTION_ARG_NONE,
            tr("With --sync: send the tasks a calendar lost at once to the server again"))
        add(application, removeMissing, G_OPTION_ARG_NONE,
            tr("With --sync: remove here too the tasks a calendar lost at once"))
        add(application, restoreSetAside, G_OPTION_ARG_NONE,
            tr("Use again the newest database that was set aside as unreadable and now reads well; the current one is kept beside it"))
        add(application, deleted, G_OPTION_ARG_NONE,
            tr("Print Recently Deleted, newest first: what was deleted in the last 30 days, and exit"))
        add(application, restore, G_OPTION_ARG_STRING,
            tr("Put back the deleted item with this title (or the one whose title holds it), in its list at its place"),
            argument: tr("TEXT"))
        add(application, delete, G_OPTION_ARG_STRING,
            tr("Delete the item with this title (or the one whose title holds it); Recently Deleted keeps it 30 days"),
            argument: tr("TEXT"))
        add(application, remaining, G_OPTION_ARG_STRING_ARRAY, "")
        g_application_set_option_context_summary(
            application, tr("Flick is a to-do list whose rows move under your hands. Without options it opens its window, or shows the window of the Flick already running."))
        g_application_set_option_context_description(
            application, tr("Your list is kept in $XDG_DATA_HOME/io.github.flicktodo.Flick unless --data-dir or $FLICK_DATA_DIR says otherwise."))
    }

    private static func add(_ application: UnsafeMutablePointer<GApplication>, _ name: String, _ kind: GOptionArg,
                            _ description: String, argument: String? = nil) {
        g_application_add_main_option(application, name, 0, G_OPTION_FLAG_NONE, kind, description, argument)
    }

    /// What one command line asks for, read from GApplication's options dictionary.
    struct Request: Equatable {
        var showVersion = false
        var list = false
        var background = false
        var dataDirectory: String?
        var addText: String?
        var importPath: String?
        var intoList: String?
        var export = false
        var addAccountURL: String?
        var removeAccountURL: String?
        var user: String?
        var forwardedPassword: String?
        var listAccounts = false
        var sync = false
        var putBackMissing = false
        var removeMissing = false
        var restoreSetAside = false
        var listDeleted = false
        var restoreText: String?
        var deleteText: String?
        var extraArguments: [String] = []
    }

    static func request(from options: UnsafeMutablePointer<GVariantDict>) -> Request {
        var request = Request()
        request.showVersion = boolean(options, version)
        request.list = boolean(options, list)
        request.background = boolean(options, background)
        request.dataDirectory = value(options, dataDirectory) { g_variant_get_bytestring($0).map { String(cString: $0) } }
        request.addText = value(options, add) { g_variant_get_string($0, nil).map { String(cString: $0) } }
        request.extraArguments = value(options, remaining) { strings(in: $0) } ?? []
        request.importPath = value(options, importFile) { g_variant_get_bytestring($0).map { String(cString: $0) } }
        request.intoList = value(options, into) { g_variant_get_string($0, nil).map { String(cString: $0) } }
        request.export = boolean(options, export)
        request.addAccountURL = value(options, addAccount) { g_variant_get_string($0, nil).map { String(cString: $0) } }
        request.removeAccountURL = value(options, removeAccount) { g_variant_get_string($0, nil).map { String(cString: $0) } }
        request.forwardedPassword = value(options, forwardedPassword) { g_variant_get_string($0, nil).map { String(cString: $0) } }
        request.user = value(options, user) { g_variant_get_string($0, nil).map { String(cString: $0) } }
        request.listAccounts = boolean(options, accounts)
        request.sync = boolean(options, sync)
        request.putBackMissing = boolean(options, putBackMissing)
        request.removeMissing = boolean(options, removeMissing)
        request.restoreSetAside = boolean(options, restoreSetAside)
        request.listDeleted = boolean(options, deleted)
        request.restoreText = value(options, restore) { g_variant_get_string($0, nil).map { String(cString: $0) } }
        request.deleteText = value(options, delete) { g_variant_get_string($0, nil).map { String(cString: $0) } }
        return request
    }

    /// Replaces `--data-dir` in the dictionary, which GApplication forwards to the primary.
    static func setDataDirectory(_ path: String, in options: UnsafeMutablePointer<GVariantDict>) {
        g_variant_dict_insert_value(options, dataDirectory, g_variant_new_bytestring(path))
    }

    /// Adds the password read from standard input to the options sent to the running Flick.
    static func setForwardedPassword(_ password: String, in options: UnsafeMutablePointer<GVariantDict>) {
        g_variant_dict_insert_value(options, forwardedPassword, g_variant_new_string(password))
    }

    /// Replaces `--import`'s path (made absolute) in the dictionary sent to the primary.
    static func setImportPath(_ path: String, in options: UnsafeMutablePointer<GVariantDict>) {
        g_variant_dict_insert_value(options, importFile, g_variant_new_bytestring(path))
    }

    private static func boolean(_ options: UnsafeMutablePointer<GVariantDict>, _ key: String) -> Bool {
        value(options, key) { g_variant_get_boolean($0) != 0 } ?? false
    }

    private static func value<T>(_ options: UnsafeMutablePointer<GVariantDict>, _ key: String,
                                 _ read: (OpaquePointer) -> T?) -> T? {
        guard let variant = g_variant_dict_lookup_value(options, key, nil) else { return nil }
        defer { g_variant_unref(variant) }
        return read(variant)
    }

    private static func strings(in variant: OpaquePointer) -> [String] {
        var count = 0
        guard let array = g_variant_get_strv(variant, &count) else { return [] }
        defer { g_free(UnsafeMutableRawPointer(mutating: array)) }
        return (0..<count).compactMap { array[$0].map { String(cString: $0) } }
    }
}
