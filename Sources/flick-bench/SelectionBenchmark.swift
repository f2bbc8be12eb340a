@preconcurrency import CGtk
import FlickCore
import FlickUI
import Foundation

/// `FLICK_BENCH_SELECT=N` (issue 60): N times, every open item selected (Ctrl+A on the list,
/// untimed), then all of them completed as Space on the list does, and the header's Complete
/// (one step), then its undo (`win.undo`), each in a frame of its own; prints the completion's
/// and the undo's times from the key to that frame painted, read with the monotonic clock, then
/// quits. Run with animations off, as `ClearBenchmark` is.
@MainActor
final class SelectionBenchmark {
    private enum Step { case select, complete, undo }

    private let window: MainWindow
    private let application: UnsafeMutablePointer<GApplication>
    private let steps: [Step]
    private var frame = 0
    private var activated: (time: Int, undo: Bool)?
    private var completeMicroseconds: [Int] = []
    private var undoMicroseconds: [Int] = []
    private var selected = 0
    private var failure: String?

    /// Frames left between two steps, so that each one's frame is drawn on its own.
    private static let framesApart = 10

    init(window: MainWindow, application: UnsafeMutablePointer<GApplication>, rounds: Int) {
        self.window = window
        self.application = application
        steps = Array(repeating: [Step.select, .complete, .undo], count: rounds).flatMap { $0 }
        gtk_window_set_default_size(GLibHooks.pointer(window.window), FrameBenchmark.windowSize.width, FrameBenchmark.windowSize.height)
    }

    /// The tick callback's data keeps the benchmark alive until it quits.
    func start() {
        let data = Unmanaged.passRetained(self).toOpaque()
        gtk_widget_add_tick_callback(window.shownList!.listView, selectionBenchmarkTick, data, nil)
    }

    fileprivate func tick() -> Bool {
        if frame == 0 {
            _ = GLibHooks.afterEachPaint(of: window.window) { [weak self] in self?.framePainted() }
        }
        frame += 1
        guard frame % Self.framesApart == 0 else { return true }
        let index = frame / Self.framesApart - 1
        guard index < steps.count, failure == nil else {
            GLibHooks.idle { self.finish() }
            return false
        }
        run(steps[index])
        return true
    }

    private func run(_ step: Step) {
        let list = window.shownList!
        let document = window.document
        switch step {
        case .select:
            selected = document.items.filter { !$0.isCompleted }.count
            if selected == 0 || !list.press(key: guint(GDK_KEY_a), modifiers: GDK_CONTROL_MASK) { failure = "nothing to select" }
        case .complete:
            activated = (g_get_monotonic_time(), false)
            if !list.press(key: guint(GDK_KEY_space), modifiers: GdkModifierType(rawValue: 0)) { failure = "Space did nothing" }
            if document.items.contains(where: { !$0.isCompleted }) { failure = "an item was left open" }
        case .undo:
            activated = (g_get_monotonic_time(), true)
            window.activateAction("undo")
            if document.items.filter({ !$0.isCompleted }).count != selected { failure = "the undo did not reopen them all" }
        }
    }

    private func framePainted() {
        guard let activated else { return }
        let spent = g_get_monotonic_time() - activated.time
        if activated.undo { undoMicroseconds.append(spent) } else { completeMicroseconds.append(spent) }
        self.activated = nil
    }

    private func finish() {
        if let failure {
            FileHandle.standardError.write(Data("flick-bench select: \(failure)\n".utf8))
            exit(1)
        }
        let json = "{\"items\": \(selected), \"complete_us\": \(completeMicroseconds), \"undo_us\": \(undoMicroseconds)}"
        FileHandle.standardOutput.write(Data("flick-bench select \(json)\n".utf8))
        g_application_quit(application)
    }
}

private let selectionBenchmarkTick: GtkTickCallback = { _, _, data in
    let benchmark = Unmanaged<SelectionBenchmark>.fromOpaque(data!).takeUnretainedValue()
    let more = MainActor.assumeIsolated { benchmark.tick() }
    if !more { Unmanaged<SelectionBenchmark>.fromOpaque(data!).release() }
    return more ? 1 : 0
}
