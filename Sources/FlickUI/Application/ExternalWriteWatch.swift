@preconcurrency import CGtk
import FlickCore
import Glibc

/// Notices commits another program makes to the database file (another Flick on the same
/// folder, a script with sqlite3), which the store's own change stream cannot hear (issue 28).
/// The file's write-ahead log changes with every commit, this process's too; SQLite's
/// `data_version` tells the others' apart. No timer: inotify wakes it.
///
/// The log is watched with inotify read on the main loop, not with a GFileMonitor: GLib reads
/// its monitors on its worker thread, and each of SQLite's writes to the log woke that thread,
/// about 1,100 times in a Clear Completed at 10,000 items (issue 30). Flick writes on the main
/// thread, so while it writes nothing waits on this descriptor: the kernel merges the log's
/// events into one, read after the commit. After a read the watch rests a moment, so that
/// another program's long commit wakes it a few times, not once a page.
@MainActor
final class ExternalWriteWatch {
    /// Told on the main loop after another program committed.
    var onExternalCommit: (() -> Void)?
    private let store: TodoStore
    private var descriptor: Int32 = -1
    /// The pending read of the descriptor, or the end of a rest; 0 when neither.
    private var source: UInt32 = 0
    private var lastVersion: Int64
    private var isCheckScheduled = false
    private static let restSeconds = 0.05

    init(store: TodoStore, databasePath: String) {
        self.store = store
        lastVersion = (try? store.dataVersion()) ?? 0
        // The log exists while the store is open (the read above opened it), and SQLite keeps
        // the same file until its last connection closes: the file itself is watched.
        let watch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard watch >= 0 else { return }
        guard inotify_add_watch(watch, databasePath + "-wal", UInt32(IN_MODIFY)) >= 0 else {
            close(watch)
            return
        }
        descriptor = watch
        listen()
    }

    isolated deinit {
        if source != 0 { MainLoop.cancel(source) }
        if descriptor >= 0 { close(descriptor) }
    }

    private func listen() {
        source = MainLoop.whenReadable(descriptor) { [weak self] in self?.logWritten() }
    }

    private func logWritten() {
        drainEvents()
        scheduleCheck()
        source = MainLoop.after(seconds: Self.restSeconds) { [weak self] in self?.listen() }
    }

    /// Reads the queued events; which they are does not matter, only that the log was written.
    private func drainEvents() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
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
