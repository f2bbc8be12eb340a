@preconcurrency import CGtk

/// Runs a step on every frame of a widget's frame clock, with the frame time in seconds, until
/// the step returns false or `stop()` is called. The owner keeps the ticker as long as the
/// widget lives (the tick callback holds it unretained).
@MainActor
final class FrameTicker {
    private let widget: UnsafeMutablePointer<GtkWidget>
    private var callbackID: guint = 0
    private var step: ((Double) -> Bool)?
    /// Counts starts, so a step that starts the ticker again (with a new step) before it
    /// returns false does not end the new one.
    private var generation = 0

    init(widget: UnsafeMutablePointer<GtkWidget>) {
        self.widget = widget
    }

    var isRunning: Bool { callbackID != 0 }

    /// Starts ticking with `step`, or swaps the step of a ticker already running.
    func start(_ step: @escaping @MainActor (Double) -> Bool) {
        self.step = step
        generation += 1
        guard callbackID == 0 else { return }
        callbackID = gtk_widget_add_tick_callback(widget, onFrame, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    func stop() {
        if callbackID != 0 { gtk_widget_remove_tick_callback(widget, callbackID) }
        callbackID = 0
        step = nil
    }

    fileprivate func frame(at time: Double) -> Bool {
        let running = generation
        if let step, step(time) { return true }
        // Started again from inside the step: the new step goes on.
        if generation != running, step != nil { return true }
        callbackID = 0
        step = nil
        return false
    }
}

/// Returning false removes the callback; `frame` has forgotten it by then.
private let onFrame: GtkTickCallback = { _, clock, data in
    let ticker = Unmanaged<FrameTicker>.fromOpaque(data!).takeUnretainedValue()
    let time = Double(gdk_frame_clock_get_frame_time(clock)) / 1_000_000
    return MainActor.assumeIsolated { ticker.frame(at: time) } ? 1 : 0
}
