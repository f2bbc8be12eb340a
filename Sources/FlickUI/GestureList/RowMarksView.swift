@preconcurrency import CGtk
import FlickCore

/// The small icons a row shows after its title when its item has notes, a reminder, repeats or
/// a high priority, and its tags as one short line of small text, so the row does
/// not grow taller. Made only for rows that need them (DESIGN 2.8); screen readers hear the
/// marks in the row's name instead, so the icons and tags are hidden from them.
@MainActor
final class RowMarksView {
    let root: UnsafeMutablePointer<GtkWidget>
    private let icons: [(mark: ItemMarks, image: UnsafeMutablePointer<GtkWidget>)]
    private let tagsLabel: UnsafeMutablePointer<GtkWidget>
    /// "2/5": how many of the item's subtasks are done.
    private let progressLabel: UnsafeMutablePointer<GtkWidget>

    init() {
        root = AccessibleRole.widget(gtk_box_get_type(), role: GTK_ACCESSIBLE_ROLE_PRESENTATION)
        gtk_box_set_spacing(cast(root), 4)
        Widgets.addClass(root, "row-marks")
        gtk_widget_set_margin_start(root, 8)
        gtk_widget_set_valign(root, GTK_ALIGN_CENTER)
        let names: [(ItemMarks, String)] = [(.highPriority, "emblem-important-symbolic"), (.notes, "document-edit-symbolic"),
                                            (.reminder, "alarm-symbolic"), (.repeats, "media-playlist-repeat-symbolic")]
        icons = names.map { mark, name in
            let image = AccessibleRole.widget(gtk_image_get_type(), role: GTK_ACCESSIBLE_ROLE_PRESENTATION)
            gtk_image_set_from_icon_name(OpaquePointer(image), name)
            return (mark, image)
        }
        for icon in icons { gtk_box_append(cast(root), icon.image) }
        Widgets.addClass(icons[0].image, "high-priority")
        tagsLabel = AccessibleRole.widget(gtk_label_get_type(), role: GTK_ACCESSIBLE_ROLE_PRESENTATION)
        Widgets.addClass(tagsLabel, "row-tags")
        gtk_label_set_ellipsize(OpaquePointer(tagsLabel), PANGO_ELLIPSIZE_END)
        gtk_label_set_max_width_chars(OpaquePointer(tagsLabel), 24)
        gtk_label_set_single_line_mode(OpaquePointer(tagsLabel), 1)
        gtk_box_append(cast(root), tagsLabel)
        progressLabel = AccessibleRole.widget(gtk_label_get_type(), role: GTK_ACCESSIBLE_ROLE_PRESENTATION)
        Widgets.addClass(progressLabel, "subtask-chip")
        gtk_box_append(cast(root), progressLabel)
    }

    /// - Parameters:
    ///   - tags: the item's tags, read for a row whose marks say it has some.
    ///   - subtasks: how many subtasks it has and how many are done, if it has any.
    func show(_ marks: ItemMarks, tags: [String], subtasks: SubtaskProgress?) {
        for icon in icons { gtk_widget_set_visible(icon.image, marks.contains(icon.mark) ? 1 : 0) }
        gtk_label_set_text(OpaquePointer(tagsLabel), tags.joined(separator: " · "))
        gtk_widget_set_visible(tagsLabel, tags.isEmpty ? 0 : 1)
        gtk_label_set_text(OpaquePointer(progressLabel), subtasks.map { "\($0.done)/\($0.total)" } ?? "")
        gtk_widget_set_visible(progressLabel, subtasks == nil ? 0 : 1)
        gtk_widget_set_visible(root, marks.isEmpty && subtasks == nil ? 0 : 1)
    }
}
