@preconcurrency import CGtk
import FlickUI
import Foundation

/// `FLICK_BENCH_CLEAR=N`: N times, Clear Completed (the window's `win.clear-completed`) and then
/// its undo (`win.undo`), each activated in a frame of its own; prints each one's time from the
/// activation to that frame painted, read with the monotonic clock, then quits. Run with animations
/// off, so that the rows do not collapse first and the clearing happens within the frame that asked
/// for it.
@MainActor
final class ClearBenchmark {
    private let window: MainWindow
    private let application: UnsafeMutablePointer<GApplication>
    private let rounds: Int
    private var frame = 0
    /// When the action of the frame being drawn was activated, and what it was.
    private var activated: (time: Int, undo: Bool)?
    private var clearMicroseconds: [Int] = []
    private var undoMicroseconds: [Int] = []
    private var itemsBefore = 0
    private var failure: String?

    /// Frames left between two actions, so that each one's frame is drawn on its own.
    private static let framesApart = 10

    init(window: MainWindow, application: UnsafeMutablePointer<GApplication>, rounds: Int) {
        self.window = window
        self.application = application
        self.rounds = rounds
        gtk_window_set_default_size(GLibHooks.pointer(window.window), FrameBenchmark.windowSize.width, FrameBenchmark.windowSize.height)
    }

    /// The tick callback's data keeps the benchmark alive until it quits.
    func start() {
        let data = Unmanaged.passRetained(self).toOpaque()
        gtk_widget_add_tick_callback(window.shownList!.listView, clearBenchmarkTick, data, nil)
    }

    fileprivate func tick() -> Bool {
        if frame == 0 {
            _ = GLibHooks.afterEachPaint(of: window.window) { [weak self] in self?.framePainted() }
        }
        frame += 1
        guard frame % Self.framesApart == 0 else { return true }
        let step = frame / Self.framesApart - 1
        guard step < 2 * rounds, failure == nil else {
            GLibHooks.idle { self.finish() }
            return false
        }
        activate(undo: step % 2 == 1)
        return true
    }

    private func activate(undo: Bool) {
        let count = window.document.items.count
        if !undo { itemsBefore = count }
        activated = (g_get_monotonic_time(), undo)
        window.activateAction(undo ? "undo" : "clear-completed")
        let after = window.document.items.count
        if !undo, after == count { failure = "Clear Completed removed nothing (\(count) items)" }
        if undo, after != itemsBefore { failure = "the undo left \(after) items of \(itemsBefore)" }
    }

    private func framePainted() {
        guard let activated else { return }
        let spent = g_get_monotonic_time() - activated.time
        if activated.undo { undoMicroseconds.append(spent) } else { clearMicroseconds.append(spent) }
        self.activated = nil
    }

    private func finish() {
        if let failure {
            FileHandle.standardError.write(Data("flick-bench clear: \(failure)\n".utf8))
            exit(1)
        }
        let json = "{\"items\": \(itemsBefore), \"clear_us\": \(clearMicroseconds), \"undo_us\": \(undoMicroseconds)}"
        FileHandle.standardOutput.write(Data("flick-bench clear \(json)\n".utf8))
        g_application_quit(application)
    }
}

private let clearBenchmarkTick: GtkTickCallback = { _, _, data in
    let benchmark = Unmanaged<ClearBenchmark>.fromOpaque(data!).takeUnretainedValue()
    let more = MainActor.assumeIsolated { benchmark.tick() }
    if !more { Unmanaged<ClearBenchmark>.fromOpaque(data!).release() }
    return more ? 1 : 0
}
