@preconcurrency import CGtk
import FlickUI
import Foundation

/// `FLICK_BENCH_STARTUP=1`: prints the monotonic time of the first frame painted with the list's
/// rows on screen, the process's peak memory and start-up's phases, then quits, or runs on as a
/// user's Flick does with `FLICK_BENCH_STAY=1` (its memory at rest is read from outside). A
/// frame painted before the rows are bound and mapped does not count.
@MainActor
final class StartupBenchmark {
    private let window: MainWindow
    private let application: UnsafeMutablePointer<GApplication>
    private let phases: StartupPhaseRecord
    private var reported = false

    init(window: MainWindow, application: UnsafeMutablePointer<GApplication>, phases: StartupPhaseRecord) {
        self.window = window
        self.application = application
        self.phases = phases
    }

    /// The benchmark in progress: it lives until the process quits.
    private static var running: StartupBenchmark?

    /// The window's frame clock exists once it is realized, which its first tick guarantees.
    func start() {
        Self.running = self
        gtk_widget_add_tick_callback(window.window, startupTick, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    fileprivate func firstTick() {
        _ = GLibHooks.afterEachPaint(of: window.window) { [weak self] in self?.painted() }
    }

    private func painted() {
        guard !reported, window.document.items.isEmpty || window.shownList?.hasMappedRow == true else { return }
        reported = true
        reportFirstFrame()
        // bench/startup_memory.py --smaps reads /proc/PID/smaps here, then lets Flick go on.
        if BenchmarkRunner.value("FLICK_BENCH_STOP") == "1" { raise(SIGSTOP) }
        if BenchmarkRunner.value("FLICK_BENCH_STAY") != "1" { g_application_quit(application) }
    }

    /// Prints the first frame's line. Called once, and never inlined: `tools/startup-order`
    /// finds this function by name and has callgrind write its counts when it returns, so that
    /// what start-up ran is told apart from what runs after the first frame.
    @inline(never)
    func reportFirstFrame() {
        let line = "flick-bench first-frame-us=\(g_get_monotonic_time()) peak-rss-kib=\(BenchmarkOutput.peakResidentKiB())"
            + " phases=\(phases.summary)\n"
        FileHandle.standardOutput.write(Data(line.utf8))
    }
}

private let startupTick: GtkTickCallback = { _, _, data in
    let benchmark = Unmanaged<StartupBenchmark>.fromOpaque(data!).takeUnretainedValue()
    MainActor.assumeIsolated { benchmark.firstTick() }
    return 0  // Once: the after-paint handler does the rest.
}
