/// What a level does with the pulls at its edges (DESIGN 2.6) beyond making a row at the top,
/// which every gesture list does itself.
@MainActor
protocol EdgePullTarget: AnyObject {
    /// Whether a long pull down goes up a level (a list's items; not the overview).
    var pullDownGoesUp: Bool { get }
    /// How many completed rows a pull up would clear; nil where there is no pull up.
    var completedCount: Int? { get }
    func pullGoesUp()
    func pullClearsCompleted()
}
