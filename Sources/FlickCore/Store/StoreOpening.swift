import Foundation
import GRDB

/// Opens the store's file for writing on a thread of its own, from the primary instance's
/// `startup`, while the main thread installs the style sheet and the actions; the window's
/// store is then made from it (`store(for:)`) without the main thread opening the file.
///
/// The main thread opened it itself before, after the preload had read it on its own
/// connection: SQLite parsed the whole schema again for the writing connection, GRDB read the
/// pragmas and the migrations, and the running release was recorded, 4.3 M of the 14.8 M
/// instructions the main thread ran from `startup` to the store open (callgrind, 9 items).
///
/// Only in the primary (`startup` runs there alone): opening for writing changes the file (the
/// clean-close mark goes, the release is recorded), which a second `flick`, handing its
/// command line over and exiting, must never do; the preload, which runs in both, only reads.
/// The opening waits for the preload's result first: a file the preload vouched for is not
/// inspected again (`DatabaseOpener.open`'s `checked`), as when the main thread opened it.
public final class StoreOpening: @unchecked Sendable {
    private let databaseURL: URL
    private let done = DispatchSemaphore(value: 0)
    private var opened: Result<DatabaseOpener.Opened, Error>?
    private var preloaded: StorePreload.Result?
    private var taken = false

    /// Starts opening `databaseURL` on a new thread, with what `preload` read of it, if anything.
    public init(databaseURL: URL, preload: StorePreload?, now: Date = Date()) {
        self.databaseURL = databaseURL
        Thread.detachNewThread { [self] in
            let result = preload?.take(for: databaseURL)
            preloaded = result
            opened = Result { try DatabaseOpener.open(at: databaseURL, now: now, checked: result != nil) }
            done.signal()
        }
    }

    /// The store made from the file opened on the thread, waiting for it, once; nil when it was
    /// taken already or when the store is wanted for another file, whose opening then closes
    /// this one unused. Throws what opening the file threw, as `TodoStore.init` would have.
    public func store(for url: URL) throws -> TodoStore? {
        guard !taken else { return nil }
        taken = true
        done.wait()
        guard url.standardizedFileURL == databaseURL.standardizedFileURL else {
            if case .success(let unused) = opened { try? unused.queue.close() }
            return nil
        }
        return try TodoStore(opened: opened!.get(), preload: preloaded)
    }

    /// Closes the file as the store closes it (`TodoStore.close()`, noted as closed cleanly) when
    /// no store was taken: a primary instance that ended without opening its store (its first
    /// command line refused) leaves the file as it found it, not marked for a full check.
    public func closeIfUnused() {
        guard !taken, let store = try? store(for: databaseURL) else { return }
        store.close()
    }
}
