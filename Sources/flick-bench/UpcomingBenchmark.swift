@preconcurrency import CGtk
import FlickCore
import FlickUI
import Foundation
import GRDB

/// `FLICK_BENCH_UPCOMING=N`: N times, goes from the lists overview to Upcoming (issue 59) the way
/// Ctrl+U does (`win.upcoming`), and times it from the activation to that frame painted, read with
/// the monotonic clock; then prints the times and quits. Each opening is a frame of its own, with
/// the overview shown again (untimed) between two. Run with animations off, so that the level is in
/// place in the frame that went there. Upcoming not shown after a round stops the benchmark with an
/// error. With `FLICK_BENCH_UPCOMING_CHANGE=1` an item is written (its title to itself) before each
/// opening, as an edit elsewhere would: Upcoming's kept read (`UpcomingReadCache`) no longer holds,
/// and every opening reads again.
@MainActor
final class UpcomingBenchmark {
    private let window: MainWindow
    private let application: UnsafeMutablePointer<GApplication>
    private var roundsLeft: Int
    private var framesToWait = 10
    private var connected = false
    /// When the frame being drawn went to Upcoming.
    private var activated: Int?
    private var openMicroseconds: [Int] = []
    private var rowsShown = 0
    /// Upcoming was gone to: the next step looks that it is shown, then goes back.
    private var wentThere = false
    private var failure: String?

    /// Frames between two steps: the step's own, and two for what it left to the main loop.
    private static let framesApart = 3

    /// An item is written before each opening.
    private let changesBetween: Bool

    init(window: MainWindow, application: UnsafeMutablePointer<GApplication>, rounds: Int, changingAnItem: Bool) {
        self.window = window
        self.application = application
        roundsLeft = rounds
        changesBetween = changingAnItem
        gtk_window_set_default_size(GLibHooks.pointer(window.window), FrameBenchmark.windowSize.width, FrameBenchmark.windowSize.height)
    }

    /// The tick callback's data keeps the benchmark alive until it quits.
    func start() {
        gtk_widget_add_tick_callback(window.window, upcomingBenchmarkTick, Unmanaged.passRetained(self).toOpaque(), nil)
    }

    fileprivate func tick() -> Bool {
        connectOnce()
        framesToWait -= 1
        guard framesToWait <= 0 else { return true }
        framesToWait = Self.framesApart
        guard failure == nil, roundsLeft > 0 || !window.isShowingOverview else {
            GLibHooks.idle { self.finish() }
            return false
        }
        if window.isShowingOverview {
            roundsLeft -= 1
            wentThere = true
            activated = g_get_monotonic_time()
            window.activateAction("upcoming")
        } else {
            // The window opens on a list: the first step goes up to the overview.
            if wentThere { check() }
            if changesBetween { changeAnItem() }
            window.go(to: .overview)
        }
        return true
    }

    private func connectOnce() {
        guard !connected else { return }
        connected = GLibHooks.afterEachPaint(of: window.window) { [weak self] in self?.framePainted() }
    }

    /// Untimed, with the way back to the lists, frames before the next opening: a write that
    /// changes no value still counts as one for SQLite, and so for the kept read.
    private func changeAnItem() {
        do {
            try window.store.queue.write { db in
                try db.execute(sql: "UPDATE item SET title = title WHERE id = (SELECT min(id) FROM item)")
            }
        } catch {
            failure = "the item could not be written: \(error)"
        }
    }

    /// Read after the frame, so that the reading is not timed.
    private func check() {
        guard window.shownDestination == .upcoming, let rows = window.shownRowCount else {
            failure = "Upcoming was not shown"
            return
        }
        rowsShown = rows
    }

    private func framePainted() {
        guard let activated else { return }
        openMicroseconds.append(g_get_monotonic_time() - activated)
        self.activated = nil
    }

    private func finish() {
        if let failure {
            FileHandle.standardError.write(Data("flick-bench upcoming: \(failure)\n".utf8))
            exit(1)
        }
        FileHandle.standardOutput.write(Data("flick-bench upcoming {\"rows\": \(rowsShown), \"open_us\": \(openMicroseconds)}\n".utf8))
        g_application_quit(application)
    }
}

private let upcomingBenchmarkTick: GtkTickCallback = { _, _, data in
    let benchmark = Unmanaged<UpcomingBenchmark>.fromOpaque(data!).takeUnretainedValue()
    let more = MainActor.assumeIsolated { benchmark.tick() }
    if !more { Unmanaged<UpcomingBenchmark>.fromOpaque(data!).release() }
    return more ? 1 : 0
}
