@preconcurrency import CGtk
import XCTest
@testable import FlickUI

/// A page with no list: what the stack itself does with a page, whatever it shows.
@MainActor
private protocol WidgetOnlyPage: Page {}

extension WidgetOnlyPage {
    var backLabel: String { "Back to \(title)" }
    var newRowLabel: String { "New Item" }
    var destination: Destination? { nil }
    var currentListID: Int64? { nil }
    var shownList: GestureList? { nil }
    func placed(in stack: PageStack, atDepth depth: Int) {}
    func leave() {}
    func goForward() {}
    func startNewRow() {}
    func focus(_ id: Int64) {}
    func focusFirstRow() {}
    func undo(redo: Bool) {}
    func shutDown() {}
    func dayChanged() {}
}

/// A page that is only a label: the stack moves widgets, whatever they show.
@MainActor
private final class LabelPage: WidgetOnlyPage {
    let root: UnsafeMutablePointer<GtkWidget>
    let title: String

    init(_ title: String) {
        root = gtk_label_new(title)
        self.title = title
    }
}

/// A page with two buttons, the second to be focused: GTK's own move of a lost focus goes to
/// the first.
@MainActor
private final class ButtonsPage: WidgetOnlyPage {
    let root: UnsafeMutablePointer<GtkWidget>
    let second: UnsafeMutablePointer<GtkWidget>
    let title = "Groceries"

    init() {
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        second = gtk_button_new_with_label("Second")
        gtk_box_append(cast(root), gtk_button_new_with_label("First"))
        gtk_box_append(cast(root), second)
    }
}

/// The window's page stack (issue 28): any depth, the shown page in front of the one above it,
/// a page left by going up kept for Alt+Right, and pages moved out of the transition kept alive.
final class PageStackTests: XCTestCase {
    func testPagesGoDownAndUpToAnyDepthWithTheShownOneInFront() throws {
        try PageStackTests.withStack(items: { LabelPage("Groceries") }) { stack, lists, items, subtasks in
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

    /// A click while a settle moves goes to the level it settles to: just after Alt+Left the
    /// subtasks still shrink away in front of their list, and a click there reached them.
    func testAClickWhileTheLevelsMoveReachesTheLevelTheyGoTo() throws {
        try MainActor.assumeIsolated {
            _ = WindowHarness.application
            let settings = try XCTUnwrap(gtk_settings_get_default())
            let animations = PageStackTests.animationsSetting(settings)
            PageStackTests.setAnimations(settings, true)
            defer { PageStackTests.setAnimations(settings, animations) }
            try PageStackTests.withStack(items: { LabelPage("Groceries") }) { stack, _, items, subtasks in
                stack.goDown()
                stack.place(subtasks)
                stack.goDown()
                spinMainLoop(1.0)
                let middle = (x: 150.0, y: 200.0)
                XCTAssertTrue(PageStackTests.picked(stack, at: middle) == subtasks.root, "at rest, the level shown")

                stack.goUp()
                spinMainLoop(0.03)
                XCTAssertFalse(stack.transition.progress >= 1, "still moving")
                XCTAssertTrue(gtk_widget_get_visible(subtasks.root) != 0, "the subtasks still shrink away")
                XCTAssertTrue(PageStackTests.picked(stack, at: middle) == items.root, "going up: the list's level")

                stack.goDown()
                spinMainLoop(0.03)
                XCTAssertTrue(PageStackTests.picked(stack, at: middle) == subtasks.root, "going down again: the subtasks")
                spinMainLoop(1.0)
                XCTAssertTrue(PageStackTests.picked(stack, at: middle) == subtasks.root)

                // A pinch together shrinks the subtasks: a Ctrl+scroll's wheel steps then come over
                // the list behind them, which hands them to the pinch, so it takes input too.
                stack.follow(progress: 1)
                spinMainLoop(0.1)
                XCTAssertTrue(PageStackTests.picked(stack, at: (x: 2, y: 2)) == items.root, "outside the shrunk subtasks")
                XCTAssertTrue(PageStackTests.picked(stack, at: middle) == subtasks.root, "the subtasks, still in front")
                stack.settleBack(velocity: 0)
                spinMainLoop(1.0)
                XCTAssertTrue(PageStackTests.picked(stack, at: (x: 2, y: 2)) == subtasks.root)
            }
        }
    }

    /// Going up from subtasks moves the list's page from the back of the transition to the
    /// front once it comes to rest, out of the window for a moment. GTK moves the focus of a
    /// widget taken out of the window at its next frame, to the first that takes it: after
    /// Alt+Left the focus left the item for its neighbour, and Space would have completed the
    /// neighbour (a CI run's Orca test said the neighbour's name). It stays where it was.
    func testTheFocusStaysOnItsWidgetWhenThePageMovesToTheFront() throws {
        try PageStackTests.withStack(items: { ButtonsPage() }) { stack, _, items, subtasks in
            stack.goDown()
            stack.place(subtasks)
            stack.goDown()
            spinMainLoop(0.5)

            stack.goUp()
            XCTAssertTrue(gtk_widget_grab_focus(items.second) != 0, "the window focuses the item gone up to")
            spinMainLoop(1.0)
            XCTAssertTrue(stack.isShown(items))
            XCTAssertTrue(gtk_widget_get_parent(items.root) == stack.root)
            let window = try XCTUnwrap(gtk_widget_get_root(stack.root))
            XCTAssertTrue(gtk_root_get_focus(window) == items.second, "the focus is where it was put")
        }
    }

    /// A window holding a page stack with the lists at the bottom and a list's items (made by
    /// `makeItems`) placed below them, unseen; the subtasks' page is given to the body to place.
    /// Animations as set.
    private static func withStack<Items: Page>(items makeItems: @MainActor () -> Items,
                                               _ body: @MainActor (PageStack, LabelPage, Items, LabelPage) throws -> Void) throws {
        try MainActor.assumeIsolated {
            _ = WindowHarness.application
            let window = try XCTUnwrap(gtk_window_new())
            defer { gtk_window_destroy(cast(window)) }
            gtk_window_set_default_size(cast(window), 300, 400)
            let lists = LabelPage("Lists"), items = makeItems(), subtasks = LabelPage("Party")
            let stack = PageStack(bottom: lists)
            defer { stack.shutDown() }
            gtk_window_set_child(cast(window), stack.root)
            gtk_window_present(cast(window))
            stack.place(items)
            try body(stack, lists, items, subtasks)
        }
    }

    @MainActor
    private static func picked(_ stack: PageStack, at point: (x: Double, y: Double)) -> UnsafeMutablePointer<GtkWidget>? {
        gtk_widget_pick(stack.root, point.x, point.y, GTK_PICK_DEFAULT)
    }

    private static func animationsSetting(_ settings: OpaquePointer) -> Bool {
        var value = GValue()
        g_value_init(&value, GType(G_TYPE_BOOLEAN_RAW))
        defer { g_value_unset(&value) }
        g_object_get_property(UnsafeMutablePointer(settings), "gtk-enable-animations", &value)
        return g_value_get_boolean(&value) != 0
    }

    private static func setAnimations(_ settings: OpaquePointer, _ enabled: Bool) {
        var value = GValue()
        g_value_init(&value, GType(G_TYPE_BOOLEAN_RAW))
        defer { g_value_unset(&value) }
        g_value_set_boolean(&value, enabled ? 1 : 0)
        g_object_set_property(UnsafeMutablePointer(settings), "gtk-enable-animations", &value)
    }
}

@MainActor
private func visible(_ pages: any Page...) -> [Bool] {
    pages.map { gtk_widget_get_visible($0.root) != 0 && gtk_widget_get_parent($0.root) != nil }
}
