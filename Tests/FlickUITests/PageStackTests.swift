@preconcurrency import CGtk
import XCTest
@testable import FlickUI

/// A page that is only a label: the stack moves widgets, whatever they show.
@MainActor
private final class LabelPage: Page {
    let root: UnsafeMutablePointer<GtkWidget>
    let title: String

    init(_ title: String) {
        root = gtk_label_new(title)
        self.title = title
    }
}

/// The window's page stack (issue 28): any depth, the shown page in front of the one above it,
/// a page left by going up kept for Alt+Right, and pages moved out of the transition kept alive.
final class PageStackTests: XCTestCase {
    func testPagesGoDownAndUpToAnyDepthWithTheShownOneInFront() throws {
        try MainActor.assumeIsolated {
            _ = WindowHarness.application
            let window = try XCTUnwrap(gtk_window_new())
            defer { gtk_window_destroy(cast(window)) }
            let lists = LabelPage("Lists"), items = LabelPage("Groceries"), subtasks = LabelPage("Party")
            let stack = PageStack(bottom: lists)
            defer { stack.shutDown() }
            gtk_window_set_child(cast(window), stack.root)
            gtk_window_present(cast(window))
            stack.place(items)
            spinMainLoop(1.0)
            XCTAssertTrue(stack.isShown(lists))
            XCTAssertEqual(visible(lists, items), [true, false], "the page below waits, unseen")

            stack.goDown()
            spinMainLoop(1.0)
            XCTAssertTrue(stack.isShown(items))
            XCTAssertEqual(visible(lists, items), [false, true])

            stack.place(subtasks)
            stack.goDown()
            spinMainLoop(1.0)
            XCTAssertTrue(stack.isShown(subtasks))
            XCTAssertEqual(stack.pages.count, 3)
            XCTAssertNil(gtk_widget_get_parent(lists.root), "only two pages are in the transition")
            XCTAssertEqual(String(cString: gtk_label_get_text(OpaquePointer(lists.root))), "Lists", "a page out of it lives on")
            XCTAssertEqual(visible(items, subtasks), [false, true])

            stack.goUp()
            spinMainLoop(1.0)
            XCTAssertTrue(stack.isShown(items))
            XCTAssertTrue(stack.above === subtasks, "the page left stays, to return to")
            XCTAssertTrue(gtk_widget_get_parent(lists.root) == stack.root, "ready for the next pinch up")
            XCTAssertNil(gtk_widget_get_parent(subtasks.root))
            XCTAssertEqual(visible(items), [true])

            stack.goUp()
            spinMainLoop(1.0)
            XCTAssertTrue(stack.isShown(lists))
            XCTAssertFalse(stack.canGoUp)
            XCTAssertEqual(visible(lists, items), [true, false])

            stack.goDown()
            spinMainLoop(1.0)
            stack.goDown()
            spinMainLoop(1.0)
            XCTAssertTrue(stack.isShown(subtasks))
            stack.goUp()
            stack.goUp()
            XCTAssertTrue(stack.isShown(lists), "two steps up before the first came to rest")
            XCTAssertTrue(gtk_widget_get_parent(lists.root) == stack.root, "the page gone up to is in the window at once")
            XCTAssertEqual(visible(lists), [true])
            spinMainLoop(1.0)
            XCTAssertEqual(visible(lists, items), [true, false])

            let other = LabelPage("Work")
            stack.place(other)
            XCTAssertEqual(stack.pages.count, 2, "a page placed below replaces what was there")
            XCTAssertTrue(stack.above === other)
        }
    }
}

@MainActor
private func visible(_ pages: any Page...) -> [Bool] {
    pages.map { gtk_widget_get_visible($0.root) != 0 && gtk_widget_get_parent($0.root) != nil }
}
