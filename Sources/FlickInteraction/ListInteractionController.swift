/// Turns the list's input events into effects for the UI: rows that slide open,
/// swipe menus, swipe to complete and pinch to insert (DESIGN.md section 2).
///
/// Every input method returns the effects to apply, in order. Event methods take
/// GDK event times and `advance(to:)` takes frame-clock times, both in seconds; the
/// two clocks are never compared (an animation starts at the first frame after it
/// was created). Offsets are logical pixels, positive to the right on screen.
///
/// Not thread-safe and not `Sendable`: the UI owns one per list and calls it from
/// the main thread only.
///
/// Its stored state is `@exclusivity(unchecked)`: Swift's run-time check of each access to a
/// class's stored property was about a third of an event's cost (`swift_beginAccess`, perf of
/// flick-bench), and it guards against overlapping accesses that this single-threaded class
/// never makes (no method passes one of these properties `inout`; the compiler still checks
/// what it can see).
public final class ListInteractionController<ID: Hashable & Sendable> {
    public let tuning: InteractionTuning
    @exclusivity(unchecked) public internal(set) var geometry: ListGeometry
    /// Off for reduced motion: every move jumps to its end, nothing bounces, and no
    /// frames are needed (animations already running finish at the next frame).
    public var animationsEnabled = true
    /// The item whose menu is open or opening; at most one at a time. Open state
    /// belongs to the item, never to a row widget.
    @exclusivity(unchecked) public internal(set) var openItem: ID?

    @exclusivity(unchecked) var rows: [ID: RowMotion] = [:]
    @exclusivity(unchecked) var slideState: RowSlideState<ID> = .idle
    @exclusivity(unchecked) var pinchState: PinchState = .idle
    /// A gap released below the threshold, closing. It may outlive its pinch.
    @exclusivity(unchecked) var closingGap: GapAnimation?
    /// The item announced by `.menuOpened` and not yet by `.menuClosed`.
    @exclusivity(unchecked) var announcedOpen: ID?
    /// Discrete effects (toggle, insert, …) collected during one input.
    @exclusivity(unchecked) var events: [InteractionEffect<ID>] = []
    /// What the UI has been told: the rows' appearances and the gap at the end of the last input.
    @exclusivity(unchecked) private var told = PublishedState<ID>(rows: [], gap: nil)

    public init(geometry: ListGeometry = ListGeometry(), tuning: InteractionTuning = InteractionTuning()) {
        self.geometry = geometry
        self.tuning = tuning
    }

    // MARK: Queries, for a row widget that is (re)bound to an item

    /// What the row of `id` should show now.
    public func appearance(of id: ID) -> RowAppearance {
        appearance(of: id, motion: rows[id])
    }

    /// The appearance of `id` moving as `motion` (nil: at rest, closed unless open).
    private func appearance(of id: ID, motion: RowMotion?) -> RowAppearance {
        let logical = motion?.offset ?? 0
        let halfWidth = geometry.rowWidth / 2
        return RowAppearance(
            offset: logical * direction,
            isBackRevealed: logical != 0 || openItem == id,
            completionProgress: halfWidth > 0 ? min(max(logical / halfWidth, 0), 1) : 0,
            postponeProgress: postponeProgress(atOffset: logical)
        )
    }

    /// Offset of the row's front view, positive to the right on screen.
    public func offset(of id: ID) -> Double { appearance(of: id).offset }

    /// Whether the item's menu is open or opening.
    public func isMenuOpen(_ id: ID) -> Bool { openItem == id }

    /// The pinch gap as it is now, or nil.
    public var currentGap: PinchGap? {
        if case .active(let pinch) = pinchState, pinch.height > 0 {
            return PinchGap(
                boundaryIndex: pinch.boundaryIndex,
                height: pinch.height,
                rowHeight: geometry.rowHeight,
                releaseWillInsert: pinch.height > geometry.rowHeight
            )
        }
        return closingGap.map {
            PinchGap(boundaryIndex: $0.boundaryIndex, height: $0.height, rowHeight: geometry.rowHeight, releaseWillInsert: false)
        }
    }

    /// Something is animating: keep calling `advance(to:)` on every frame.
    public var needsFrames: Bool {
        closingGap != nil || rows.values.contains { $0.animation != nil }
    }

    /// No gesture in progress and nothing moving (an open menu may stay open).
    public var isIdle: Bool {
        if case .idle = slideState, pinchState.isIdle { return !needsFrames }
        return false
    }

    // MARK: Layout

    /// Sets the sizes. A change of layout (not just of the row count) ends every
    /// animation at once, so nothing moves towards a target that no longer exists.
    public func configure(geometry newGeometry: ListGeometry) -> [InteractionEffect<ID>] {
        record {
            let relayout = !geometry.hasSameLayout(as: newGeometry)
            geometry = newGeometry
            if relayout { placeRowsAfterRelayout() }
            if case .active(let pinch) = pinchState, pinch.boundaryIndex > geometry.rowCount {
                finishPinch(insert: false)
            }
        }
    }

    private func placeRowsAfterRelayout() {
        if !canOpen { openItem = nil }
        for (id, motion) in rows {
            if id == slideState.trackedItem {
                rows[id]?.offset = clampedToBounds(motion.offset)
            } else if id == openItem {
                rows[id] = RowMotion(offset: openOffset)
            } else {
                rows[id] = nil
            }
        }
        closingGap = nil
    }

    // MARK: Shared helpers

    /// +1 left to right, −1 right to left: logical values times this are on screen.
    var direction: Double { geometry.isRightToLeft ? -1 : 1 }

    /// Logical offset of an open row: the whole menu, but never more than leaves
    /// `openHandlePx` of the front view visible. 0 when there is no room for a menu.
    var openOffset: Double {
        -max(0, min(geometry.menuWidth, geometry.rowWidth - tuning.openHandlePx))
    }

    var canOpen: Bool { openOffset < 0 }

    /// Logical offset of the postpone line: `postponeBeyondMenuPx` beyond the open
    /// menu, or nearer where the row is narrow, leaving its handle; nil when there is no menu or
    /// less than `postponeMinBeyondMenuPx` of room beyond it.
    var postponeOffset: Double? {
        let room = geometry.rowWidth - tuning.openHandlePx + openOffset
        let beyond = min(tuning.postponeBeyondMenuPx, room)
        guard canOpen, beyond >= tuning.postponeMinBeyondMenuPx else { return nil }
        return openOffset - beyond
    }

    /// 0 up to the open menu's edge, 1 at the postpone line and past it.
    func postponeProgress(atOffset logical: Double) -> Double {
        guard logical < openOffset, let line = postponeOffset else { return 0 }
        return min((openOffset - logical) / (openOffset - line), 1)
    }

    /// A row goes no further than the row's width towards the completion cue, nor than its menu
    /// the other way, or the row's width where there is room to postpone.
    func clampedToBounds(_ offset: Double) -> Double {
        let lower = postponeOffset == nil ? openOffset : -max(geometry.rowWidth, 0)
        return min(max(offset, lower), max(geometry.rowWidth, 0))
    }

    /// Runs one input and returns what changed for the UI: the changes of every
    /// row's appearance and of the gap, then the discrete events in order.
    ///
    /// The state before the input is the one the last input left (`told`): what the UI shows
    /// changes only in here (and `itemRemoved` drops the item from both). Reading it afresh
    /// before each input as well cost a sixth of an event: flick-bench's drag stream, 9
    /// interleaved runs, 523 ns an event before, 433 after (medians).
    func record(_ body: () -> Void) -> [InteractionEffect<ID>] {
        body()
        forgetRowsAtRest()
        announceMenuChanges()
        let now = published()
        let effects = now.effects(since: told)
        told = now
        guard !events.isEmpty else { return effects }
        defer { events.removeAll() }
        return effects + events
    }

    /// The UI shows the item no more (its row widget shows another): nothing is told of it.
    func forgetTold(_ id: ID) {
        told.rows.removeAll { $0.id == id }
    }

    /// Rows closed and still need no entry. Checked first: rebuilding the dictionary on every
    /// event was a good part of an event's cost (make bench).
    private func forgetRowsAtRest() {
        let atRest = { (id: ID, motion: RowMotion) in motion.offset == 0 && motion.animation == nil && id != self.openItem }
        guard rows.contains(where: atRest) else { return }
        rows = rows.filter { !atRest($0.key, $0.value) }
    }

    private func published() -> PublishedState<ID> {
        var appearances: [(id: ID, appearance: RowAppearance)] = []
        for (id, motion) in rows { appearances.append((id, appearance(of: id, motion: motion))) }
        if let openItem, rows[openItem] == nil { appearances.append((openItem, appearance(of: openItem, motion: nil))) }
        return PublishedState(rows: appearances, gap: currentGap)
    }

    /// Announces the open menu once it is at rest, and its closing as soon as it
    /// starts, so at most one menu is ever announced open.
    private func announceMenuChanges() {
        if let announced = announcedOpen, announced != openItem {
            events.append(.menuClosed(announced))
            announcedOpen = nil
        }
        if let open = openItem, announcedOpen == nil, rows[open]?.animation == nil,
           slideState.trackedItem != open {
            events.append(.menuOpened(open))
            announcedOpen = open
        }
    }
}
