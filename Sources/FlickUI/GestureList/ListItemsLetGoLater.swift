@preconcurrency import CGtk

/// The list items of a model a list view was just told to leave, kept alive until the frame
/// that shows the new model has been painted, then let go of when the main loop is idle.
/// GTK 4.8's GtkListView unparents every list item of the old model inside
/// `gtk_list_view_set_model`, which tears it down at once (its row goes back to the list's
/// spare rows, ready for the new model), and frees it: that freeing (each list item widget's
/// accessible object, style and nodes) was 1.5-2.1 ms of the first opening of Upcoming after a
/// list of 100,000 items, whose list view holds 150 list items at 1024 x 768, and 0.5 ms of
/// the later ones (`make bench`'s Upcoming, timing marks in a temporary build). Put off, it
/// is done after the frame the user waits for.
@MainActor
final class ListItemsLetGoLater {
    private var held: [UnsafeMutableRawPointer] = []
    /// Objects whose going frees widgets too (a page replaced: its rows), kept as long.
    private var heldOwners: [AnyObject] = []
    private var afterPaint: (clock: OpaquePointer, handler: UInt)?

    /// Keeps `widget` (a list item's) alive until `letGoAfterPaint` or `letGoNow`.
    func hold(_ widget: UnsafeMutablePointer<GtkWidget>) {
        let object = UnsafeMutableRawPointer(widget)
        g_object_ref(object)
        held.append(object)
    }

    /// Keeps `owner` alive until `letGoAfterPaint` or `letGoNow`: a page replaced by another,
    /// whose rows are freed with it (`PageStack.put`).
    func keep(_ owner: AnyObject) {
        heldOwners.append(owner)
    }

    /// Lets go of what is held once `widget`'s frame clock has painted its next frame, at the
    /// next idle turn of the loop, below the priority of GTK's layout and paint; at once when
    /// `widget` has no frame clock (it is in no window).
    func letGoAfterPaint(of widget: UnsafeMutablePointer<GtkWidget>) {
        guard !held.isEmpty || !heldOwners.isEmpty, afterPaint == nil else { return }
        guard let clock = gtk_widget_get_frame_clock(widget) else { return letGoNow() }
        // Kept until the handler is disconnected: a window closed before its next frame lets go
        // of its clock before its destroy handler lets go of the list (`letGoNow`).
        g_object_ref(UnsafeMutableRawPointer(clock))
        let handler = Signal.connect(UnsafeMutableRawPointer(clock), "after-paint") { [weak self] in
            self?.stopWaitingForPaint()
            MainLoop.idle { self?.letGoNow() }
        }
        afterPaint = (clock, handler)
        gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_PAINT)
    }

    /// Lets go of everything held now (the window is going).
    func letGoNow() {
        stopWaitingForPaint()
        let objects = held
        held = []
        heldOwners = []
        for object in objects { g_object_unref(object) }
    }

    /// The handler may be gone already: GDK disposes a window's frame clock when it destroys
    /// the window's surface (`g_object_run_dispose` in gdksurface.c), which drops every handler
    /// on it, and `gtk_window_destroy` does that before the window's `destroy`, where the list
    /// lets go (`FirstScreenTests.testAShortListIsWholeAtOnce`: a reload, then the window
    /// closed before its next frame). Disconnected again, GLib 2.74 warned and GLib 2.84 logs
    /// a CRITICAL, which `make check`'s fatal criticals make the end of the test binary.
    private func stopWaitingForPaint() {
        guard let afterPaint else { return }
        let clock = UnsafeMutableRawPointer(afterPaint.clock)
        if g_signal_handler_is_connected(clock, gulong(afterPaint.handler)) != 0 {
            g_signal_handler_disconnect(clock, gulong(afterPaint.handler))
        }
        g_object_unref(clock)
        self.afterPaint = nil
    }
}
