/// A row about to be lifted, as the lift's view measured it once it took out the rows it carries
/// along (`ListEffect.prepareLift`, answered by `ListInput.liftPrepared`): the rows in hand, the
/// level's row count, the rows' pitch, the pointer with the list scrolled as it now is, and the
/// back button a held row goes up by (nil where there is no level above).
public struct LiftStart<ID: Hashable & Sendable>: Sendable, Equatable {
    public var carry: CarriedRows<ID>
    /// The level's rows, the carried ones among them.
    public var rowCount: Int
    public var pitch: Double
    public var pointer: LiftGesture<ID>.Pointer
    public var carryArea: LiftGesture<ID>.CarryButtonArea?

    public init(carry: CarriedRows<ID>, rowCount: Int, pitch: Double, pointer: LiftGesture<ID>.Pointer,
                carryArea: LiftGesture<ID>.CarryButtonArea?) {
        self.carry = carry
        self.rowCount = rowCount
        self.pitch = pitch
        self.pointer = pointer
        self.carryArea = carryArea
    }

    /// Row `id` at `index` of `rowCount`, carrying nothing along.
    public init(id: ID, index: Int, rowCount: Int, pitch: Double, pointer: LiftGesture<ID>.Pointer,
                carryArea: LiftGesture<ID>.CarryButtonArea? = nil) {
        self.init(carry: CarriedRows(lifting: id, at: index, with: []), rowCount: rowCount, pitch: pitch, pointer: pointer,
                  carryArea: carryArea)
    }
}
