import XCTest
@testable import FlickInteraction

/// DESIGN 2.1 and 2.5: at most one row is open; other ways to open and close;
/// open state belongs to the item.
final class OpenRowTests: XCTestCase {
    func testOpeningRowThreeClosesRowOne() {
        let ui = ControllerHarness()
        ui.steadyDrag(1, to: -150, over: 1, rest: 0.3)
        ui.settle()
        XCTAssertEqual(ui.controller.openItem, 1)
        ui.begin(3, at: 5)
        let claim = ui.controller.dragUpdated(dx: -20, dy: 0, time: 5.1)
        ui.apply(claim.effects)
        XCTAssertTrue(claim.effects.contains(.menuClosed(1)), "claiming another row closes the open one")
        XCTAssertNil(ui.controller.openItem)
        ui.move(dx: -150, at: 6)
        ui.end(at: 6.5)
        ui.settle()
        XCTAssertEqual(ui.controller.openItem, 3)
        XCTAssertEqual(ui.offset(1), 0)
        XCTAssertEqual(ui.offset(3), -200)
        XCTAssertEqual(ui.announcedOpen, [3])
        XCTAssertFalse(ui.revealed.contains(1))
    }

    func testTapOnAnotherRowDoesNotCloseTheOpenOne() {
        let ui = ControllerHarness()
        ui.apply(ui.controller.openMenu(item: 1))
        ui.begin(3, at: 0)
        ui.move(dx: 3, dy: 2, at: 0.05)
        ui.end(at: 0.1)
        XCTAssertEqual(ui.controller.openItem, 1, "a click elsewhere closes it through closeAll(), not the drag")
    }

    func testKeyboardOpenMenuClosesTheOtherRow() {
        let ui = ControllerHarness()
        ui.apply(ui.controller.openMenu(item: 1))
        ui.settle()
        let effects = ui.apply(ui.controller.openMenu(item: 3))
        XCTAssertTrue(effects.contains(.menuClosed(1)))
        XCTAssertEqual(ui.controller.openItem, 3)
        ui.settle()
        XCTAssertEqual(ui.offset(1), 0)
        XCTAssertEqual(ui.offset(3), -200)
        XCTAssertEqual(ui.announcedOpen, [3])
    }

    func testMenuIsAnnouncedOpenOnlyOnceAtRest() {
        let ui = ControllerHarness()
        XCTAssertFalse(ui.apply(ui.controller.openMenu(item: 1)).contains(.menuOpened(1)))
        XCTAssertTrue(ui.revealed.contains(1), "the back is shown as soon as the row starts opening")
        ui.settle()
        XCTAssertEqual(ui.log.filter { $0 == .menuOpened(1) }.count, 1)
    }

    func testCloseAllClosesOpenRowAndCancelsDrag() {
        let ui = ControllerHarness()
        ui.apply(ui.controller.openMenu(item: 1))
        ui.settle()
        ui.begin(2, at: 0)
        ui.move(dx: -60, at: 0.1)
        let effects = ui.apply(ui.controller.closeAll())
        XCTAssertTrue(effects.contains(.dragCancelled))
        XCTAssertEqual(ui.move(dx: -120, at: 0.2), .denied)
        ui.settle()
        XCTAssertEqual(ui.offset(1), 0)
        XCTAssertEqual(ui.offset(2), 0)
        XCTAssertNil(ui.controller.openItem)
    }

    func testCloseMenuLeavesPressOnAnotherRowAlone() {
        let ui = ControllerHarness()
        ui.apply(ui.controller.openMenu(item: 1))
        ui.begin(2, at: 0)
        XCTAssertEqual(ui.move(dx: 3, at: 0.1), .undecided)
        XCTAssertFalse(ui.apply(ui.controller.closeMenu()).contains(.dragCancelled))
        XCTAssertNil(ui.controller.openItem)
        XCTAssertEqual(ui.move(dx: 80, at: 0.2), .claimed)
    }

    func testCloseMenuCancelsDragOfTheOpenRow() {
        let ui = ControllerHarness()
        ui.apply(ui.controller.openMenu(item: 1))
        ui.settle()
        ui.begin(1, at: 0)
        ui.move(dx: 60, at: 0.1)
        XCTAssertTrue(ui.apply(ui.controller.closeMenu()).contains(.dragCancelled))
        ui.settle()
        XCTAssertEqual(ui.offset(1), 0)
    }

    func testOpenStateBelongsToTheItem() {
        let ui = ControllerHarness()
        ui.apply(ui.controller.openMenu(item: 7))
        ui.settle()
        XCTAssertEqual(ui.controller.appearance(of: 7), RowAppearance(offset: -200, isBackRevealed: true, completionProgress: 0))
        XCTAssertEqual(ui.controller.appearance(of: 8), .closed, "a widget rebound to another item shows it closed")
        XCTAssertTrue(ui.controller.isMenuOpen(7))
        XCTAssertFalse(ui.controller.isMenuOpen(8))
    }

    func testRemovedItemIsForgottenWithoutEffects() {
        let ui = ControllerHarness()
        ui.apply(ui.controller.openMenu(item: 7))
        ui.settle()
        XCTAssertTrue(ui.controller.itemRemoved(7).isEmpty)
        XCTAssertNil(ui.controller.openItem)
        XCTAssertEqual(ui.controller.offset(of: 7), 0)
        XCTAssertTrue(ui.controller.isIdle)
    }

    func testRemovingTheDraggedItemCancelsTheDrag() {
        let ui = ControllerHarness()
        ui.begin(7, at: 0)
        ui.move(dx: -60, at: 0.1)
        XCTAssertEqual(ui.controller.itemRemoved(7), [.dragCancelled])
        XCTAssertEqual(ui.controller.offset(of: 7), 0)
        XCTAssertFalse(ui.controller.needsFrames)
    }

    func testNoMenuWithoutRoomForIt() {
        let ui = ControllerHarness(geometry: ListGeometry(rowWidth: 400, rowHeight: 56, menuWidth: 0, rowCount: 3))
        ui.apply(ui.controller.openMenu(item: 1))
        ui.drag(1, [(0.1, -100, 0)])
        XCTAssertNil(ui.controller.openItem)
        XCTAssertEqual(ui.offset(1), 0)
    }

    func testResizeKeepsOpenRowOpenAtNewOffset() {
        let ui = ControllerHarness()
        ui.apply(ui.controller.openMenu(item: 1))
        ui.settle()
        ui.apply(ui.controller.configure(geometry: ListGeometry(rowWidth: 150, rowHeight: 56, menuWidth: 200, rowCount: 10)))
        XCTAssertEqual(ui.offset(1), -130)
        XCTAssertTrue(ui.controller.isMenuOpen(1))
    }
}
