@preconcurrency import CGtk

/// Schedules work on the GLib main loop, which GTK owns (DispatchQueue.main never runs there).
enum MainLoop {
    /// Runs `work` once after `seconds`; returns the source id for `cancel`.
    @discardableResult
    static func after(seconds: Double, _ work: @escaping @MainActor () -> Void) -> UInt32 {
        let data = Unmanaged.passRetained(HandlerBox(work)).toOpaque()
        return g_timeout_add_full(G_PRIORITY_DEFAULT, guint(max(0, seconds * 1000)), runOnce, data, releaseWork)
    }

    /// Runs `work` once when the loop is idle. Its priority is below GDK's layout and paint
    /// (`GDK_PRIORITY_REDRAW`), so a frame that is due is laid out first: work that needs the
    /// list's rows bound (focusing an editor, scrolling to a row) waits here.
    @discardableResult
    static func idle(_ work: @escaping @MainActor () -> Void) -> UInt32 {
        let data = Unmanaged.passRetained(HandlerBox(work)).toOpaque()
        return g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, runOnce, data, releaseWork)
    }

    /// Runs `work` once at the next turn of the loop, before anything of a lower priority (the
    /// D-Bus questions of a screen reader, input, painting): to put right at once what GTK
    /// set in the middle of a change.
    @discardableResult
    static func soon(_ work: @escaping @MainActor () -> Void) -> UInt32 {
        let data = Unmanaged.passRetained(HandlerBox(work)).toOpaque()
        return g_idle_add_full(G_PRIORITY_HIGH, runOnce, data, releaseWork)
    }

    /// Runs `work` every `seconds` until cancelled.
    @discardableResult
    static func every(seconds: Double, _ work: @escaping @MainActor () -> Void) -> UInt32 {
        let data = Unmanaged.passRetained(HandlerBox(work)).toOpaque()
        return g_timeout_add_full(G_PRIORITY_DEFAULT, guint(max(1, seconds * 1000)), runAgain, data, releaseWork)
    }

    /// Runs `work` once when the process receives the signal `signum`. GLib's own handler only
    /// notes the signal, and `work` runs on the main loop, where anything may be done (not
    /// inside a signal handler). While the source is there the signal no longer has its default
    /// action (ending the process); once the source is gone, GLib gives it back.
    @discardableResult
    static func onUnixSignal(_ signum: Int32, _ work: @escaping @MainActor () -> Void) -> UInt32 {
        let data = Unmanaged.passRetained(HandlerBox(work)).toOpaque()
        return g_unix_signal_add_full(G_PRIORITY_DEFAULT, signum, runOnce, data, releaseWork)
    }

    /// Runs `work` each time the file descriptor has something to read, until cancelled.
    @discardableResult
    static func whenReadable(_ descriptor: Int32, _ work: @escaping @MainActor () -> Void) -> UInt32 {
        let data = Unmanaged.passRetained(HandlerBox(work)).toOpaque()
        return g_unix_fd_add_full(G_PRIORITY_DEFAULT, descriptor, G_IO_IN, runOnReadable, data, releaseWork)
    }

    static func cancel(_ source: UInt32) {
        g_source_remove(source)
    }
}

private let runOnce: GSourceFunc = { data in
    let work = Unmanaged<HandlerBox<@MainActor () -> Void>>.fromOpaque(data!).takeUnretainedValue().handler
    MainActor.assumeIsolated { work() }
    return 0  // G_SOURCE_REMOVE
}

private let runAgain: GSourceFunc = { data in
    let work = Unmanaged<HandlerBox<@MainActor () -> Void>>.fromOpaque(data!).takeUnretainedValue().handler
    MainActor.assumeIsolated { work() }
    return 1  // G_SOURCE_CONTINUE
}

private let runOnReadable: GUnixFDSourceFunc = { _, _, data in
    let work = Unmanaged<HandlerBox<@MainActor () -> Void>>.fromOpaque(data!).takeUnretainedValue().handler
    MainActor.assumeIsolated { work() }
    return 1  // G_SOURCE_CONTINUE
}

private let releaseWork: GDestroyNotify = { data in
    Unmanaged<AnyObject>.fromOpaque(data!).release()
}
