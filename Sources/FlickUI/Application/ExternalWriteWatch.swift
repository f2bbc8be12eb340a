@preconcurrency import CGtk
import FlickCore

/// Notices commits another program makes to the database file (another Flick on the same
/// folder, a script with sqlite3), which the store's own change stream cannot hear (issue 28).
/// The file's write-ahead log changes with every commit, this process's too; SQLite's
/// `data_version` tells the others' apart. No timer: the file monitor wakes it.
@MainActor
final class ExternalWriteWatch {
    /// Told on the main loop after another program committed.
    var onExternalCommit: (() -> Void)?
    private let store: TodoStore
    private var monitor: UnsafeMutablePointer<GFileMonitor>?
    private var lastVersion: Int64
    private var isCheckScheduled = false

    init(store: TodoStore, databasePath: String) {
        self.store = store
        lastVersion = (try? store.dataVersion()) ?? 0
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
            guard let version = try? self.store.dataVersion(), version != self.lastVersion else { return }
            self.lastVersion = version
            self.onExternalCommit?()
        }
    }
}
