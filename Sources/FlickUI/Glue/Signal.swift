@preconcurrency import CGtk
import GestureShim

/// Connects GObject signals to Swift closures. Each closure lives in a box retained by the
/// signal connection and released by its destroy notify, so a handler lives exactly as long
/// as the connection (that is, as long as the object emitting it). Each connection first checks
/// that the C trampoline it uses takes what the signal passes (`mismatch`): a trampoline of
/// another shape would read the signal's arguments as its user data.
enum Signal {
    /// A signal whose handler takes only the instance: `clicked`, `activate`, `leave`, ….
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer, _ name: String,
                        _ handler: @escaping @MainActor () -> Void) -> UInt {
        connectBox(instance, name, HandlerBox(handler), Trampoline(voidTrampoline, returns: FLICK_ARG_VOID, []))
    }

    /// A signal whose first argument is an object pointer: list item factory `setup` / `bind`.
    @discardableResult
    static func connectObject(_ instance: UnsafeMutableRawPointer, _ name: String,
                              _ handler: @escaping @MainActor (OpaquePointer) -> Void) -> UInt {
        connectBox(instance, name, HandlerBox(handler), Trampoline(objectTrampoline, returns: FLICK_ARG_VOID, [FLICK_ARG_POINTER]))
    }

    /// A signal whose first argument is an unsigned int: GtkListView `activate(position)`.
    @discardableResult
    static func connectUInt(_ instance: UnsafeMutableRawPointer, _ name: String,
                            _ handler: @escaping @MainActor (UInt32) -> Void) -> UInt {
        connectBox(instance, name, HandlerBox(handler), Trampoline(uintTrampoline, returns: FLICK_ARG_VOID, [FLICK_ARG_INT]))
    }

    /// A signal that returns a gboolean and takes no arguments: `close-request`.
    @discardableResult
    static func connectReturningBool(_ instance: UnsafeMutableRawPointer, _ name: String,
                                     _ handler: @escaping @MainActor () -> Bool) -> UInt {
        connectBox(instance, name, HandlerBox(handler), Trampoline(boolTrampoline, returns: FLICK_ARG_INT, []))
    }

    /// GtkWidget `mnemonic-activate(group_cycling)`: a label's mnemonic (Alt+D) reached the
    /// widget; return true when it was handled.
    @discardableResult
    static func connectMnemonic(_ widget: UnsafeMutableRawPointer, _ handler: @escaping @MainActor (Bool) -> Bool) -> UInt {
        connectBox(widget, "mnemonic-activate", HandlerBox(handler), Trampoline(flagTrampoline, returns: FLICK_ARG_INT, [FLICK_ARG_INT]))
    }

    /// GtkEventControllerKey `key-pressed(keyval, keycode, state)`; return true to stop it.
    @discardableResult
    static func connectKeyPressed(_ controller: UnsafeMutableRawPointer,
                                  _ handler: @escaping @MainActor (UInt32, GdkModifierType) -> Bool) -> UInt {
        connectBox(controller, "key-pressed", HandlerBox(handler), Trampoline(keyTrampoline, returns: FLICK_ARG_INT, [FLICK_ARG_INT, FLICK_ARG_INT, FLICK_ARG_INT]))
    }

    /// GFileMonitor `changed(file, other_file, event_type)`: the handler hears the event alone.
    @discardableResult
    static func connectFileChanged(_ monitor: UnsafeMutableRawPointer,
                                   _ handler: @escaping @MainActor (GFileMonitorEvent) -> Void) -> UInt {
        connectBox(monitor, "changed", HandlerBox(handler),
                   Trampoline(fileChangedTrampoline, returns: FLICK_ARG_VOID, [FLICK_ARG_POINTER, FLICK_ARG_POINTER, FLICK_ARG_INT]))
    }

    /// GtkGestureClick `pressed(n_press, x, y)`.
    @discardableResult
    static func connectPressed(_ gesture: UnsafeMutableRawPointer,
                               _ handler: @escaping @MainActor (Int32, Double, Double) -> Void) -> UInt {
        connectBox(gesture, "pressed", HandlerBox(handler), Trampoline(pressedTrampoline, returns: FLICK_ARG_VOID, [FLICK_ARG_INT, FLICK_ARG_DOUBLE, FLICK_ARG_DOUBLE]))
    }

    /// GtkGestureClick `released(n_press, x, y)`.
    @discardableResult
    static func connectReleased(_ gesture: UnsafeMutableRawPointer,
                                _ handler: @escaping @MainActor (Int32, Double, Double) -> Void) -> UInt {
        connectBox(gesture, "released", HandlerBox(handler), Trampoline(pressedTrampoline, returns: FLICK_ARG_VOID, [FLICK_ARG_INT, FLICK_ARG_DOUBLE, FLICK_ARG_DOUBLE]))
    }

    /// A signal with two doubles: GtkGestureDrag `drag-update` and `drag-end` (offset x, y).
    @discardableResult
    static func connectDoubles(_ instance: UnsafeMutableRawPointer, _ name: String,
                               _ handler: @escaping @MainActor (Double, Double) -> Void) -> UInt {
        connectBox(instance, name, HandlerBox(handler), Trampoline(doublesTrampoline, returns: FLICK_ARG_VOID, [FLICK_ARG_DOUBLE, FLICK_ARG_DOUBLE]))
    }

    /// GtkEventControllerLegacy `event(event)`; return true to stop it.
    @discardableResult
    static func connectEvent(_ controller: UnsafeMutableRawPointer,
                             _ handler: @escaping @MainActor (OpaquePointer) -> Bool) -> UInt {
        connectBox(controller, "event", HandlerBox(handler), Trampoline(eventTrampoline, returns: FLICK_ARG_INT, [FLICK_ARG_POINTER]))
    }

    /// GtkEventControllerScroll `scroll(dx, dy)`; return true to stop it.
    @discardableResult
    static func connectScroll(_ controller: UnsafeMutableRawPointer,
                              _ handler: @escaping @MainActor (Double, Double) -> Bool) -> UInt {
        connectBox(controller, "scroll", HandlerBox(handler), Trampoline(scrollTrampoline, returns: FLICK_ARG_INT, [FLICK_ARG_DOUBLE, FLICK_ARG_DOUBLE]))
    }

    /// GtkGesture `cancel(sequence)`: the gesture's sequence was taken by another gesture, or
    /// the gesture was reset (a window opening on top, its widget going away). The sequence is
    /// NULL for a mouse.
    @discardableResult
    static func connectCancel(_ gesture: UnsafeMutableRawPointer, _ handler: @escaping @MainActor () -> Void) -> UInt {
        connectBox(gesture, "cancel", HandlerBox(handler),
                   Trampoline(sequenceTrampoline, returns: FLICK_ARG_VOID, [FLICK_ARG_POINTER]))
    }

    /// What happens when a handler does not fit its signal: Flick stops with the message, at
    /// the connection, before the handler can run with arguments it misreads. Tests replace it
    /// to read the message; the handler is then not connected.
    nonisolated(unsafe) static var handlerDoesNotFit: (String) -> Void = { message in
        fatalError("Flick: \(message)")
    }

    /// nil when `trampoline` takes what the signal `name` of `instance` passes; otherwise why not,
    /// naming the signal and the instance's type (GLib's g_signal_query, in the shim).
    static func mismatch(_ instance: UnsafeMutableRawPointer, _ name: String, _ trampoline: Trampoline) -> String? {
        let message = trampoline.arguments.withUnsafeBufferPointer { arguments in
            flick_signal_mismatch(instance, name, trampoline.returns, guint(arguments.count), arguments.baseAddress)
        }
        guard let message else { return nil }
        defer { g_free(message) }
        return String(cString: message)
    }

    private static func connectBox<T>(_ instance: UnsafeMutableRawPointer, _ name: String,
                                      _ box: HandlerBox<T>, _ trampoline: Trampoline) -> UInt {
        if let mismatch = mismatch(instance, name, trampoline) {
            handlerDoesNotFit(mismatch)
            return 0
        }
        let data = Unmanaged.passRetained(box).toOpaque()
        return g_signal_connect_data(instance, name, trampoline.callback, data, releaseHandlerBox,
                                     GConnectFlags(rawValue: 0))
    }
}

/// Holds a handler closure for the C side; released by `releaseHandlerBox`.
final class HandlerBox<T>: @unchecked Sendable {
    let handler: T

    init(_ handler: T) {
        self.handler = handler
        LiveBoxes.made()
    }

    deinit { LiveBoxes.released() }
}

private func box<T>(_ data: gpointer?, as _: T.Type) -> HandlerBox<T> {
    Unmanaged<HandlerBox<T>>.fromOpaque(data!).takeUnretainedValue()
}

private let releaseHandlerBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

private let sequenceTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
    let handler = box(data, as: (@MainActor () -> Void).self).handler
    MainActor.assumeIsolated { handler() }
}

private let voidTrampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
    let handler = box(data, as: (@MainActor () -> Void).self).handler
    MainActor.assumeIsolated { handler() }
}

private let objectTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, object, data in
    let handler = box(data, as: (@MainActor (OpaquePointer) -> Void).self).handler
    guard let object else { return }
    nonisolated(unsafe) let pointer = OpaquePointer(object)
    MainActor.assumeIsolated { handler(pointer) }
}

private let uintTrampoline: @convention(c) (gpointer?, guint, gpointer?) -> Void = { _, value, data in
    let handler = box(data, as: (@MainActor (UInt32) -> Void).self).handler
    MainActor.assumeIsolated { handler(value) }
}

private let boolTrampoline: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
    let handler = box(data, as: (@MainActor () -> Bool).self).handler
    return MainActor.assumeIsolated { handler() } ? 1 : 0
}

private let flagTrampoline: @convention(c) (gpointer?, gboolean, gpointer?) -> gboolean = { _, flag, data in
    let handler = box(data, as: (@MainActor (Bool) -> Bool).self).handler
    return MainActor.assumeIsolated { handler(flag != 0) } ? 1 : 0
}

private let keyTrampoline: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
    _, keyval, _, state, data in
    let handler = box(data, as: (@MainActor (UInt32, GdkModifierType) -> Bool).self).handler
    return MainActor.assumeIsolated { handler(keyval, state) } ? 1 : 0
}

private let fileChangedTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?, GFileMonitorEvent, gpointer?) -> Void = {
    _, _, _, event, data in
    let handler = box(data, as: (@MainActor (GFileMonitorEvent) -> Void).self).handler
    MainActor.assumeIsolated { handler(event) }
}

private let doublesTrampoline: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> Void = { _, x, y, data in
    let handler = box(data, as: (@MainActor (Double, Double) -> Void).self).handler
    MainActor.assumeIsolated { handler(x, y) }
}

private let eventTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> gboolean = { _, event, data in
    let handler = box(data, as: (@MainActor (OpaquePointer) -> Bool).self).handler
    guard let event else { return 0 }
    nonisolated(unsafe) let pointer = OpaquePointer(event)
    return MainActor.assumeIsolated { handler(pointer) } ? 1 : 0
}

private let scrollTrampoline: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> gboolean = { _, dx, dy, data in
    let handler = box(data, as: (@MainActor (Double, Double) -> Bool).self).handler
    return MainActor.assumeIsolated { handler(dx, dy) } ? 1 : 0
}

private let pressedTrampoline: @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void = {
    _, count, x, y, data in
    let handler = box(data, as: (@MainActor (Int32, Double, Double) -> Void).self).handler
    MainActor.assumeIsolated { handler(count, x, y) }
}

extension Signal {
    /// A signal that takes an object pointer and returns an int: `handle-local-options`.
    @discardableResult
    static func connectObjectReturningInt(_ instance: UnsafeMutableRawPointer, _ name: String,
                                          _ handler: @escaping @MainActor (OpaquePointer) -> Int32) -> UInt {
        connectBox(instance, name, HandlerBox(handler), Trampoline(objectIntTrampoline, returns: FLICK_ARG_INT, [FLICK_ARG_POINTER]))
    }
}

private let objectIntTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> gint = { _, object, data in
    let handler = box(data, as: (@MainActor (OpaquePointer) -> Int32).self).handler
    nonisolated(unsafe) let pointer = OpaquePointer(object!)
    return MainActor.assumeIsolated { handler(pointer) }
}

extension Signal {
    /// GSimpleAction `activate(parameter)`; the parameter is not used by Flick's actions.
    @discardableResult
    static func connectAction(_ action: OpaquePointer, _ handler: @escaping @MainActor () -> Void) -> UInt {
        connectBox(UnsafeMutableRawPointer(action), "activate", HandlerBox(handler),
                   Trampoline(actionTrampoline, returns: FLICK_ARG_VOID, [FLICK_ARG_POINTER]))
    }
}

private let actionTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
    let handler = box(data, as: (@MainActor () -> Void).self).handler
    MainActor.assumeIsolated { handler() }
}

extension Signal {
    /// GtkGestureLongPress `pressed(x, y)`.
    @discardableResult
    static func connectPressedAt(_ gesture: UnsafeMutableRawPointer,
                                 _ handler: @escaping @MainActor (Double, Double) -> Void) -> UInt {
        connectBox(gesture, "pressed", HandlerBox(handler), Trampoline(pointTrampoline, returns: FLICK_ARG_VOID, [FLICK_ARG_DOUBLE, FLICK_ARG_DOUBLE]))
    }
}

private let pointTrampoline: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> Void = { _, x, y, data in
    let handler = box(data, as: (@MainActor (Double, Double) -> Void).self).handler
    MainActor.assumeIsolated { handler(x, y) }
}

extension Signal {
    /// GSimpleAction `activate(parameter)` for actions whose parameter is an item id ("x").
    @discardableResult
    static func connectItemAction(_ action: OpaquePointer, _ handler: @escaping @MainActor (Int64) -> Void) -> UInt {
        connectBox(UnsafeMutableRawPointer(action), "activate", HandlerBox(handler),
                   Trampoline(itemActionTrampoline, returns: FLICK_ARG_VOID, [FLICK_ARG_POINTER]))
    }
}

private let itemActionTrampoline: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void = { _, parameter, data in
    let handler = box(data, as: (@MainActor (Int64) -> Void).self).handler
    guard let parameter else { return }
    let id = Int64(g_variant_get_int64(parameter))
    MainActor.assumeIsolated { handler(id) }
}

extension Signal {
    /// GSimpleAction `activate(parameter)` for actions whose parameter is a string ("s").
    @discardableResult
    static func connectStringAction(_ action: OpaquePointer, _ handler: @escaping @MainActor (String) -> Void) -> UInt {
        connectBox(UnsafeMutableRawPointer(action), "activate", HandlerBox(handler),
                   Trampoline(stringActionTrampoline, returns: FLICK_ARG_VOID, [FLICK_ARG_POINTER]))
    }
}

private let stringActionTrampoline: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void = { _, parameter, data in
    let handler = box(data, as: (@MainActor (String) -> Void).self).handler
    guard let parameter, let text = g_variant_get_string(parameter, nil) else { return }
    let string = String(cString: text)
    MainActor.assumeIsolated { handler(string) }
}

extension Signal {
    /// GtkDropTarget `drop(value, x, y)`; return true when the drop was taken.
    @discardableResult
    static func connectDrop(_ target: UnsafeMutableRawPointer,
                            _ handler: @escaping @MainActor (UnsafePointer<GValue>) -> Bool) -> UInt {
        connectBox(target, "drop", HandlerBox(handler), Trampoline(dropTrampoline, returns: FLICK_ARG_INT, [FLICK_ARG_POINTER, FLICK_ARG_DOUBLE, FLICK_ARG_DOUBLE]))
    }
}

private let dropTrampoline: @convention(c) (gpointer?, UnsafePointer<GValue>?, gdouble, gdouble, gpointer?) -> gboolean = {
    _, value, _, _, data in
    let handler = box(data, as: (@MainActor (UnsafePointer<GValue>) -> Bool).self).handler
    guard let value else { return 0 }
    nonisolated(unsafe) let pointer = value
    return MainActor.assumeIsolated { handler(pointer) } ? 1 : 0
}

extension Signal {
    /// GtkWidget `keynav-failed(direction)`: the handler returns true when it moved the focus.
    @discardableResult
    static func connectKeynavFailed(_ widget: UnsafeMutableRawPointer,
                                    _ handler: @escaping @MainActor (GtkDirectionType) -> Bool) -> UInt {
        connectBox(widget, "keynav-failed", HandlerBox(handler), Trampoline(keynavTrampoline, returns: FLICK_ARG_INT, [FLICK_ARG_INT]))
    }
}

private let keynavTrampoline: @convention(c) (gpointer?, GtkDirectionType, gpointer?) -> gboolean = { _, direction, data in
    let handler = box(data, as: (@MainActor (GtkDirectionType) -> Bool).self).handler
    return MainActor.assumeIsolated { handler(direction) } ? 1 : 0
}
