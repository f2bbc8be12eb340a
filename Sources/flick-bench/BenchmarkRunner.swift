@preconcurrency import CGtk
import FlickUI

/// Flick's own application, run by `flick-bench` with the benchmark the environment asks for
/// (`make bench`, bench/run.py): each one drives the window it is given once it is made, times
/// it and quits. `flick` reads none of these variables; without any, this is Flick as it ships.
/// - `FLICK_BENCH_STARTUP=1`: the first frame with rows (`StartupBenchmark`), with
///   `FLICK_BENCH_STAY=1` and `FLICK_BENCH_STOP=1` as it says.
/// - `FLICK_BENCH_FRAMES=N`, `FLICK_BENCH_CLEAR=N`, `FLICK_BENCH_EDITS=N` (and `FLICK_BENCH_EDITS_ONLY=NAME`), `FLICK_BENCH_SELECT=N`,
///   `FLICK_BENCH_UPCOMING=N` (and `FLICK_BENCH_UPCOMING_CHANGE=1`): each its benchmark's.
@MainActor
final class BenchmarkRunner: ApplicationObserver {
    /// Start-up's phases, written down only when start-up is measured.
    private let phases: StartupPhaseRecord? = BenchmarkRunner.value("FLICK_BENCH_STARTUP") == "1" ? StartupPhaseRecord() : nil

    func reached(_ phase: StartupPhase) {
        phases?.mark(phase.rawValue)
    }

    func windowBuilt(_ window: MainWindow, by application: FlickApplication) {
        let gApplication = application.gApplication
        if let phases { StartupBenchmark(window: window, application: gApplication, phases: phases).start() }
        if let frames = Self.count("FLICK_BENCH_FRAMES") {
            FrameBenchmark(window: window, application: gApplication, frames: frames).start()
        }
        if let rounds = Self.count("FLICK_BENCH_CLEAR") {
            ClearBenchmark(window: window, application: gApplication, rounds: rounds).start()
        }
        if let rounds = Self.count("FLICK_BENCH_EDITS") {
            EditBenchmark(window: window, application: gApplication, rounds: rounds).start()
        }
        if let rounds = Self.count("FLICK_BENCH_SELECT") {
            SelectionBenchmark(window: window, application: gApplication, rounds: rounds).start()
        }
        if let rounds = Self.count("FLICK_BENCH_UPCOMING") {
            UpcomingBenchmark(window: window, application: gApplication, rounds: rounds,
                              changingAnItem: Self.value("FLICK_BENCH_UPCOMING_CHANGE") == "1").start()
        }
    }

    /// The environment variable's value; nil when it is not set.
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    private static func count(_ name: String) -> Int? {
        value(name).flatMap(Int.init)
    }
}
