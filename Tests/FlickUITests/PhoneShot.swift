@preconcurrency import CGtk
import Foundation
@testable import FlickUI

/// A picture of a window or popover opened over a phone-sized main window, as the phone shows
/// it: the main window, and over it the window at the top in the middle of its width, or the
/// popover where GTK placed it, drawn by GTK's own renderer
/// into a PNG to be looked at (issue 61: every screen's screenshot is looked at). The folder is
/// $FLICK_PHONE_SHOTS's (or the temporary folder's) flick-phone-dialogs, beside the end-to-end
/// tour's.
@MainActor
enum PhoneShot {
    static var folder: URL {
        let base = ProcessInfo.processInfo.environment["FLICK_PHONE_SHOTS"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory
        let folder = base.appendingPathComponent("flick-phone-dialogs")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Saves `window` over `main` as `name`.png; returns where, nil if GTK could not draw it.
    @discardableResult
    static func save(_ window: UnsafeMutablePointer<GtkWidget>, over main: UnsafeMutablePointer<GtkWidget>, as name: String) -> URL? {
        let screen = PhoneFit.frame(of: main), shown = PhoneFit.frame(of: window)
        let snapshot = gtk_snapshot_new()!
        gtk_snapshot_save(snapshot)
        var origin = graphene_point_t(x: -screen.origin.x, y: -screen.origin.y)
        gtk_snapshot_translate(snapshot, &origin)
        draw(main, into: snapshot)
        gtk_snapshot_restore(snapshot)
        var place = PhoneFit.popoverOrigin(of: window, over: main).map {
            graphene_point_t(x: $0.x - screen.origin.x, y: $0.y - screen.origin.y)
        } ?? graphene_point_t(x: (screen.size.width - shown.size.width) / 2 - shown.origin.x, y: -shown.origin.y)
        gtk_snapshot_translate(snapshot, &place)
        draw(window, into: snapshot)
        guard let node = gtk_snapshot_free_to_node(snapshot),
              let renderer = gtk_native_get_renderer(OpaquePointer(main)) else { return nil }
        defer { gsk_render_node_unref(node) }
        var viewport = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0), size: screen.size)
        guard let texture = gsk_renderer_render_texture(renderer, node, &viewport) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        let url = folder.appendingPathComponent("\(name).png")
        return gdk_texture_save_to_png(texture, url.path) != 0 ? url : nil
    }

    private static func draw(_ widget: UnsafeMutablePointer<GtkWidget>, into snapshot: OpaquePointer) {
        let paintable = gtk_widget_paintable_new(widget)!
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        gdk_paintable_snapshot(paintable, snapshot, Double(gtk_widget_get_width(widget)), Double(gtk_widget_get_height(widget)))
    }
}
