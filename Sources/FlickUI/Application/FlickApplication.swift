@preconcurrency import CGtk
import FlickCore
import Foundation
import GestureShim

/// The GtkApplication: one instance per session, command-line options, one window, the store.
///
/// Uniqueness is GApplication's: the first `flick` registers `io.github.flicktodo.Flick` on the
/// session bus and becomes the primary instance; a later `flick` finds the name taken, hands
/// its command line to the primary (`command-line`) and exits with the status the primary
/// returns. `--version` and `--list` are answered locally, before any of that
/// (`handle-local-options`, see FlickApplication+CommandLine.swift).
@MainActor
public final class FlickApplication {
    public static let applicationID = DataDirectory.applicationID
    /// The release, as NEWS and the metainfo's newest <release> name it (ReleaseVersionTests).
    nonisolated public static let version = FlickRelease.version

    let application: UnsafeMutablePointer<GtkApplication>
    private(set) var mainWindow: MainWindow?
    /// `--data-dir` as given to this (primary) process, made absolute.
    var dataDirectoryOption: String?
    /// The data folder of the open store, once there is one.
    private(set) var openDirectory: URL?
    /// The store, opened once: the window shows it, reminders read it with or without a window.
    private(set) var store: TodoStore?
    /// Shows reminders when they are due, once the store is open.
    var reminders: ReminderNotifier?
    /// Tells when the machine wakes or changes its zone (`woke`, `timeZoneChanged`).
    var systemBus: SystemBusWatch?
    var timeZones: TimeZoneWatch?
    /// An update of the reminders is waiting for the main loop (changes come in bursts).
    var reminderUpdatePending = false
    /// Runs CalDAV sync, once the store is open.
    var sync: SyncController?
    /// A database kept aside when the store opened, told the user when the window is shown.
    private var unreadableDatabase: UnreadableDatabase?
    let resources = ResourceLocations()
    /// The window's size and last list (GSettings), read once.
    private(set) lazy var windowState = WindowState(schemaDirectories: resources.schemaDirectories)
    /// The database read while GTK starts (see StorePreload), taken by `storeOpening`.
    private var preload: StorePreload?
    /// The database opened for writing from `startup` on (see StoreOpening), taken by `openStore()`.
    private var storeOpening: StoreOpening?
    /// A database file the user chose to open instead (set aside earlier, or a backup): put in
    /// place once the store is closed, and Flick started again on it (`FlickApplication+SetAside`).
    var restoreOnQuit: Reopening?
    /// The desktop's appearance, followed while Flick runs.
    private var desktopSettings: DesktopSettingsWatch?
    /// The file's deferred check failed: after the main loop, Flick starts again checking first.
    var checkFailedWhileShown = false
    /// The daily backup, once the store is open.
    var backups: BackupSchedule?
    /// Whether the window has looked for such a database already in this process.
    var lookedForSetAside = false
    /// The GNOME Shell's search in Flick, exported with the application's own D-Bus objects.
    private var searchProvider: SearchProvider?
    /// Why the store could not be opened, the last time it was tried; nil once it is open.
    private(set) var openFailure: StorageFailure?
    /// The window that says why Flick cannot start is on screen: a second is not stacked on it.
    private var showingStartupFailure = false
    /// Told of start-up's phases and of each window made: `flick-bench`'s, nil in `flick`.
    let observer: (any ApplicationObserver)?

    public convenience init() {
        self.init(observer: nil)
    }

    /// An application that tells `observer` how its start-up goes (`flick-bench`).
    package init(observer: (any ApplicationObserver)?) {
        self.observer = observer
        observer?.reached(.main)
        Localization.setUp(localeDirectory: resources.localeDirectory)
        resources.addToDataDirectories()
        // A GtkApplication that also exports the Shell's search provider (FlickBusApplication).
        application = flick_bus_application_new(Self.applicationID, G_APPLICATION_HANDLES_COMMAND_LINE)
        g_set_application_name("Flick")
        CommandLineOptions.register(on: gApplication)
        let raw = UnsafeMutableRawPointer(application)
        Signal.connectObjectReturningInt(raw, "handle-local-options") { [weak self] options in
            OptionParsingErrors.stopCatching()  // The options were read: what follows is Flick's own.
            return self?.handleLocalOptions(cast(options)) ?? 1
        }
        Signal.connectObjectReturningInt(raw, "command-line") { [weak self] commandLine in
            self?.handleCommandLine(cast(commandLine)) ?? 1
        }
        Signal.connect(raw, "startup") { [weak self] in self?.startUp() }
        Signal.connect(raw, "activate") { [weak self] in self?.activate() }
        registerWithSession()
        let provider = SearchProvider(application: gApplication, host: self)
        provider.install(on: application)
        searchProvider = provider
    }

    /// Registers with the session manager (GNOME's or Xfce's) when Flick starts as the primary
    /// instance, so that a logout asks Flick first (`query-end`): what is being typed is saved
    /// then, before the session ends it. The session's end itself quits Flick through
    /// `g_application_quit`, and `run()` closes the store.
    private func registerWithSession() {
        var on = GValue()
        g_value_init(&on, GType(G_TYPE_BOOLEAN_RAW))
        g_value_set_boolean(&on, 1)
        g_object_set_property(UnsafeMutablePointer(OpaquePointer(application)), "register-session", &on)
        g_value_unset(&on)
        Signal.connect(UnsafeMutableRawPointer(application), "query-end") { [weak self] in
            self?.mainWindow?.saveTyping()
        }
    }

    package var gApplication: UnsafeMutablePointer<GApplication> { UnsafeMutablePointer(OpaquePointer(application)) }

    /// Runs the main loop until the last window closes; returns the exit status.
    public func run() -> Int32 {
        OptionParsingErrors.catchWhileParsing(CommandLine.argc, CommandLine.unsafeArgv)
        defer { OptionParsingErrors.stopCatching() }
        let status = g_application_run(gApplication, CommandLine.argc, CommandLine.unsafeArgv)
        store?.close()
        storeOpening?.closeIfUnused()
        if let restoreOnQuit, let store { restoreAndStartAgain(restoreOnQuit, as: URL(fileURLWithPath: store.queue.path)) }
        if checkFailedWhileShown { startAgainCheckingFirst() }
        // GLib counts a command line of this process that ran the main loop a success, whatever
        // it returned (the window saying why Flick cannot start holds the loop): a Flick whose
        // store never opened ends as the message said, unsuccessfully.
        return openFailure == nil ? status : 1
    }

    private func startUp() {
        observer?.reached(.registered)  // GTK initialised and the bus name taken.
        startOpeningStore()
        // The look first: the style sheet is then loaded once, with the heat map drawn in it.
        let watch = DesktopSettingsWatch { AppStyle.follow($0) }
        AppStyle.follow(watch.appearance)
        AppStyle.install()
        desktopSettings = watch
        gtk_window_set_default_icon_name(Self.applicationID)
        Actions.add([
            .init(name: "about", accelerators: []) { [weak self] in
                AboutDialog.present(over: self?.mainWindow?.window)
            },
            .init(name: "quit", accelerators: ["<Control>q"]) { [weak self] in self?.quit() },
        ], to: OpaquePointer(application), prefix: "app", application: application)
        // In the primary instance only (`startup` runs there alone): a second `flick`, which
        // hands its command line over and waits for the answer, runs no main loop that could
        // hear the signals, and a signal ends it at once as before.
        TerminationSignals.quitOnFirst { [weak self] in self?.quit() }
        addItemAction()
        addReminderActions()
        addSyncAction()
    }

    /// Ends Flick: Ctrl+Q, and SIGTERM, SIGINT and SIGHUP (`TerminationSignals`), with the
    /// window open or in the background. Closing the window saves what is being typed in it;
    /// the main loop then ends, and `run()` closes the store and notes it closed cleanly.
    func quit() {
        if let window = mainWindow?.window { gtk_window_close(cast(window)) }
        g_application_quit(gApplication)
    }

    /// `app.add-item(s)`: what `flick --add TEXT` does, for D-Bus callers (org.gtk.Actions).
    private func addItemAction() {
        let string = g_variant_type_new("s")
        defer { g_variant_type_free(string) }
        let action = g_simple_action_new("add-item", string)!
        Signal.connectStringAction(action) { [weak self] text in
            guard let self, let window = self.openWindow() else { return }
            _ = Self.addItem(titled: text, to: window)
            self.presentWindow()
        }
        g_action_map_add_action(OpaquePointer(application), action)
        g_object_unref(UnsafeMutableRawPointer(action))
    }

    /// Starts reading the database the window will show, before GTK's start-up, which it overlaps.
    func startPreload() {
        let directory = DataDirectory.resolve(option: dataDirectoryOption, environment: ProcessEnvironment.all)
        preload = StorePreload(databaseURL: directory.appendingPathComponent(DataDirectory.databaseFileName),
                               listID: windowState.int64("last-list"), checkingFirst: Self.takeCheckFirst(),
                               checkingAfterFirstFrame: true)
    }

    /// Opens the database the window will show for writing, on a thread, while the rest of
    /// `startup` runs: this process is the primary instance, which alone may change the file.
    private func startOpeningStore() {
        let directory = DataDirectory.resolve(option: dataDirectoryOption, environment: ProcessEnvironment.all)
        storeOpening = StoreOpening(databaseURL: directory.appendingPathComponent(DataDirectory.databaseFileName),
                                    preload: preload)
    }

    private func activate() {
        if openWindow() != nil { presentWindow() }
    }

    /// Presents the main window, then the explanation of a database kept aside, if any, above it.
    func presentWindow() {
        guard let mainWindow else { return }
        mainWindow.present()
        observer?.reached(.presented)
        // Idle work waits for GDK's layout and paint: this runs once the first frame is painted.
        MainLoop.idle { [preload] in preload?.firstFrameShown() }
        // Upcoming is read once ahead, after the first frame: the first Ctrl+U then finds its
        // read kept (`UpcomingReadCache`), as every later one does while nothing changed.
        MainLoop.idle { [store = mainWindow.store] in _ = try? store.upcoming(day: DueDate.today()) }
        if let problem = unreadableDatabase {
            unreadableDatabase = nil
            lookedForSetAside = true  // One question at a time: this start's own file set aside first.
            tellUnreadable(problem, over: mainWindow.window)
        }
        offerSetAsideDatabase()
    }

    /// The main window, created (with the store it shows) on first use; nil when the data
    /// folder cannot be used, in which case the user has been told.
    @discardableResult
    func openWindow() -> MainWindow? {
        if let mainWindow { return mainWindow }
        guard let store = openStore() else { return nil }
        do {
            let lastList = windowState.int64("last-list")
            guard let document = try store.document(listID: lastList) else { return nil }
            if let id = document.list.id { windowState.setInt64("last-list", id) }
            // The overview counts its lists' items when it is first shown, not on the way to the first frame.
            let window = MainWindow(application: application, store: store, lists: try store.listsDocument(countingNow: false),
                                    document: document, windowState: windowState)
            mainWindow = window
            observer?.reached(.windowBuilt)
            // Closed, the window is gone; Flick may go on in the background (reminders) and
            // make a new one when activated again.
            Signal.connect(window.window.raw, "destroy") { [weak self, weak window] in
                if let self, self.mainWindow === window { self.mainWindow = nil }
            }
            window.onItemsChanged = { [weak self] in self?.itemsChanged() }
            window.installSyncActions { [weak self] in self?.sync }
            if let sync { window.showSyncStatus(sync.status) }
            observer?.windowBuilt(window, by: self)
            return window
        } catch {
            showStartupFailure(StorageFailure(error, folder: openDirectory ?? URL(fileURLWithPath: ".")).checkingFolder())
            return nil
        }
    }

    /// The store, opened on first use (with the welcome lists in a new database); nil when the
    /// data folder cannot be used, in which case the user has been told, unless `tellingFailure`
    /// is false (the Shell's search, which must not put up a window while the user types there;
    /// the next start of the window tells).
    func openStore(tellingFailure: Bool = true) -> TodoStore? {
        if let store { return store }
        let directory = DataDirectory.resolve(option: dataDirectoryOption, environment: ProcessEnvironment.all)
        let databaseURL = directory.appendingPathComponent(DataDirectory.databaseFileName)
        do {
            let opened = try storeOpening?.store(for: databaseURL)
                ?? TodoStore(databaseURL: databaseURL, preload: preload?.take(for: databaseURL))
            try WelcomeList.addIfNeeded(to: opened)
            store = opened
            observer?.reached(.storeOpen)
            OrganisingBackfillRunner.start(opened)
            openDirectory = directory
            openFailure = nil
            unreadableDatabase = opened.keptAside
            storeOpened(opened)
            return opened
        } catch {
            let failure = StorageFailure(error, folder: directory).checkingFolder()
            openFailure = failure
            if tellingFailure {
                showStartupFailure(failure)
            } else {
                FileHandle.standardError.write(Data("flick: cannot open the data folder: \(error)\n".utf8))
            }
            return nil
        }
    }

    /// What a command line sent to this Flick is told when the store cannot be opened: why,
    /// in the words of the window that says so.
    var cannotOpenText: String {
        openFailure.map(StorageProblemMessage.cannotStart) ?? tr("Flick could not open its list.")
    }

    /// The data directory cannot be used at all (not writable, a file in its place, a newer
    /// Flick's file): say so and quit when the message is closed.
    private func showStartupFailure(_ failure: StorageFailure) {
        FileHandle.standardError.write(Data("flick: cannot open the data folder: \(failure)\n".utf8))
        guard !showingStartupFailure else { return }
        showingStartupFailure = true
        let hold = gApplication
        g_application_hold(hold)
        MessageWindow.present(
            heading: StorageProblemMessage.cannotStartHeading(failure), body: StorageProblemMessage.cannotStart(failure),
            details: failure.detail, answer: Self.startupFailureAnswer(failure), over: nil,
            onClose: { [weak self] in
                self?.showingStartupFailure = false
                g_application_release(hold)
            })
    }

    /// Quit, for a newer Flick's file: nothing here can use it, and closing the message ends
    /// Flick. The others keep OK.
    private static func startupFailureAnswer(_ failure: StorageFailure) -> QuestionDialog.Choice? {
        guard case .newerFlick = failure.problem else { return nil }
        return QuestionDialog.Choice(mnemonic: tr("_Quit"), name: tr("Quit"))
    }
}
