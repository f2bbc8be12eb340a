@preconcurrency import CGtk

/// Who takes a lifted item up to the lists (held over the back button, the lists show
/// and the item can be dropped on one of them): the window's `PageStack`.
@MainActor
protocol RowCarryTarget: AnyObject {
    /// The widget a lifted row is held over to go up (the back button), if it is shown.
    var carryButton: UnsafeMutablePointer<GtkWidget>? { get }
    /// The row was held over it long enough: the lists show, the row still lifted.
    func carryUp()
    /// The carried row `id` was dropped at (x, y) of the window: true if it went to a list.
    func dropCarried(_ id: Int64, atWindowX x: Double, y: Double) -> Bool
    /// The carry ended without a drop on a list: back to the items.
    func carryCancelled()
}
