/// One scroll step over a gesture list (`ListInput.scrolled`), with what the decisions need to
/// know of the list at that moment.
public struct ListScrollStep<ID: Hashable & Sendable>: Sendable, Equatable {
    /// The step in pixels (smooth scrolls) or notches (a wheel's), down and right positive.
    public var dx: Double
    public var dy: Double
    public var source: ScrollSource
    public var withControl: Bool
    /// The event's own time, in seconds.
    public var time: Double
    /// The row under the pointer, if it slides: the one a sideways touchpad scroll swipes.
    public var rowUnderPointer: ID?
    /// Whether that row, swiped past its menu, postpones its item.
    public var rowUnderPointerMayPostpone: Bool
    /// Where the pointer is over the list (the list view's coordinates): where Ctrl+scroll opens
    /// its gap.
    public var pointerY: Double
    /// The list as the pulls need it (at an edge, editing, its completed items).
    public var list: EdgePullGesture.ListState
    /// The list measured, for a swipe that may begin at this step (the menu's width is the
    /// open offset); nil when none may (`ListHands.mayBeginTouchpadSwipe`), which spares the
    /// view the measuring at every step of a scroll.
    public var geometry: ListGeometry?

    public init(dx: Double, dy: Double, source: ScrollSource, withControl: Bool = false, time: Double,
                rowUnderPointer: ID? = nil, rowUnderPointerMayPostpone: Bool = false, pointerY: Double = 0,
                list: EdgePullGesture.ListState, geometry: ListGeometry? = nil) {
        self.dx = dx
        self.dy = dy
        self.source = source
        self.withControl = withControl
        self.time = time
        self.rowUnderPointer = rowUnderPointer
        self.rowUnderPointerMayPostpone = rowUnderPointerMayPostpone
        self.pointerY = pointerY
        self.list = list
        self.geometry = geometry
    }
}
