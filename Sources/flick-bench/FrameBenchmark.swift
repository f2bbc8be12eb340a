@preconcurrency import CGtk
import FlickUI
import Foundation

/// `FLICK_BENCH_FRAMES=N`: plays a scripted animation for N frames (rows slide open and bounce
/// shut, a Ctrl+scroll pinch opens a gap short of a row and lets it close, the list scrolls 40 px a
/// frame down and back) through the same driver and controller as real input, and prints each
/// frame's work (frame clock `update` to `after-paint`) and the interval between frames, both read
/// with the monotonic clock, then quits.
@MainActor
final class FrameBenchmark {
    private let window: MainWindow
    private let application: UnsafeMutablePointer<GApplication>
    private let frames: Int
    private var frame = 0
    private var frameStart: Int = 0
    private var lastFrameStart: Int = 0
    private var workMicroseconds: [Int] = []
    private var intervalMicroseconds: [Int] = []

    init(window: MainWindow, application: UnsafeMutablePointer<GApplication>, frames: Int) {
        self.window = window
        self.application = application
        self.frames = frames
        gtk_window_set_default_size(GLibHooks.pointer(window.window), Self.windowSize.width, Self.windowSize.height)
    }

    /// The window size the frame benchmark plays at (the C floor's `--size` matches it).
    static let windowSize: (width: Int32, height: Int32) = (800, 600)

    /// Starts with the window's first frame; the benchmark keeps itself alive through the tick
    /// callback's data until it quits.
    func start() {
        let data = Unmanaged.passRetained(self).toOpaque()
        gtk_widget_add_tick_callback(window.shownList!.listView, benchmarkTick, data, nil)
    }

    fileprivate func tick() -> Bool {
        if frame == 0 {
            _ = GLibHooks.afterEachPaint(of: window.window) { [weak self] in self?.framePainted() }
        }
        frameStart = g_get_monotonic_time()
        if lastFrameStart != 0 { intervalMicroseconds.append(frameStart - lastFrameStart) }
        lastFrameStart = frameStart
        step(frame)
        frame += 1
        if frame < frames { return true }
        // The last frame's paint comes after this tick; the idle keeps the benchmark until then.
        GLibHooks.idle { self.finish() }
        return false
    }

    /// A frame in which nothing needed drawing has no paint and no entry here.
    private func framePainted() {
        guard frameStart != 0 else { return }
        workMicroseconds.append(g_get_monotonic_time() - frameStart)
        frameStart = 0
    }

    /// One frame of the script: four phases of 120 frames, over and over.
    private func step(_ frame: Int) {
        let phase = (frame / 120) % 4
        let inPhase = frame % 120
        let items = window.document.items
        guard items.count > 3 else { return }
        switch phase {
        case 0:  // Slide rows open and shut: a row opens, bounces shut, the next one opens.
            if inPhase % 40 == 0 { window.shownList!.driver.openMenu(items[1 + (inPhase / 40)].id, fromKeyboard: false) }
            if inPhase % 40 == 25 { window.shownList!.driver.closeMenu() }
        case 1:  // A pinch that opens a gap of three quarters of a row, then lets it close.
            if inPhase < 3 {
                window.shownList!.driver.ctrlScroll(deltaY: -1, pointerY: Double(AppStyle.rowHeight) * 2,
                                         time: Double(g_get_monotonic_time()) / 1_000_000)
            }
        case 2, 3:  // Scroll down, then back up, 40 px a frame.
            guard let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(window.shownList!.listView)) else { return }
            let delta = phase == 2 ? 40.0 : -40.0
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + delta)
        default:
            break
        }
    }

    private func finish() {
        let json = "{\"work_us\": \(workMicroseconds), \"interval_us\": \(intervalMicroseconds)}"
        FileHandle.standardOutput.write(Data("flick-bench frames \(json)\n".utf8))
        g_application_quit(application)
    }
}

private let benchmarkTick: GtkTickCallback = { _, _, data in
    let benchmark = Unmanaged<FrameBenchmark>.fromOpaque(data!).takeUnretainedValue()
    let more = MainActor.assumeIsolated { benchmark.tick() }
    if !more { Unmanaged<FrameBenchmark>.fromOpaque(data!).release() }
    return more ? 1 : 0
}
