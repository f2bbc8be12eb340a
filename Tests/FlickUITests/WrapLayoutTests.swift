@preconcurrency import CGtk
import XCTest
@testable import FlickUI

/// `WrapLayout` places children as words in lines (the phone's shortcut keys, issue 61): on
/// one line while they fit, the next one down when not, from the right in a right-to-left
/// language, and asks for the height its lines take.
final class WrapLayoutTests: XCTestCase {
    func testChildrenGoOnTheNextLineWhenALineIsFull() {
        MainActor.assumeIsolated {
            let (window, box, children) = Self.box(width: 200, children: 3)
            defer { gtk_window_destroy(cast(window)) }
            spinMainLoop(0.3)
            XCTAssertEqual(gtk_widget_get_width(box), 200, "the window as wide as asked")
            // 80 + 6 + 80 = 166 fit in 200; a third 80 does not.
            XCTAssertEqual(children.map(Self.origin), [[0, 0], [86, 0], [0, 36]])
            XCTAssertEqual(Self.measure(box, GTK_ORIENTATION_HORIZONTAL, -1), [80, 252], "as wide as the widest, or one line")
            XCTAssertEqual(Self.measure(box, GTK_ORIENTATION_VERTICAL, 200), [66, 66], "two lines of 30 and 6 between")
            XCTAssertEqual(Self.measure(box, GTK_ORIENTATION_VERTICAL, 300), [30, 30], "one line")

            gtk_widget_set_direction(box, GTK_TEXT_DIR_RTL)
            spinMainLoop(0.2)
            XCTAssertEqual(children.map(Self.origin), [[120, 0], [34, 0], [120, 36]], "right to left, from the right")
        }
    }

    /// A window `width` px wide holding a WrapLayout box of `children` children 80 x 30 px.
    @MainActor
    private static func box(width: Int32, children count: Int)
        -> (UnsafeMutablePointer<GtkWidget>, UnsafeMutablePointer<GtkWidget>, [UnsafeMutablePointer<GtkWidget>]) {
        _ = WindowHarness.application  // GTK set up.
        let box = WrapLayout.box()
        let children = (0..<count).map { _ in
            let child = gtk_label_new(nil)!
            gtk_widget_set_size_request(child, 80, 30)
            gtk_box_append(cast(box), child)
            return child
        }
        let window = gtk_window_new()!
        gtk_window_set_child(cast(window), box)
        gtk_window_set_default_size(cast(window), width, 200)
        gtk_window_present(cast(window))
        return (window, box, children)
    }

    @MainActor
    private static func origin(_ child: UnsafeMutablePointer<GtkWidget>) -> [Float] {
        var bounds = graphene_rect_t()
        _ = gtk_widget_compute_bounds(child, gtk_widget_get_parent(child), &bounds)
        return [bounds.origin.x, bounds.origin.y]
    }

    @MainActor
    private static func measure(_ widget: UnsafeMutablePointer<GtkWidget>, _ orientation: GtkOrientation,
                                _ forSize: Int32) -> [Int32] {
        var minimum: Int32 = 0
        var natural: Int32 = 0
        gtk_widget_measure(widget, orientation, forSize, &minimum, &natural, nil, nil)
        return [minimum, natural]
    }
}
