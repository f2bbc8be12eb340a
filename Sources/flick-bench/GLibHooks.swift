@preconcurrency import CGtk

/// The two GLib hooks the benchmarks need, without FlickUI's own glue (which is not theirs to
/// use): a handler for a frame clock's `after-paint`, and work run once when the main loop is
/// idle. Each closure lives in a box that GLib releases with the connection or the source.
@MainActor
enum GLibHooks {
    /// Runs `handler` after each paint of `widget`'s frame clock; false when the widget has no
    /// frame clock yet (it is not realized).
    static func afterEachPaint(of widget: UnsafeMutablePointer<GtkWidget>,
                               _ handler: @escaping @MainActor () -> Void) -> Bool {
        guard let clock = gtk_widget_get_frame_clock(widget) else { return false }
        let box = Unmanaged.passRetained(Work(handler)).toOpaque()
        g_signal_connect_data(UnsafeMutableRawPointer(clock), "after-paint", unsafeBitCast(runPainted, to: GCallback.self),
                              box, releaseConnected, GConnectFlags(rawValue: 0))
        return true
    }

    /// Runs `work` once when the loop is idle, after a frame that is due has been painted.
    static func idle(_ work: @escaping @MainActor () -> Void) {
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, runOnce, Unmanaged.passRetained(Work(work)).toOpaque(), releaseWork)
    }

    /// A widget's GtkWindow or GActionGroup face, which C takes as another pointer type.
    static func pointer<T>(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<T> {
        UnsafeMutablePointer(OpaquePointer(widget))
    }

    /// Activates `name` (without "win.") of the window's actions, as its key would.
    static func activate(_ name: String, on window: UnsafeMutablePointer<GtkWidget>) {
        g_action_group_activate_action(OpaquePointer(window), name, nil)
    }
}

private final class Work {
    let run: @MainActor () -> Void
    init(_ run: @escaping @MainActor () -> Void) { self.run = run }
}

private let runPainted: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
    let run = Unmanaged<Work>.fromOpaque(data!).takeUnretainedValue().run
    MainActor.assumeIsolated { run() }
}

private let runOnce: GSourceFunc = { data in
    let run = Unmanaged<Work>.fromOpaque(data!).takeUnretainedValue().run
    MainActor.assumeIsolated { run() }
    return 0  // G_SOURCE_REMOVE
}

private let releaseWork: GDestroyNotify = { data in
    Unmanaged<Work>.fromOpaque(data!).release()
}

private let releaseConnected: GClosureNotify = { data, _ in
    Unmanaged<Work>.fromOpaque(data!).release()
}
