@preconcurrency import CGtk
import Foundation

/// For `make bench` only (`FLICK_BENCH_STARTUP=1`): the monotonic time (µs) at which start-up
/// reached each phase, printed with the first frame (`StartupBenchmark`), so the time from exec
/// to the first frame can be split where it goes (issue 30). Recording nothing otherwise.
@MainActor
enum StartupPhases {
    private static let isRecording = StartupBenchmark.isRequested
    private static var marks: [(phase: String, time: Int64)] = []

    /// Start-up has reached `phase` (a word without spaces or commas).
    static func mark(_ phase: String) {
        guard isRecording else { return }
        marks.append((phase, Int64(g_get_monotonic_time())))
    }

    /// "phase:µs,phase:µs", in the order reached.
    static var summary: String {
        marks.map { "\($0.phase):\($0.time)" }.joined(separator: ",")
    }
}
