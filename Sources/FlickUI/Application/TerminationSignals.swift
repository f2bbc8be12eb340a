@preconcurrency import CGtk
import Glibc

/// SIGTERM (what systemd and the session send at logout and shutdown), SIGINT (Ctrl+C in a
/// terminal) and SIGHUP (the terminal closed) end Flick the way Ctrl+Q does. With
/// their default action they killed it at once, as a crash does: a title being typed was lost,
/// the write-ahead log stayed beside the database and no clean-close note was written, so the
/// next start checked every page of the file.
@MainActor
enum TerminationSignals {
    static let handled = [SIGTERM, SIGINT, SIGHUP]

    /// The main loop's source for each signal, while they are handled.
    private static var sources: [Int32: UInt32] = [:]

    /// Calls `quit` on the main loop at the first of these signals. From then on the signals
    /// have their default action again: should the quit not finish (a disk that hangs), a
    /// second signal still ends the process at once, as it always did.
    static func quitOnFirst(_ quit: @escaping @MainActor () -> Void) {
        for signum in handled {
            sources[signum] = MainLoop.onUnixSignal(signum) {
                stopHandling(besides: signum)
                quit()
            }
        }
    }

    /// Removes the sources of the other signals; the one that came ends by itself (it runs once).
    private static func stopHandling(besides signum: Int32) {
        for (other, source) in sources where other != signum { MainLoop.cancel(source) }
        sources = [:]
    }
}
