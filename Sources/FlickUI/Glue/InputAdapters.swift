@preconcurrency import CGtk
import FlickInteraction

/// Every GTK gesture controller Flick makes, but the ones its C shim makes (GestureShim: the
/// drags and the zoom, whose sequences must be claimed and denied in C), in one place: a view
/// says what it wants to hear of the pointer and gets it as values, with the event's own time
/// where a decision needs it (seconds, as `ListHands` counts). Nothing here decides anything.
@MainActor
enum InputAdapters {
    /// A press or a release of a click gesture: GTK's count of presses in a row (2 for a
    /// double-click, by the desktop's double-click time), where, in the widget's coordinates,
    /// and whether a finger on a touchscreen made it.
    struct Click {
        let presses: Int
        let x: Double
        let y: Double
        var isTouch = false
    }

    /// A click gesture for `button` (0: any) in `phase`, added to `widget`; `pressed` and
    /// `released` hear its presses and releases.
    @discardableResult
    static func click(on widget: UnsafeMutablePointer<GtkWidget>, button: UInt32 = UInt32(GDK_BUTTON_PRIMARY),
                      phase: GtkPropagationPhase = GTK_PHASE_BUBBLE, pressed: ((Click) -> Void)? = nil,
                      released: ((Click) -> Void)? = nil) -> OpaquePointer {
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, guint(button))
        gtk_event_controller_set_propagation_phase(click, phase)
        if let pressed {
            Signal.connectPressed(UnsafeMutableRawPointer(click)) { presses, x, y in
                pressed(Click(presses: Int(presses), x: x, y: y))
            }
        }
        if let released {
            Signal.connectReleased(UnsafeMutableRawPointer(click)) { presses, x, y in
                released(Click(presses: Int(presses), x: x, y: y, isTouch: isTouch(gtk_event_controller_get_current_event(click))))
            }
        }
        gtk_widget_add_controller(widget, click)
        return click
    }

    /// A primary press with Ctrl or Shift held on `widget`, heard before the widget's own
    /// gestures (the capture phase): `pressed` says whether it took the press, which is then
    /// claimed, so the row's drag and the list view's click do not act on it too.
    static func modifiedClick(on widget: UnsafeMutablePointer<GtkWidget>,
                              pressed: @escaping @MainActor (Click, _ extending: Bool) -> Bool) {
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, guint(GDK_BUTTON_PRIMARY))
        gtk_event_controller_set_propagation_phase(click, GTK_PHASE_CAPTURE)
        Signal.connectPressed(UnsafeMutableRawPointer(click)) { presses, x, y in
            let state = gtk_event_controller_get_current_event_state(click).rawValue
            let extending = state & GDK_SHIFT_MASK.rawValue != 0
            guard extending || state & GDK_CONTROL_MASK.rawValue != 0 else { return }
            if pressed(Click(presses: Int(presses), x: x, y: y), extending) {
                gtk_gesture_set_state(click, GTK_EVENT_SEQUENCE_CLAIMED)
            }
        }
        gtk_widget_add_controller(widget, click)
    }

    /// A long press on `widget` (touch, or a mouse button held): `pressed` at (x, y) once it has
    /// been held for GTK's long-press time. Returns the gesture (the widget owns it).
    @discardableResult
    static func longPress(on widget: UnsafeMutablePointer<GtkWidget>,
                          pressed: @escaping @MainActor (Double, Double) -> Void) -> OpaquePointer {
        let longPress = gtk_gesture_long_press_new()!
        Signal.connectPressedAt(UnsafeMutableRawPointer(longPress), pressed)
        gtk_widget_add_controller(widget, longPress)
        return longPress
    }

    /// One step of a scroll, as the gestures take it.
    struct ScrollStep {
        let dx: Double
        let dy: Double
        let source: ScrollSource
        let withControl: Bool
        /// The event's own time, in seconds.
        let time: Double
    }

    /// A scroll controller on both axes, in `phase`, added to `widget`: `began` and `ended` when
    /// fingers come down on a touchpad and lift (GTK sends them for touchpads only; `ended` with
    /// the event's time, in seconds); `scrolled` for each step, returning whether it was used up
    /// (GTK must not scroll by it).
    static func scroll(on widget: UnsafeMutablePointer<GtkWidget>, phase: GtkPropagationPhase,
                       began: @escaping @MainActor () -> Void, scrolled: @escaping @MainActor (ScrollStep) -> Bool,
                       ended: @escaping @MainActor (Double) -> Void) {
        let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES)!
        gtk_event_controller_set_propagation_phase(scroll, phase)
        Signal.connect(UnsafeMutableRawPointer(scroll), "scroll-begin", began)
        // The controller lives as long as the widget, and so as this handler.
        nonisolated(unsafe) let controller = scroll
        Signal.connectScroll(UnsafeMutableRawPointer(scroll)) { dx, dy in
            let state = gtk_event_controller_get_current_event_state(controller)
            return scrolled(ScrollStep(dx: dx, dy: dy, source: source(of: controller),
                                       withControl: state.rawValue & GDK_CONTROL_MASK.rawValue != 0,
                                       time: Double(gtk_event_controller_get_current_event_time(controller)) / 1000))
        }
        Signal.connect(UnsafeMutableRawPointer(scroll), "scroll-end") {
            ended(Double(gtk_event_controller_get_current_event_time(controller)) / 1000)
        }
        gtk_widget_add_controller(widget, scroll)
    }

    /// Where the pointer is over `widget` (its coordinates), told to `moved` as it moves and as
    /// it enters: a pointer that enters and stays still (a window opening under it, a Wayland
    /// compositor giving it the surface) moves no further, its position coming only with the
    /// entering.
    static func pointerPosition(over widget: UnsafeMutablePointer<GtkWidget>,
                                _ moved: @escaping @MainActor (Double, Double) -> Void) {
        let motion = gtk_event_controller_motion_new()!
        Signal.connectDoubles(UnsafeMutableRawPointer(motion), "motion", moved)
        Signal.connectDoubles(UnsafeMutableRawPointer(motion), "enter", moved)
        gtk_widget_add_controller(widget, motion)
    }

    /// What the scroll being handled by `controller` comes from: a wheel's notch comes in wheel
    /// units; of the smooth scrolls, only the event's device tells a touchpad's from a
    /// high-resolution wheel's (`ScrollSource`).
    private static func source(of controller: OpaquePointer) -> ScrollSource {
        if gtk_event_controller_scroll_get_unit(controller) == GDK_SCROLL_UNIT_WHEEL { return .wheelStep }
        let device = gtk_event_controller_get_current_event_device(controller)
        return device.map { gdk_device_get_source($0) } == GDK_SOURCE_TOUCHPAD ? .fingers : .wheelPart
    }

    /// A pointer or touch event seen anywhere in a window before its widgets see it.
    struct WindowEvent {
        enum Kind { case moved, released, other }
        let kind: Kind
        /// Where, in the window widget's coordinates (the surface's, less the window's shadow and
        /// frame); nil for an event without a position.
        let x: Double?
        let y: Double?
        let time: Double
        /// A finger's event (a touch sequence's), not the pointer's.
        let isTouch: Bool
    }

    /// Every event over `window`, in the capture phase, for what must follow the pointer beyond
    /// the widget it began on (a lifted row); nothing is stopped.
    static func windowEvents(of window: UnsafeMutablePointer<GtkWidget>, _ seen: @escaping @MainActor (WindowEvent) -> Void) {
        let legacy = gtk_event_controller_legacy_new()!
        gtk_event_controller_set_propagation_phase(legacy, GTK_PHASE_CAPTURE)
        Signal.connectEvent(UnsafeMutableRawPointer(legacy)) { event in
            let point = windowPoint(of: event, window: window)
            let type = gdk_event_get_event_type(event)
            let kind: WindowEvent.Kind
            switch type {
            case GDK_MOTION_NOTIFY, GDK_TOUCH_UPDATE: kind = .moved
            case GDK_BUTTON_RELEASE, GDK_TOUCH_END: kind = .released
            default: kind = .other
            }
            seen(WindowEvent(kind: kind, x: point?.x, y: point?.y, time: Double(gdk_event_get_time(event)) / 1000,
                             isTouch: isTouch(event)))
            return false
        }
        gtk_widget_add_controller(window, legacy)
    }

    private static func windowPoint(of event: OpaquePointer, window: UnsafeMutablePointer<GtkWidget>) -> (x: Double, y: Double)? {
        var x = 0.0
        var y = 0.0
        guard gdk_event_get_position(event, &x, &y) != 0, let native = gtk_widget_get_native(window) else { return nil }
        var dx = 0.0
        var dy = 0.0
        gtk_native_get_surface_transform(native, &dx, &dy)
        return (x - dx, y - dy)
    }

    /// Whether a finger on a touchscreen sent the event.
    private static func isTouch(_ event: OpaquePointer?) -> Bool {
        guard let event else { return false }
        return [GDK_TOUCH_BEGIN, GDK_TOUCH_UPDATE, GDK_TOUCH_END, GDK_TOUCH_CANCEL].contains(gdk_event_get_event_type(event))
    }
}
