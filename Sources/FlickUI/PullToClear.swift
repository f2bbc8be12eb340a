@preconcurrency import CGtk
import FlickInteraction
import Foundation
import GestureShim

/// Pull up at the bottom of a list's items to clear its completed items (DESIGN 2.6): a drag
/// that starts moving up while the list is scrolled to its end pulls the list up with a rubber
/// band, uncovering "Pull to clear completed", then "Release to clear N completed items" past
/// one and a half rows. The drag is claimed only then, so row swipes and scrolling are left
/// alone. On release the list settles back, eased out. Touch and mouse drags; the touchpad and
/// the wheel are not wired yet.
@MainActor
final class PullToClear {
    /// What the items page shows: the list in front, the pull's label behind it.
    let root: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>
    private unowned let window: MainWindow
    private unowned let list: GestureList
    private var pull: EdgePull?
    private var gesture: OpaquePointer?
    /// The spring back after a release: from which offset, since which frame (µs), and the
    /// tick callback that draws it.
    private var springBack: (from: Double, start: Int64?)?
    private var tickID: guint = 0
    /// How long the list takes to settle back after a release. Our choice: the gap's close time
    /// (DESIGN 2.4's 0.2 s), eased out.
    private static let springBackS = 0.2

    init(list: GestureList, window: MainWindow) {
        self.window = window
        self.list = list
        root = flick_slide_box_new()
        label = gtk_label_new(nil)
        Widgets.addClass(label, "pull-label")
        let back = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        Widgets.addClass(back, "pull-area")
        gtk_widget_set_valign(label, GTK_ALIGN_END)
        gtk_widget_set_vexpand(label, 1)
        gtk_box_append(cast(back), label)
        gtk_widget_set_visible(back, 0)
        flick_slide_box_set_back(flick_slide_box_from_widget(root), back)
        flick_slide_box_set_front(flick_slide_box_from_widget(root), list.root)
        attachDrag(to: root)
    }

    /// A capture-phase drag on the box around the scrolled window runs before the scrolled
    /// window's own controllers and the rows'. On the box, not on the list it moves: the drag's
    /// offsets must not shrink as the list is drawn pulled.
    private func attachDrag(to widget: UnsafeMutablePointer<GtkWidget>) {
        let drag = gtk_gesture_drag_new()!
        gtk_event_controller_set_propagation_phase(drag, GTK_PHASE_CAPTURE)
        Signal.connectDoubles(UnsafeMutableRawPointer(drag), "drag-update") { [weak self] dx, dy in self?.moved(dx: dx, dy: dy) }
        Signal.connectDoubles(UnsafeMutableRawPointer(drag), "drag-end") { [weak self] _, _ in self?.released() }
        Signal.connect(UnsafeMutableRawPointer(drag), "cancel") { [weak self] in self?.reset() }
        gesture = drag
        gtk_widget_add_controller(widget, drag)
    }

    private func moved(dx: Double, dy: Double) {
        let upward = -dy
        if pull == nil {
            guard !window.isEditing, abs(dy) > abs(dx), EdgePull.begins(afterMoving: upward, atEdge: list.isScrolledToEnd),
                  let gesture else { return }
            gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
            stopSpringBack()
            list.driver.closeAll()
            pull = EdgePull(edge: .bottom, rowHeight: Double(AppStyle.rowHeight), canGoUp: false,
                            hasCompleted: window.document.items.contains { $0.isCompleted })
            gtk_widget_set_visible(flick_slide_box_get_back(flick_slide_box_from_widget(root)), 1)
        }
        pull?.moved(to: upward - InteractionTuning().pullStartPx)
        show()
    }

    private func show() {
        guard let pull else { return }
        flick_slide_box_set_offset_y(flick_slide_box_from_widget(root), -pull.shownDistance)
        let completed = window.document.items.filter(\.isCompleted).count
        let text = pull.stage == .releaseToClear
            ? trPlural("Release to clear {count} completed item", "Release to clear {count} completed items", completed,
                       ["count": String(completed)])
            : (completed == 0 ? tr("No completed items to clear") : tr("Pull to clear completed"))
        gtk_label_set_text(OpaquePointer(label), text)
        gtk_widget_set_size_request(label, -1, Int32(pull.shownDistance))
    }

    private func released() {
        let clear = pull?.stage == .releaseToClear
        reset()
        if clear { window.clearCompleted() }
    }

    /// The list settles back over the label, eased out; at once without animations.
    private func reset() {
        guard let pull else { return }
        self.pull = nil
        guard InteractionDriver.animationsEnabled, pull.shownDistance > 0 else { return settled() }
        springBack = (-pull.shownDistance, nil)
        if tickID == 0 {
            tickID = gtk_widget_add_tick_callback(root, pullTick, Unmanaged.passUnretained(self).toOpaque(), nil)
        }
    }

    fileprivate func tick(frameTime: Int64) -> Bool {
        guard let (from, start) = springBack else { tickID = 0; return false }
        let started = start ?? frameTime
        springBack = (from, started)
        let progress = min(1, Double(frameTime - started) / 1_000_000 / Self.springBackS)
        let eased = 1 - pow(1 - progress, 3)
        flick_slide_box_set_offset_y(flick_slide_box_from_widget(root), from * (1 - eased))
        guard progress >= 1 else { return true }
        tickID = 0
        settled()
        return false
    }

    private func stopSpringBack() {
        if tickID != 0 { gtk_widget_remove_tick_callback(root, tickID) }
        tickID = 0
        springBack = nil
    }

    private func settled() {
        springBack = nil
        flick_slide_box_set_offset_y(flick_slide_box_from_widget(root), 0)
        gtk_widget_set_visible(flick_slide_box_get_back(flick_slide_box_from_widget(root)), 0)
    }
}

/// The tick callback lives as long as the box, which its PullToClear (owned by the window)
/// outlives; returning false removes it.
private let pullTick: GtkTickCallback = { _, clock, data in
    let pull = Unmanaged<PullToClear>.fromOpaque(data!).takeUnretainedValue()
    let time = gdk_frame_clock_get_frame_time(clock)
    return MainActor.assumeIsolated { pull.tick(frameTime: Int64(time)) } ? 1 : 0
}
