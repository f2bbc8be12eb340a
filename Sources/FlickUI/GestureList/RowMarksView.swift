@preconcurrency import CGtk
import FlickCore

/// The small icons a row shows after its title when its item has notes, a reminder, or
/// repeats. Made only for rows that need them (DESIGN 2.8); screen readers hear the marks in
/// the row's name instead, so the icons are hidden from them.
@MainActor
final class RowMarksView {
    let root: UnsafeMutablePointer<GtkWidget>
    private let icons: [(mark: ItemMarks, image: UnsafeMutablePointer<GtkWidget>)]

    init() {
        root = AccessibleRole.widget(gtk_box_get_type(), role: GTK_ACCESSIBLE_ROLE_PRESENTATION)
        gtk_box_set_spacing(cast(root), 4)
        Widgets.addClass(root, "row-marks")
        gtk_widget_set_margin_start(root, 8)
        gtk_widget_set_valign(root, GTK_ALIGN_CENTER)
        let names: [(ItemMarks, String)] = [(.notes, "document-edit-symbolic"), (.reminder, "alarm-symbolic"),
                                            (.repeats, "media-playlist-repeat-symbolic")]
        icons = names.map { mark, name in
            let image = AccessibleRole.widget(gtk_image_get_type(), role: GTK_ACCESSIBLE_ROLE_PRESENTATION)
            gtk_image_set_from_icon_name(OpaquePointer(image), name)
            return (mark, image)
        }
        for icon in icons { gtk_box_append(cast(root), icon.image) }
    }

    func show(_ marks: ItemMarks) {
        for icon in icons { gtk_widget_set_visible(icon.image, marks.contains(icon.mark) ? 1 : 0) }
        gtk_widget_set_visible(root, marks.isEmpty ? 0 : 1)
    }
}
