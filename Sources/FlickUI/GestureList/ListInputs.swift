@preconcurrency import CGtk
import FlickInteraction

/// A gesture list's input as values: the controllers whose events reach the list's hands as
/// one `ListInput` each, through one door (`InteractionDriver.handle`, then
/// `ListHands.handle`), with their places already in the list's terms (the row under the
/// pointer, the list's state, its measures). Nothing here decides anything.
///
/// So far every scroll over the list comes this way: one capture-phase scroll controller on
/// the pulls' box (before the scrolled window's own, which takes every touchpad scroll on
/// GTK 4.8, and before the list view's), whose steps, begin and end carry a touchpad's swipe,
/// its pulls, a wheel's pull and Ctrl+scroll, and the pointer's place over the list view, where
/// a swipe finds its row and Ctrl+scroll opens its gap. The row drags, the pinch, the pulls'
/// drag and the clicks are attached by `RowGestures`, `ListGestures`, `EdgeDrag` and
/// `GestureList` still.
@MainActor
final class ListInputs {
    private unowned let list: GestureList
    private unowned let pulls: EdgePullView
    /// Where the pointer last was over the list view, in its coordinates.
    private var pointerY = 0.0

    /// Attaches the scroll to `pulls`' box and the pointer's place to `list`'s view.
    init(list: GestureList, pulls: EdgePullView) {
        self.list = list
        self.pulls = pulls
        InputAdapters.pointerPosition(over: list.listView) { [weak self] _, y in self?.pointerY = y }
        InputAdapters.scroll(on: pulls.root, phase: GTK_PHASE_CAPTURE, began: { [weak self] in
            guard let self else { return }
            self.list.driver.handle(.scrollBegan(list: self.pulls.listState))
        }, scrolled: { [weak self] step in
            guard let self else { return false }
            return self.list.driver.handle(.scrolled(self.step(step)))
        }, ended: { [weak self] time in
            self?.list.driver.handle(.scrollEnded(time: time))
        })
    }

    /// A scroll step with the list's state; a touchpad's with the row under the pointer and,
    /// where a swipe may begin, the list measured.
    private func step(_ step: InputAdapters.ScrollStep) -> ListScrollStep<Int64> {
        let byFingers = step.source == .fingers
        return ListScrollStep(dx: step.dx, dy: step.dy, source: step.source, withControl: step.withControl, time: step.time,
                              rowUnderPointer: byFingers ? slidingRowUnderPointer : nil, pointerY: pointerY,
                              list: pulls.listState,
                              geometry: byFingers && list.hands.mayBeginTouchpadSwipe
                                  ? list.driver.geometry(menuWidth: list.backViews.menuWidth) : nil)
    }

    /// The row under the pointer, if it slides.
    private var slidingRowUnderPointer: Int64? {
        list.rowPosition(atY: pointerY).flatMap { list.level.rowID(at: $0.index) }.flatMap { list.level.canSlide($0) ? $0 : nil }
    }
}
