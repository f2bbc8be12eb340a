/// The items selected on a list level to act on together, by id, never by position:
/// a sync or an undo that moves rows leaves the same items selected, and an item another
/// program deleted leaves the selection (`keepOnly`). Shift extends from an anchor over the
/// rows between, as a file manager does: extending again from the same anchor replaces that
/// stretch, so Shift+Down then Shift+Up selects one row less, not one more.
public struct ItemSelection: Sendable, Equatable {
    public private(set) var ids: Set<Int64> = []
    /// The row Shift extends from: the last one toggled, or where extending began.
    public private(set) var anchor: Int64?
    /// What was selected when the anchor was set: extending adds its stretch to this.
    private var beforeExtending: Set<Int64> = []

    public init() {}

    public var isEmpty: Bool { ids.isEmpty }
    public var count: Int { ids.count }

    public func contains(_ id: Int64) -> Bool { ids.contains(id) }

    /// Selects the item, or leaves it out when it was selected (Ctrl+click, a tap while
    /// selecting); it becomes the anchor either way.
    public mutating func toggle(_ id: Int64) {
        if ids.remove(id) == nil { ids.insert(id) }
        setAnchor(id)
    }

    /// Selects the rows from the anchor to `id` in `order` (the list's ids, top to bottom), on
    /// top of what was selected when the anchor was set. Without an anchor (or one no longer in
    /// the list) `id` alone is selected and becomes the anchor.
    public mutating func extend(to id: Int64, in order: [Int64]) {
        guard let anchor, let from = order.firstIndex(of: anchor), let to = order.firstIndex(of: id) else {
            ids.insert(id)
            setAnchor(id)
            return
        }
        ids = beforeExtending.union(order[min(from, to)...max(from, to)])
    }

    /// This item alone (a plain click with a mouse while selecting, as a file manager does); it
    /// becomes the anchor.
    public mutating func selectOnly(_ id: Int64) {
        ids = [id]
        setAnchor(id)
    }

    /// Exactly these items (Ctrl+A: every open item of the list); the anchor is kept.
    public mutating func select(_ all: [Int64]) {
        ids = Set(all)
        beforeExtending = ids
    }

    public mutating func clear() {
        self = ItemSelection()
    }

    /// Drops the items no longer in the list (another program deleted them, a sync moved them
    /// away, a bulk action removed them); returns whether any went.
    @discardableResult
    public mutating func keepOnly(_ isHere: (Int64) -> Bool) -> Bool {
        let kept = ids.filter(isHere)
        guard kept.count != ids.count else { return false }
        ids = kept
        beforeExtending = beforeExtending.filter(isHere)
        if let anchor, !isHere(anchor) { self.anchor = nil }
        return true
    }

    /// The selected ids in the list's order (`order`, top to bottom).
    public func ordered(in order: [Int64]) -> [Int64] {
        order.filter(ids.contains)
    }

    private mutating func setAnchor(_ id: Int64) {
        anchor = id
        beforeExtending = ids
    }
}
