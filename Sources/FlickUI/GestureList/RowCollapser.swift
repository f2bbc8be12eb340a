@preconcurrency import CGtk
import GestureShim

/// Rows that are about to go collapse to nothing and fade first (DESIGN 2.6: the cleared rows
/// of a pull up or Clear Completed), over the gap's close time, on the frame clock; then the
/// change that removes them is made. Rows off screen simply go. With animations off, or with
/// none of the rows on screen, the change is made at once.
@MainActor
final class RowCollapser {
    private unowned let list: GestureList
    private var ids: Set<Int64> = []
    private var startTime: Double?
    private lazy var ticker = FrameTicker(widget: list.listView)
    private var completion: (() -> Void)?
    /// DESIGN 2.4's gap close time, which the other short settles use too.
    private static let durationS = 0.2

    init(list: GestureList) {
        self.list = list
    }

    var isCollapsing: Bool { completion != nil }

    /// Collapses the rows of `ids` that are on screen, then runs `change`. A collapse already
    /// under way is finished first.
    func collapse(_ ids: Set<Int64>, then change: @escaping () -> Void) {
        finish()
        guard InteractionDriver.animationsEnabled, ids.contains(where: { list.boundRows[$0] != nil }) else {
            return change()
        }
        self.ids = ids
        completion = change
        startTime = nil
        shownProgress = 0
        ticker.start { [unowned self] time in self.step(at: time) }
    }

    /// How far the row of `id` has collapsed (0…1): a row bound while collapsing shows it.
    func progress(of id: Int64) -> Double {
        ids.contains(id) ? shownProgress : 0
    }

    /// The collapse as last drawn, eased out.
    private var shownProgress = 0.0

    private func step(at time: Double) -> Bool {
        let start = startTime ?? time
        startTime = start
        let linear = min(1, (time - start) / Self.durationS)
        shownProgress = 1 - (1 - linear) * (1 - linear)
        for id in ids { list.boundRows[id]?.setCollapse(shownProgress) }
        guard linear >= 1 else { return true }
        finish()
        return false
    }

    /// Ends the collapse: the rows stand again (the change removes them, or, if it fails, they
    /// stay) and the change is made.
    private func finish() {
        guard let change = completion else { return }
        ticker.stop()
        for id in ids { list.boundRows[id]?.setCollapse(0) }
        ids = []
        startTime = nil
        shownProgress = 0
        completion = nil
        change()
    }
}
