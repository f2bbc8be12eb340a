/// A touchpad's two-finger swipe over a row (decided here, not in a view): a scroll
/// decided sideways (`TouchpadScrollAxis`, on its first events added up), with the
/// hands at rest, over a row that slides, moves that row as a drag that is horizontal from the
/// start, until the fingers lift. It feeds the list's controller and returns its effects; the
/// arbiter is passed in.
public struct TouchpadSwipeGesture<ItemID: Hashable & Sendable>: Sendable {
    /// How far the fingers have moved the row sideways; nil when no swipe is going on.
    public private(set) var travel: Double?

    public init() {}

    /// A sideways touchpad scroll step of `dx` at `time`, over `row` (nil where there is none,
    /// or it does not slide; `rowMayPostpone`: past its menu it postpones); its vertical part
    /// moves nothing. Returns whether it moved a row
    /// (and must not scroll the list), and the controller's effects. `prepare` measures the list
    /// before a swipe begins.
    public mutating func scrolled(dx: Double, over row: ItemID?, rowMayPostpone: Bool = false, isEditing: Bool, time: Double,
                                  arbiter: inout GestureArbiter, controller: ListInteractionController<ItemID>,
                                  prepare: () -> Void) -> (moved: Bool, effects: [InteractionEffect<ItemID>]) {
        var effects: [InteractionEffect<ItemID>] = []
        if travel == nil {
            guard arbiter.owner == nil, !isEditing, let row else { return (false, []) }
            arbiter.begin(.touchpadSwipe)
            prepare()
            travel = 0
            effects = controller.dragBegan(item: row, time: time, preClaimed: true, mayPostpone: rowMayPostpone)
        }
        // Scroll deltas point where the content would scroll: the row moves the other way.
        travel! -= dx
        return (true, effects + controller.dragUpdated(dx: travel!, dy: 0, time: time).effects)
    }

    /// The fingers lifted: the row is released as a drag would be.
    public mutating func ended(time: Double, arbiter: inout GestureArbiter,
                               controller: ListInteractionController<ItemID>) -> [InteractionEffect<ItemID>] {
        guard travel != nil else { return [] }
        travel = nil
        arbiter.end(.touchpadSwipe)
        return controller.dragEnded(time: time)
    }

    /// The controller gave up the drag (the row went away, the list closed its rows): the swipe
    /// is over, and what is left of the fingers' movement scrolls nothing.
    public mutating func dragCancelled(arbiter: inout GestureArbiter) {
        guard travel != nil else { return }
        travel = nil
        arbiter.end(.touchpadSwipe)
    }
}
