@preconcurrency import CGtk
import Foundation

/// Follows the machine's time zone while Flick runs: Foundation reads it once and keeps it, so
/// a laptop carried to New York kept showing and reminding by Berlin's clock until Flick was
/// started again. `check()` reads it anew (timedated's `Timezone` changed, `BusSignal`), and so
/// does a change of /etc/localtime, which is what timedated changes and what a system without
/// it changes by hand. A zone the session set with TZ stays, as the C library keeps it.
@MainActor
final class TimeZoneWatch {
    private let changed: @MainActor () -> Void
    private var identifier = TimeZone.current.identifier
    private var monitor: UnsafeMutablePointer<GFileMonitor>?

    init(changed: @escaping @MainActor () -> Void) {
        self.changed = changed
        let localtime = g_file_new_for_path("/etc/localtime")
        defer { g_object_unref(UnsafeMutableRawPointer(localtime)) }
        guard let monitor = g_file_monitor_file(localtime, G_FILE_MONITOR_NONE, nil, nil) else { return }
        self.monitor = monitor
        Signal.connectFileChanged(UnsafeMutableRawPointer(monitor)) { [weak self] _ in self?.check() }
    }

    isolated deinit {
        if let monitor {
            g_file_monitor_cancel(monitor)
            g_object_unref(UnsafeMutableRawPointer(monitor))
        }
    }

    /// Reads the zone anew; tells `changed` when it is another.
    func check() {
        NSTimeZone.resetSystemTimeZone()
        let now = TimeZone.current.identifier
        guard now != identifier else { return }
        identifier = now
        changed()
    }
}
