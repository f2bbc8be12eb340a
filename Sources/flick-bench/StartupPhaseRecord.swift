import CGtk

/// The monotonic time (µs) at which start-up reached each phase, printed with the first frame
/// (`StartupBenchmark`), so the time from exec to the first frame can be split where it goes
/// (issue 30). Flick tells the phases (`ApplicationObserver`); this only writes them down.
@MainActor
final class StartupPhaseRecord {
    private var marks: [(phase: String, time: Int64)] = []

    func mark(_ phase: String) {
        marks.append((phase, Int64(g_get_monotonic_time())))
    }

    /// "phase:µs,phase:µs", in the order reached.
    var summary: String {
        marks.map { "\($0.phase):\($0.time)" }.joined(separator: ",")
    }
}
