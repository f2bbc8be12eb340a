@preconcurrency import CGtk
import Foundation
import GestureShim

/// The details view's notes: plain multi-line text, saved a moment after typing stops and when
/// the focus leaves, each save one undoable step. Web and mail addresses are underlined and
/// open with a click.
@MainActor
final class NotesEditor {
    let root: UnsafeMutablePointer<GtkWidget>
    let textView: UnsafeMutablePointer<GtkWidget>
    private let buffer: UnsafeMutablePointer<GtkTextBuffer>
    private let linkTag: UnsafeMutablePointer<GtkTextTag>
    private var saveTimer: UInt32?
    private var isShowing = false
    /// Told of the text to save.
    var onSave: ((String) -> Void)?

    /// How long typing must pause before the notes are saved.
    private static let savePause = 0.8

    init() {
        textView = gtk_text_view_new()!
        buffer = gtk_text_view_get_buffer(cast(textView))
        gtk_text_view_set_wrap_mode(cast(textView), GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_accepts_tab(cast(textView), 0)  // Tab moves on to the next field.
        gtk_text_view_set_left_margin(cast(textView), 8)
        gtk_text_view_set_right_margin(cast(textView), 8)
        gtk_text_view_set_top_margin(cast(textView), 8)
        gtk_text_view_set_bottom_margin(cast(textView), 8)
        // Its name for screen readers is its label's, "Notes" (the details' mnemonic label):
        // a label of its own as well made GTK 4.8 call it "Notes Notes".
        linkTag = gtk_text_tag_new("link")
        var underline = GValue()
        g_value_init(&underline, pango_underline_get_type())
        g_value_set_enum(&underline, Int32(PANGO_UNDERLINE_SINGLE.rawValue))
        g_object_set_property(UnsafeMutablePointer(OpaquePointer(linkTag)), "underline", &underline)
        g_value_unset(&underline)
        gtk_text_tag_table_add(gtk_text_buffer_get_tag_table(buffer), linkTag)
        // The tag table holds the tag as long as the buffer, as `buffer` is held by the view:
        // the reference gtk_text_tag_new gave is not kept (it leaked one tag per details window).
        g_object_unref(UnsafeMutableRawPointer(linkTag))
        root = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(OpaquePointer(root), textView)
        gtk_scrolled_window_set_min_content_height(OpaquePointer(root), 96)
        Widgets.addClass(root, "notes")
        Signal.connect(UnsafeMutableRawPointer(buffer), "changed") { [weak self] in self?.changed() }
        let focus = gtk_event_controller_focus_new()!
        Signal.connect(UnsafeMutableRawPointer(focus), "leave") { [weak self] in self?.saveNow() }
        gtk_widget_add_controller(textView, focus)
        InputAdapters.click(on: textView, released: { [weak self] click in
            if click.presses == 1 { self?.openLink(atX: click.x, y: click.y) }
        })
    }

    var text: String {
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        // A copy the caller frees (valgrind found one lost each time the notes were read).
        guard let copy = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
        defer { g_free(copy) }
        return String(cString: copy)
    }

    /// Shows stored notes; leaves the text alone when it is what is shown (the cursor stays),
    /// and while what is typed waits to be saved: that is newer than what is stored.
    func show(_ notes: String) {
        guard notes != text, saveTimer == nil else { return }
        isShowing = true
        defer { isShowing = false }
        gtk_text_buffer_set_text(buffer, notes, -1)
        markLinks()
    }

    /// Saves at once what is typed, if a save is waiting.
    func saveNow() {
        guard let saveTimer else { return }
        MainLoop.cancel(saveTimer)
        self.saveTimer = nil
        onSave?(text)
    }

    private func changed() {
        markLinks()
        guard !isShowing else { return }
        if let saveTimer { MainLoop.cancel(saveTimer) }
        saveTimer = MainLoop.after(seconds: Self.savePause) { [weak self] in
            self?.saveTimer = nil
            if let self { self.onSave?(self.text) }
        }
    }

    /// Underlines every address in the text.
    private func markLinks() {
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        gtk_text_buffer_remove_tag(buffer, linkTag, &start, &end)
        for range in NoteLinks.ranges(in: text) {
            gtk_text_buffer_get_iter_at_offset(buffer, &start, Int32(range.lowerBound))
            gtk_text_buffer_get_iter_at_offset(buffer, &end, Int32(range.upperBound))
            gtk_text_buffer_apply_tag(buffer, linkTag, &start, &end)
        }
    }

    private func openLink(atX x: Double, y: Double) {
        var bufferX: Int32 = 0, bufferY: Int32 = 0
        gtk_text_view_window_to_buffer_coords(cast(textView), GTK_TEXT_WINDOW_WIDGET, Int32(x), Int32(y),
                                              &bufferX, &bufferY)
        var iter = GtkTextIter()
        guard gtk_text_view_get_iter_at_location(cast(textView), &iter, bufferX, bufferY) != 0,
              gtk_text_iter_has_tag(&iter, linkTag) != 0 else { return }
        let offset = Int(gtk_text_iter_get_offset(&iter))
        guard let range = NoteLinks.ranges(in: text).first(where: { $0.contains(offset) }) else { return }
        let scalars = Array(text.unicodeScalars)
        let address = String(String.UnicodeScalarView(scalars[range]))
        Self.open(address, over: gtk_widget_get_root(textView).map { UnsafeMutablePointer<GtkWidget>($0) })
    }

    /// Opens `address` with the desktop's application for it (GtkUriLauncher, or GTK 4.8's
    /// gtk_show_uri_full: `flick_launch_uri`); where none could, a message over `window` says why.
    static func open(_ address: String, over window: UnsafeMutablePointer<GtkWidget>?) {
        let failed: @MainActor (String) -> Void = { error in
            MessageWindow.present(heading: tr("The Link Could Not Be Opened"), body: error, over: window)
        }
        flick_launch_uri(window.map { cast($0) }, address, linkOpened, Unmanaged.passRetained(HandlerBox(failed)).toOpaque())
    }
}

/// The shim's `FlickUriLaunched`: a failure goes to the handler `NotesEditor.open` made, which
/// is released after this one call.
private let linkOpened: FlickUriLaunched = { data, error in
    let box = Unmanaged<HandlerBox<@MainActor (String) -> Void>>.fromOpaque(data!).takeRetainedValue()
    guard let error else { return }
    let message = String(cString: error)
    MainActor.assumeIsolated { box.handler(message) }
}
