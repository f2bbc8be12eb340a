@preconcurrency import CGtk

/// Tells a widget's owner whether the window the widget is in is a phone's (`PhoneWidth`'s CSS
/// class `narrow`): when the widget is mapped, and at each change while it is. A
/// widget deep in a view (the details' date buttons) follows the width live this way, as the
/// rest of the phone layout does through `PhoneWidth.onChange`, without the window knowing it.
/// The watch ends when the widget is unmapped: the details are made again for each item, and
/// their handlers must not pile up on the main window.
@MainActor
final class NarrowWindowWatch {
    private let widget: UnsafeMutablePointer<GtkWidget>
    private let onChange: (Bool) -> Void
    private var watched: (window: UnsafeMutablePointer<GtkWidget>, handler: UInt)?

    init(_ widget: UnsafeMutablePointer<GtkWidget>, onChange: @escaping (Bool) -> Void) {
        self.widget = widget
        self.onChange = onChange
        Signal.connect(widget.raw, "map") { [weak self] in self?.start() }
        Signal.connect(widget.raw, "unmap") { [weak self] in self?.stop() }
    }

    private func start() {
        stop()
        guard let root = gtk_widget_get_root(widget) else { return }
        let window = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self)
        let handler = Signal.connectObject(window.raw, "notify::css-classes") { [weak self] _ in
            self?.onChange(PhoneWidth.isNarrow(window))
        }
        watched = (window, handler)
        onChange(PhoneWidth.isNarrow(window))
    }

    private func stop() {
        guard let watched else { return }
        g_signal_handler_disconnect(watched.window.raw, gulong(watched.handler))
        self.watched = nil
    }

    isolated deinit {
        stop()
    }
}
