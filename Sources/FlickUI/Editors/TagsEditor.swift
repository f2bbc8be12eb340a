@preconcurrency import CGtk
import FlickCore

/// The details view's tags (issue 32): one line, tags separated by commas (`TagsText`), saved
/// when Enter is pressed or the focus leaves it. The tag being typed is completed from the
/// tags the user's items already have.
@MainActor
final class TagsEditor {
    let root: UnsafeMutablePointer<GtkWidget>
    private unowned let editing: any DetailsEditing
    private let knownTags: [String]
    /// The completion's lines: each known tag that starts with the tag being typed, after what
    /// is typed before it, so GTK's own matching (the whole line's start, ignoring case)
    /// completes the last tag and choosing one keeps the others.
    private let suggestions: UnsafeMutablePointer<GtkListStore>

    init(editing: any DetailsEditing, knownTags: [String]) {
        self.editing = editing
        self.knownTags = knownTags
        root = gtk_entry_new()!
        Widgets.setAccessibleLabel(root, tr("Tags"))
        gtk_entry_set_placeholder_text(cast(root), tr("Separate tags with commas"))
        var types = [GType(G_TYPE_STRING_RAW)]
        suggestions = gtk_list_store_newv(1, &types)!
        let completion = gtk_entry_completion_new()!
        gtk_entry_completion_set_model(completion, OpaquePointer(suggestions))
        gtk_entry_completion_set_text_column(completion, 0)
        gtk_entry_set_completion(cast(root), completion)
        g_object_unref(UnsafeMutableRawPointer(completion))
        Signal.connect(root.raw, "changed") { [weak self] in self?.suggest() }
        Signal.connect(root.raw, "activate") { [weak self] in self?.save() }
        let focus = gtk_event_controller_focus_new()!
        Signal.connect(UnsafeMutableRawPointer(focus), "leave") { [weak self] in self?.save() }
        gtk_widget_add_controller(root, focus)
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(suggestions))
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

    private func suggest() {
        gtk_list_store_clear(suggestions)
        let line = typed
        let pieces = TagsText.pieces(line)
        guard let last = pieces.last, !last.text.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        let before = String(line[..<last.start]) + String(last.text.prefix { $0 == " " })
        let used = Set(pieces.dropLast().map { $0.text.trimmingCharacters(in: .whitespaces).lowercased() })
        let typing = last.text.trimmingCharacters(in: .whitespaces).lowercased()
        for tag in knownTags where !used.contains(tag.lowercased()) && tag.lowercased().hasPrefix(typing) {
            append(before + TagsText.line([tag]))
        }
    }

    /// The completion's lines now (for tests).
    var suggestionTexts: [String] {
        var texts: [String] = []
        var iter = GtkTreeIter()
        let model = OpaquePointer(suggestions)
        guard gtk_tree_model_get_iter_first(model, &iter) != 0 else { return texts }
        repeat {
            var value = GValue()
            gtk_tree_model_get_value(model, &iter, 0, &value)
            texts.append(String(cString: g_value_get_string(&value)))
            g_value_unset(&value)
        } while gtk_tree_model_iter_next(model, &iter) != 0
        return texts
    }

    private func append(_ text: String) {
        var iter = GtkTreeIter()
        gtk_list_store_append(suggestions, &iter)
        var value = GValue()
        g_value_init(&value, GType(G_TYPE_STRING_RAW))
        g_value_set_string(&value, text)
        gtk_list_store_set_value(suggestions, &iter, 0, &value)
        g_value_unset(&value)
    }
}
