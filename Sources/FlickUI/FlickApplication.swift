@preconcurrency import CGtk
import FlickCore
import Foundation

/// The GtkApplication: command-line options, one window per process, the store.
@MainActor
public final class FlickApplication {
    public static let applicationID = DataDirectory.applicationID
    public static let version = "0.1.0"

    let application: UnsafeMutablePointer<GtkApplication>
    private(set) var mainWindow: MainWindow?
    private var dataDirectoryOption: String?
    private let resources = ResourceLocations()

    public init() {
        Localization.setUp(localeDirectory: resources.localeDirectory)
        application = gtk_application_new(Self.applicationID, G_APPLICATION_DEFAULT_FLAGS)
        g_set_application_name("Flick")
        addOptions()
        let raw = UnsafeMutableRawPointer(application)
        Signal.connectObjectReturningInt(raw, "handle-local-options") { [weak self] options in
            self?.handleLocalOptions(options) ?? -1
        }
        Signal.connect(raw, "startup") { [weak self] in self?.startUp() }
        Signal.connect(raw, "activate") { [weak self] in self?.activate() }
    }

    /// Runs the main loop until the last window closes; returns the exit status.
    public func run() -> Int32 {
        g_application_run(UnsafeMutablePointer(OpaquePointer(application)), CommandLine.argc, CommandLine.unsafeArgv)
    }

    private func addOptions() {
        g_application_add_main_option(UnsafeMutablePointer(OpaquePointer(application)), "data-dir", 0,
                                      G_OPTION_FLAG_NONE, G_OPTION_ARG_FILENAME,
                                      tr("Keep the database in DIR instead of the default place"), tr("DIR"))
    }

    private func handleLocalOptions(_ optionsObject: OpaquePointer) -> Int32 {
        let options: UnsafeMutablePointer<GVariantDict> = cast(optionsObject)
        if let value = g_variant_dict_lookup_value(options, "data-dir", nil) {
            dataDirectoryOption = g_variant_get_bytestring(value).map { String(cString: $0) }
            g_variant_unref(value)
        }
        return -1  // Go on with the default handling.
    }

    private func startUp() {
        AppStyle.install()
        gtk_window_set_default_icon_name(Self.applicationID)
        Actions.add([
            .init(name: "about", accelerators: []) { [weak self] in
                AboutDialog.present(over: self?.mainWindow?.window)
            },
            .init(name: "quit", accelerators: ["<Control>q"]) { [weak self] in
                guard let self else { return }
                if let window = self.mainWindow?.window { gtk_window_close(cast(window)) }
                g_application_quit(UnsafeMutablePointer(OpaquePointer(self.application)))
            },
        ], to: OpaquePointer(application), prefix: "app", application: application)
    }

    private func activate() {
        if let mainWindow {
            mainWindow.present()
            return
        }
        let directory = DataDirectory.resolve(option: dataDirectoryOption, environment: ProcessInfo.processInfo.environment)
        let databaseURL = directory.appendingPathComponent(DataDirectory.databaseFileName)
        do {
            let store = try TodoStore(databaseURL: databaseURL)
            if store.isNew {
                try store.createList(name: WelcomeList.name, titles: WelcomeList.titles)
            }
            let windowState = WindowState(schemaDirectories: resources.schemaDirectories)
            let lastList = windowState.int64("last-list")
            guard let document = try store.document(listID: lastList) else { return }
            let window = MainWindow(application: application, document: document, windowState: windowState)
            mainWindow = window
            window.present()
            if let problem = store.keptAside {
                MessageWindow.present(heading: UnreadableDatabaseMessage.heading,
                                      body: UnreadableDatabaseMessage.body(for: problem), over: window.window)
            }
        } catch {
            showStartupFailure(error, directory: directory)
        }
    }

    /// The data directory cannot be used at all (not writable, a file in its place): say so
    /// and quit when the message is closed.
    private func showStartupFailure(_ error: Error, directory: URL) {
        let hold = UnsafeMutablePointer<GApplication>(OpaquePointer(application))
        g_application_hold(hold)
        MessageWindow.present(
            heading: tr("Flick Cannot Start"),
            body: tr("Flick could not open its data folder\n{path}\n{error}", ["path": directory.path, "error": "\(error)"]),
            over: nil, onClose: { g_application_release(hold) })
    }
}
