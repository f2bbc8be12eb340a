import CLibical
import Foundation

/// The one door into libical for the whole process: FlickSync's `LibicalBridge` (files, zones)
/// and `LibicalRecurrence` (the rules Flick does not step itself) both go through it.
///
/// libical keeps process-wide state: its cache of built-in time zones (filled on first use and
/// never locked in 3.0.x), `icalerrno`, and its error settings. Swift 6 cannot check C globals, so
/// every call runs inside `serialized`, which holds one lock: callers on any thread take turns,
/// and libical is only ever entered by one thread at a time (a sync's read on its thread and a
/// completion in the window may both step a rule).
public enum LibicalAccess {
    /// The lock around every libical call. It is a constant; the state it guards lives in libical.
    private static let lock = NSLock()

    public static func serialized<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        // Set each time rather than once: cheap, and it needs no "already done" flag of our own.
        // A build of libical with fatal errors would abort the process on a malformed value.
        icalerror_set_errors_are_fatal(0)
        icalerror_clear_errno()
        return body()
    }
}
