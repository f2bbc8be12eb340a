@preconcurrency import CGtk
import Foundation

/// Runs the GLib main loop for `seconds`, so GTK lays out, binds rows and runs timeouts.
@MainActor
func spinMainLoop(_ seconds: Double) {
    let end = g_get_monotonic_time() + Int(seconds * 1_000_000)
    while g_get_monotonic_time() < end {
        if g_main_context_iteration(nil, 0) == 0 { usleep(2000) }
    }
}
