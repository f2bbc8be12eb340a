/// The rows a lifted row takes with it: lifting a row that is in the selection lifts
/// the selection. The other rows leave their places while it is lifted (the list closes up over
/// them, as it will be once they have gone), so the lift itself works on the list without them:
/// its index and row count here are that list's, and a drop at index `i` of it puts all of them,
/// in their order, at `i` of the list without them (`BulkAction.moveTogether`). A lifted row
/// outside the selection carries nothing along and moves alone, as before.
public struct CarriedRows<ID: Hashable & Sendable>: Sendable, Equatable {
    /// A row carried along and its place in the level's order.
    public struct Place: Sendable, Equatable {
        public var id: ID
        public var index: Int

        public init(id: ID, index: Int) {
            self.id = id
            self.index = index
        }
    }

    public let lifted: Place
    /// The other rows, top to bottom (the lifted row not among them).
    public let alongside: [Place]

    /// `lifted` at `index`, with `others` (the selection's other rows that may be lifted, with
    /// their places, in any order).
    public init(lifting id: ID, at index: Int, with others: [Place]) {
        lifted = Place(id: id, index: index)
        alongside = others.filter { $0.id != id }.sorted { $0.index < $1.index }
    }

    /// Whether other rows go with the lifted one.
    public var isMany: Bool { !alongside.isEmpty }

    /// Every carried row's id in the level's order: the lifted one among the others.
    public var ids: [ID] {
        (alongside + [lifted]).sorted { $0.index < $1.index }.map(\.id)
    }

    /// The lifted row's index in the list without the others.
    public var liftedIndex: Int {
        lifted.index - alongside.filter { $0.index < lifted.index }.count
    }

    /// How many rows the list has without the others, of `rowCount`.
    public func rowCount(of rowCount: Int) -> Int {
        rowCount - alongside.count
    }

    /// The others' places to take out of the list view, bottom first: each removal leaves the
    /// places above it as they were.
    public var placesToTakeOut: [Int] {
        alongside.map(\.index).reversed()
    }

    /// The others to put back into the list view, top first: each goes back where it was once
    /// those above it are back (the lifted row in its own place again).
    public var placesToPutBack: [Place] {
        alongside
    }

    /// What a release does when rows are carried along: a drop in a new place moves all of
    /// them (`.moveCarried`); a drop where the row was lifted, once the hand has moved
    /// (`.focus`), still gathers them there, for they left their places and were shown gone; a
    /// hold let go in place (`.heldStill`) and a carry are as they were. A cancel is not a
    /// release: it puts everything back.
    public func released(_ effects: [LiftGesture<ID>.Effect]) -> [LiftGesture<ID>.Effect] {
        guard isMany else { return effects }
        return effects.map { effect in
            switch effect {
            case let .move(id, to) where id == lifted.id: return .moveCarried(ids, to: to, lifted: id)
            case let .focus(id) where id == lifted.id: return .moveCarried(ids, to: liftedIndex, lifted: id)
            default: return effect
            }
        }
    }
}
