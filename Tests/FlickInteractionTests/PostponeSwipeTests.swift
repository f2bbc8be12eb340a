import XCTest
@testable import FlickInteraction

/// Issue 59: a closed row dragged left past its menu shows the postpone cue; let go at the
/// postpone line or beyond, it postpones; everything short of the line does what it did before
/// (a flick or a slow drag opens the menu). The standard geometry: W 400, a 200 px menu, so the
/// menu is open at −200 and the line lies at −296.
final class PostponeSwipeTests: XCTestCase {
    private func harness(geometry: ListGeometry = .standard, postponable: Bool = true) -> ControllerHarness {
        let ui = ControllerHarness(geometry: geometry)
        ui.mayPostpone = { _ in postponable }
        return ui
    }

    func testTheLineLiesTwoFingertipsBeyondTheMenu() {
        XCTAssertEqual(harness().controller.postponeOffset, -296)
    }

    func testTheCueFollowsFromTheMenusEdgeToTheLine() {
        let ui = harness()
        ui.begin(1, at: 0)
        ui.move(dx: -150, at: 0.1)
        XCTAssertEqual(ui.postponeCue(1), 0, "within the menu: no cue")
        ui.move(dx: -248, at: 0.2)
        XCTAssertEqual(ui.postponeCue(1), 0.5, accuracy: 1e-9)
        ui.move(dx: -320, at: 0.3)
        XCTAssertEqual(ui.postponeCue(1), 1)
        XCTAssertEqual(ui.offset(1), -320, "the row follows past the menu")
        ui.move(dx: -900, at: 0.4)
        XCTAssertEqual(ui.offset(1), -400, "up to the row's width")
    }

    func testLetGoPastTheLineSlowlyPostponesAndTheRowComesHome() {
        let ui = harness()
        let release = ui.steadyDrag(1, to: -310, over: 1, rest: 0.3)
        XCTAssertEqual(release.filter { $0 == .postpone(1) }.count, 1)
        XCTAssertFalse(ui.controller.isMenuOpen(1))
        ui.settle()
        XCTAssertEqual(ui.offset(1), 0)
        XCTAssertEqual(ui.postponeCue(1), 0)
        XCTAssertFalse(ui.log.contains(.toggleComplete(1)))
    }

    func testLetGoPastTheLineFastStillPostpones() {
        let ui = harness()
        // 2,400 px/s for the last frames: the row was past the line, the cue armed.
        ui.drag(1, [(0.05, -100, 1), (0.1, -200, 2), (0.116, -260, 2), (0.133, -300, 3), (0.15, -340, 3)])
        XCTAssertTrue(ui.log.contains(.postpone(1)))
        XCTAssertFalse(ui.controller.isMenuOpen(1))
    }

    func testLetGoJustShortOfTheLineOpensTheMenu() {
        let ui = harness()
        ui.steadyDrag(1, to: -290, over: 1, rest: 0.3)
        ui.settle()
        XCTAssertFalse(ui.log.contains(.postpone(1)))
        XCTAssertTrue(ui.controller.isMenuOpen(1))
        XCTAssertEqual(ui.offset(1), -200)
    }

    func testAFlickOpensTheMenuAsBefore() {
        let ui = harness()
        // DESIGN 5's flick: 40 px a frame, five frames, let go moving.
        ui.drag(1, (1...5).map { (Double($0) * 0.016, -40 * Double($0), 0) })
        ui.settle()
        XCTAssertFalse(ui.log.contains(.postpone(1)))
        XCTAssertTrue(ui.controller.isMenuOpen(1))
    }

    func testASlowDragThatOvershootsTheMenuAlittleOpensIt() {
        let ui = harness()
        ui.steadyDrag(1, to: -240, over: 0.8, rest: 0.2)
        ui.settle()
        XCTAssertFalse(ui.log.contains(.postpone(1)))
        XCTAssertTrue(ui.controller.isMenuOpen(1))
    }

    func testDraggingPastTheLineAndBackOpensTheMenu() {
        let ui = harness()
        ui.drag(1, [(0.2, -150, 0), (0.5, -330, 0), (0.8, -250, 0), (1.1, -220, 0)], release: 1.4)
        ui.settle()
        XCTAssertFalse(ui.log.contains(.postpone(1)))
        XCTAssertTrue(ui.controller.isMenuOpen(1))
    }

    func testAnItemThatCannotBePostponedStopsAtItsMenu() {
        let ui = harness(postponable: false)
        ui.steadyDrag(1, to: -350, over: 1, rest: 0.3)
        XCTAssertFalse(ui.log.contains(.postpone(1)))
        XCTAssertEqual(ui.postponeCue(1), 0)
        ui.settle()
        XCTAssertTrue(ui.controller.isMenuOpen(1))
    }

    func testAnOpenRowDraggedFurtherStaysOpenAndPostponesNothing() {
        let ui = harness()
        ui.apply(ui.controller.openMenu(item: 1))
        ui.settle()
        ui.steadyDrag(1, to: -200, over: 1, rest: 0.3)
        XCTAssertEqual(ui.postponeCue(1), 0)
        ui.settle()
        XCTAssertFalse(ui.log.contains(.postpone(1)))
        XCTAssertTrue(ui.controller.isMenuOpen(1))
    }

    func testANarrowRowHasNoRoomToPostpone() {
        // W 260, menu 200: 60 px beyond the open menu, less its 20 px handle, is under 48.
        let ui = harness(geometry: ListGeometry(rowWidth: 260, rowHeight: 56, menuWidth: 200, rowCount: 3))
        XCTAssertNil(ui.controller.postponeOffset)
        ui.steadyDrag(1, to: -250, over: 1, rest: 0.3)
        XCTAssertFalse(ui.log.contains(.postpone(1)))
        XCTAssertEqual(ui.offset(1), -200)
    }

    func testAShortRowBringsTheLineNearerToLeaveItsHandle() {
        // W 320, menu 200: 120 px beyond, less the 20 px handle, is 100 ≥ 96: the line stays.
        XCTAssertEqual(harness(geometry: ListGeometry(rowWidth: 320, rowHeight: 56, menuWidth: 200, rowCount: 3))
            .controller.postponeOffset, -296)
        // W 300: 100 px, less the handle 80: the line comes to −280.
        XCTAssertEqual(harness(geometry: ListGeometry(rowWidth: 300, rowHeight: 56, menuWidth: 200, rowCount: 3))
            .controller.postponeOffset, -280)
    }

    func testRightToLeftMirrors() {
        var geometry = ListGeometry.standard
        geometry.isRightToLeft = true
        let ui = harness(geometry: geometry)
        ui.steadyDrag(1, to: 310, over: 1)
        XCTAssertTrue(ui.log.contains(.postpone(1)), "in RTL the menu and the cue are on the left: drag right")
        let other = harness(geometry: geometry)
        other.steadyDrag(2, to: -310, over: 1)
        XCTAssertTrue(other.log.contains(.toggleComplete(2)), "and a leftward drag completes")
    }

    func testATouchpadSwipePastTheLinePostpones() {
        let ui = harness()
        ui.begin(1, at: 0, preClaimed: true)
        for step in 1...20 { ui.move(dx: -16 * Double(step) + (step % 2 == 0 ? 1.5 : -1), at: Double(step) * 0.02) }
        ui.end(at: 0.7)
        XCTAssertTrue(ui.log.contains(.postpone(1)))
    }
}
