@preconcurrency import CGtk
import FlickCore
import GestureShim

/// The details view's tags: one line, tags separated by commas (`TagsText`), saved
/// when Enter is pressed or the focus leaves it. The tag being typed is completed from the
/// tags the user's items already have.
@MainActor
final class TagsEditor {
    let root: UnsafeMutablePointer<GtkWidget>
    private unowned let editing: any DetailsEditing
    private let knownTags: [String]

    init(editing: any DetailsEditing, knownTags: [String]) {
        self.editing = editing
        self.knownTags = knownTags
        root = gtk_entry_new()!
        Widgets.setAccessibleLabel(root, tr("Tags"))
        gtk_entry_set_placeholder_text(cast(root), tr("Separate tags with commas"))
        // GtkEntryCompletion, in the shim: deprecated since GTK 4.10, with nothing in its place.
        flick_entry_completion_attach(cast(root))
        Signal.connect(root.raw, "changed") { [weak self] in self?.suggest() }
        Signal.connect(root.raw, "activate") { [weak self] in self?.save() }
        let focus = gtk_event_controller_focus_new()!
        Signal.connect(UnsafeMutableRawPointer(focus), "leave") { [weak self] in self?.save() }
        gtk_widget_add_controller(root, focus)
    }

    private var typed: String { String(cString: gtk_editable_get_text(OpaquePointer(root))) }

    func show(_ tags: [String]) {
        guard TagsText.tags(typed) != tags else { return }
        gtk_editable_set_text(OpaquePointer(root), TagsText.line(tags))
    }

    /// Saves what is typed; nothing when it says the tags there are.
    func save() {
        let tags = TagsText.tags(typed)
        guard tags != editing.fields.tags else { return }
        editing.apply { $0.tags = tags }
    }

    /// The completion's lines: each known tag that starts with the tag being typed, after what
    /// is typed before it, so GTK's own matching (the whole line's start, ignoring case)
    /// completes the last tag and choosing one keeps the others.
    private func suggest() {
        let line = typed
        let pieces = TagsText.pieces(line)
        var lines: [String] = []
        if let last = pieces.last, !last.text.trimmingCharacters(in: .whitespaces).isEmpty {
            let before = String(line[..<last.start]) + String(last.text.prefix { $0 == " " })
            let used = Set(pieces.dropLast().map { $0.text.trimmingCharacters(in: .whitespaces).lowercased() })
            let typing = last.text.trimmingCharacters(in: .whitespaces).lowercased()
            lines = knownTags.filter { !used.contains($0.lowercased()) && $0.lowercased().hasPrefix(typing) }
                .map { before + TagsText.line([$0]) }
        }
        lines.withCStringArray { flick_entry_completion_set_lines(cast(root), $0) }
    }

    /// The completion's lines now (for tests).
    var suggestionTexts: [String] {
        guard let lines = flick_entry_completion_lines(cast(root)) else { return [] }
        defer { g_strfreev(lines) }
        var texts: [String] = []
        var index = 0
        while let line = lines[index] {
            texts.append(String(cString: line))
            index += 1
        }
        return texts
    }
}
