@preconcurrency import CGtk
import FlickInteraction
import Foundation
import GestureShim

/// The pulls at a gesture list's edges (DESIGN 2.6). Down at the top: the list follows the
/// hand with a rubber band and a placeholder row, hinged at its bottom edge, flips into view,
/// "Pull to create item", "Release to create item" past one row, "Release to go to lists"
/// past two (on a list's items). Up at the bottom (a list's items only): "Pull to clear
/// completed", "Release to clear N completed items" past one and a half rows. A drag is claimed
/// only once it has moved past the start distance towards the inside while the list is at
/// that edge, so row swipes and scrolling are left alone. On release the list settles back,
/// eased out. Touch and mouse drags; a touchpad two-finger scroll at the edge (released when the
/// fingers lift); the mouse wheel, which has no release, at the top where the list was resting:
/// its pull ends a quarter of a second after its last step. The wheel does not pull up to clear:
/// a wheel spun on at the end of the list would clear items by accident.
@MainActor
final class EdgePullView {
    /// The list in front, what a pull uncovers behind it.
    let root: UnsafeMutablePointer<GtkWidget>
    /// The bottom pull's label, and the top pull's hinged placeholder row with its label.
    private let bottomLabel: UnsafeMutablePointer<GtkWidget>
    private let hinge: UnsafeMutablePointer<GtkWidget>
    private let placeholderLabel: UnsafeMutablePointer<GtkWidget>
    private unowned let target: any EdgePullTarget
    private unowned let list: GestureList
    private var pull: EdgePull?
    private var gesture: OpaquePointer?
    /// Set when the drag under way lifted a row: what is left of it is not a pull, even
    /// after Escape has put the row back.
    private var dragLiftedARow = false
    /// How far a scroll pull has travelled (pixels), and the wheel pull's release timer.
    private var scrollTravel = 0.0
    private let wheelRelease = Timeout()
    /// Whether the touchpad scroll now going on began with the list at an edge, and when the
    /// last wheel step came (its event's time, in seconds): a scroll that reaches an edge does
    /// not pull on past it.
    private var scrollBeganAtTop = false
    private var scrollBeganAtEnd = false
    private var lastWheelStep = -Double.infinity
    /// The spring back after a release, drawn frame by frame.
    private var springBack: SettleBack?
    private lazy var ticker = FrameTicker(widget: root)
    private let tuning = InteractionTuning()
    /// How long the list takes to settle back after a release. Our choice: the gap's close time
    /// (DESIGN 2.4's 0.2 s), eased out.
    private static let springBackS = 0.2

    init(list: GestureList, target: any EdgePullTarget) {
        self.target = target
        self.list = list
        root = flick_slide_box_new()
        let back = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        Widgets.addClass(back, "pull-area")
        placeholderLabel = gtk_label_new(nil)
        hinge = Self.makeHinge(around: placeholderLabel)
        gtk_box_append(cast(back), hinge)
        bottomLabel = gtk_label_new(nil)
        Widgets.addClass(bottomLabel, "pull-label")
        gtk_widget_set_valign(bottomLabel, GTK_ALIGN_END)
        gtk_widget_set_vexpand(bottomLabel, 1)
        gtk_box_append(cast(back), bottomLabel)
        gtk_widget_set_visible(back, 0)
        flick_slide_box_set_back(flick_slide_box_from_widget(root), back)
        flick_slide_box_set_front(flick_slide_box_from_widget(root), list.root)
        attachDrag(to: root)
        attachScroll(to: root)
    }

    /// The top pull's placeholder: a row on the heat map's first colour, in a box as tall as
    /// the pull that it hangs from.
    private static func makeHinge(around label: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        Widgets.addClass(row, "row-front")
        Widgets.addClass(row, HeatMapStyle.className(position: 0, count: 1))
        gtk_widget_set_size_request(row, -1, Int32(AppStyle.rowHeight))
        gtk_label_set_xalign(OpaquePointer(label), 0)
        Widgets.addClass(label, "row-title")
        gtk_box_append(cast(row), label)
        let hinge = flick_slide_box_new()!
        flick_slide_box_set_front(flick_slide_box_from_widget(hinge), row)
        flick_slide_box_set_hinge_angle(flick_slide_box_from_widget(hinge), .pi / 2)
        gtk_widget_set_valign(hinge, GTK_ALIGN_START)
        return hinge
    }

    /// A capture-phase drag on the box around the scrolled window runs before the scrolled
    /// window's own controllers and the rows'. On the box, not on the list it moves: the drag's
    /// offsets must not shrink as the list is drawn pulled.
    private func attachDrag(to widget: UnsafeMutablePointer<GtkWidget>) {
        let drag = gtk_gesture_drag_new()!
        gtk_event_controller_set_propagation_phase(drag, GTK_PHASE_CAPTURE)
        Signal.connectDoubles(UnsafeMutableRawPointer(drag), "drag-begin") { [weak self] _, _ in self?.dragLiftedARow = false }
        Signal.connectDoubles(UnsafeMutableRawPointer(drag), "drag-update") { [weak self] dx, dy in self?.moved(dx: dx, dy: dy) }
        Signal.connectDoubles(UnsafeMutableRawPointer(drag), "drag-end") { [weak self] _, _ in self?.released() }
        Signal.connectCancel(UnsafeMutableRawPointer(drag)) { [weak self] in self?.reset() }
        gesture = drag
        gtk_widget_add_controller(widget, drag)
    }

    /// A capture-phase scroll controller on the box runs before the scrolled window's own,
    /// which takes every touchpad scroll (GTK 4.8); it passes on whatever is not a pull.
    private func attachScroll(to widget: UnsafeMutablePointer<GtkWidget>) {
        let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        gtk_event_controller_set_propagation_phase(scroll, GTK_PHASE_CAPTURE)
        Signal.connect(UnsafeMutableRawPointer(scroll), "scroll-begin") { [weak self] in
            guard let self else { return }
            self.scrollBeganAtTop = self.list.isScrolledToTop
            self.scrollBeganAtEnd = self.list.isScrolledToEnd
        }
        // The controller lives as long as the box, and so as this handler.
        nonisolated(unsafe) let controller = scroll
        Signal.connectScroll(UnsafeMutableRawPointer(scroll)) { [weak self] _, dy in
            guard let self else { return false }
            let isWheel = gtk_event_controller_scroll_get_unit(controller) == GDK_SCROLL_UNIT_WHEEL
            // Ctrl+scroll is the mouse's pinch (ListGestures), never a pull.
            let state = gtk_event_controller_get_current_event_state(controller)
            guard state.rawValue & GDK_CONTROL_MASK.rawValue == 0 else { return false }
            // The event's own time (milliseconds): the decision takes time as an input.
            let time = Double(gtk_event_controller_get_current_event_time(controller)) / 1000
            return self.scrolled(dy: dy, isWheel: isWheel, time: time)
        }
        Signal.connect(UnsafeMutableRawPointer(scroll), "scroll-end") { [weak self] in
            guard let self, self.pull != nil, !self.wheelRelease.isPending else { return }
            self.released()
        }
        gtk_widget_add_controller(widget, scroll)
    }

    /// A scroll step of `dy` (down is positive: the content would move up). True when it
    /// pulled, and the list must not scroll.
    private func scrolled(dy: Double, isWheel: Bool, time: Double) -> Bool {
        let sinceLastWheelStep = time - lastWheelStep
        defer { if isWheel { lastWheelStep = time } }
        if pull == nil {
            guard !list.isEditing, list.gestures.mayBegin(.edgePull) else { return false }
            let position = EdgePull.ScrollPosition(atTop: list.isScrolledToTop, atEnd: list.isScrolledToEnd,
                                                   scrollBeganAtTop: scrollBeganAtTop, scrollBeganAtEnd: scrollBeganAtEnd)
            guard let edge = EdgePull.edge(startedByScroll: dy, isWheel: isWheel, sinceLastWheelStep: sinceLastWheelStep,
                                           at: position, hasPullUp: target.completedCount != nil, tuning: tuning)
            else { return false }
            beginPull(edge)
            scrollTravel = 0
        }
        guard let edge = pull?.edge else { return false }
        guard list.gestures.owns(.edgePull) else {
            // A pinch took the pointer: the pull lets go.
            cancelScrollPull()
            return false
        }
        scrollTravel += EdgePull.travel(ofScroll: dy, isWheel: isWheel, towards: edge, rowHeight: Double(AppStyle.rowHeight),
                                        tuning: tuning)
        guard scrollTravel > 0 else {
            // Scrolled back past where the pull began: it ends, and the list scrolls again.
            cancelScrollPull()
            return true
        }
        pull?.moved(to: scrollTravel)
        show()
        if isWheel { restartWheelRelease() }
        return true
    }

    private func restartWheelRelease() {
        wheelRelease.restart(after: tuning.wheelPullReleaseS) { [weak self] in self?.released() }
    }

    private func cancelScrollPull() {
        wheelRelease.cancel()
        reset()
    }

    private func beginPull(_ edge: EdgePull.Edge) {
        stopSpringBack()
        list.gestures.begin(.edgePull)
        list.driver.closeAll()
        pull = EdgePull(edge: edge, rowHeight: Double(AppStyle.rowHeight), canGoUp: target.pullDownGoesUp,
                        hasCompleted: (target.completedCount ?? 0) > 0)
        gtk_widget_set_visible(flick_slide_box_get_back(flick_slide_box_from_widget(root)), 1)
    }

    private func moved(dx: Double, dy: Double) {
        if list.gestures.owns(.lift) { dragLiftedARow = true }
        if pull == nil {
            // A finger of a pinch moving towards the other is not a pull (a pinch together
            // begins with the upper finger moving down at the top of the list): the pinch
            // owns the pointer then.
            guard !list.isEditing, !dragLiftedARow, list.gestures.mayBegin(.edgePull), abs(dy) > abs(dx),
                  let edge = edgeStarting(dy: dy), let gesture else { return }
            gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
            beginPull(edge)
        }
        guard let edge = pull?.edge else { return }
        // A pinch took the pointer: the pull lets go.
        guard list.gestures.owns(.edgePull) else { return reset() }
        let inward = edge == .top ? dy : -dy
        pull?.moved(to: inward - tuning.pullStartPx)
        show()
    }

    /// The edge a drag of `dy` so far starts a pull at, if any: down at the top, up at the
    /// bottom where there is a pull up.
    private func edgeStarting(dy: Double) -> EdgePull.Edge? {
        if EdgePull.begins(afterMoving: dy, atEdge: list.isScrolledToTop) { return .top }
        if target.completedCount != nil, EdgePull.begins(afterMoving: -dy, atEdge: list.isScrolledToEnd) {
            return .bottom
        }
        return nil
    }

    private func show() {
        guard let pull else { return }
        let shown = pull.shownDistance
        switch pull.edge {
        case .top:
            flick_slide_box_set_offset_y(flick_slide_box_from_widget(root), shown)
            flick_slide_box_set_hinge_angle(flick_slide_box_from_widget(hinge), pull.placeholderRotation)
            gtk_widget_set_size_request(hinge, -1, Int32(shown))
            gtk_widget_set_visible(hinge, 1)
            gtk_widget_set_visible(bottomLabel, 0)
            let text: String
            switch pull.stage {
            case .releaseToGoUp: text = tr("Release to go to lists")
            case .releaseToCreate: text = list.words.releaseToCreate
            default: text = list.words.pullToCreate
            }
            gtk_label_set_text(OpaquePointer(placeholderLabel), text)
        case .bottom:
            flick_slide_box_set_offset_y(flick_slide_box_from_widget(root), -shown)
            gtk_widget_set_visible(hinge, 0)
            gtk_widget_set_visible(bottomLabel, 1)
            let completed = target.completedCount ?? 0
            let text = pull.stage == .releaseToClear
                ? trPlural("Release to clear {count} completed item", "Release to clear {count} completed items", completed,
                           ["count": String(completed)])
                : (completed == 0 ? tr("No completed items to clear") : tr("Pull to clear completed"))
            gtk_label_set_text(OpaquePointer(bottomLabel), text)
            gtk_widget_set_size_request(bottomLabel, -1, Int32(shown))
        }
    }

    private func released() {
        let stage = pull?.stage
        reset()
        switch stage {
        case .releaseToCreate?: list.startNewRow(at: 0)
        case .releaseToGoUp?: target.pullGoesUp()
        case .releaseToClear?: target.pullClearsCompleted()
        case .pulling?, nil: break
        }
    }

    /// The list settles back over what it uncovered, eased out; at once without animations.
    private func reset() {
        guard let pull else { return }
        self.pull = nil
        list.gestures.end(.edgePull)
        let offset = pull.edge == .top ? pull.shownDistance : -pull.shownDistance
        guard InteractionDriver.animationsEnabled, offset != 0 else { return settled() }
        springBack = SettleBack(from: offset, duration: Self.springBackS)
        ticker.start { [unowned self] time in self.springBackStep(at: time) }
    }

    private func springBackStep(at time: Double) -> Bool {
        guard var springBack else { return false }
        let moving = springBack.advance(to: time)
        self.springBack = springBack
        flick_slide_box_set_offset_y(flick_slide_box_from_widget(root), springBack.offset)
        if !moving { settled() }
        return moving
    }

    private func stopSpringBack() {
        ticker.stop()
        springBack = nil
    }

    private func settled() {
        springBack = nil
        flick_slide_box_set_offset_y(flick_slide_box_from_widget(root), 0)
        gtk_widget_set_visible(flick_slide_box_get_back(flick_slide_box_from_widget(root)), 0)
    }
}
