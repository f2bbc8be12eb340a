@preconcurrency import CGtk
import FlickCore

/// Wakes the store when the database's write-ahead log changes on disk, as it does at every
/// commit, another program's too (another Flick on the same folder, a script with sqlite3),
/// which the store's own commits cannot tell: the store then tells another
/// program's commit from its own (`TodoStore.fileMayHaveChanged`). No timer: the file monitor
/// wakes it.
@MainActor
final class ExternalWriteWatch {
    private let store: TodoStore
    private var monitor: UnsafeMutablePointer<GFileMonitor>?
    private var isCheckScheduled = false

    init(store: TodoStore, databasePath: String) {
        self.store = store
        let log = g_file_new_for_path(databasePath + "-wal")
        defer { g_object_unref(UnsafeMutableRawPointer(log)) }
        guard let monitor = g_file_monitor_file(log, G_FILE_MONITOR_NONE, nil, nil) else { return }
        self.monitor = monitor
        Signal.connectFileChanged(UnsafeMutableRawPointer(monitor)) { [weak self] _ in self?.scheduleCheck() }
    }

    isolated deinit {
        if let monitor {
            g_file_monitor_cancel(monitor)
            g_object_unref(UnsafeMutableRawPointer(monitor))
        }
    }

    /// A burst of writes (one commit writes the log several times) is looked at once.
    private func scheduleCheck() {
        guard !isCheckScheduled else { return }
        isCheckScheduled = true
        MainLoop.idle { [weak self] in
            guard let self else { return }
            self.isCheckScheduled = false
            self.store.fileMayHaveChanged()
        }
    }
}
