@preconcurrency import CGtk

/// The back views (completion cue and action menu) of the rows that are slid or open. A row
/// that is only shown has none (DESIGN 2.8): it takes one from here when its back is revealed
/// and gives it back when the back is hidden or the row is unbound. At most one row is open,
/// but one may still be closing while another slides, so the pool keeps what it made.
@MainActor
final class BackViewPool {
    private var free: [RowBackView] = []
    /// Back views made so far (for tests: rows do not make their own).
    private(set) var madeCount = 0
    private let menu: RowMenu
    /// What the postpone cue says now ("Tomorrow"): the preference may change at any time.
    var postponeWord: @MainActor () -> String = { "" }
    /// Whether the list's window is a phone's (`PhoneWidth`), where the menu's buttons are 44 px.
    var isNarrow: @MainActor () -> Bool = { false }

    init(menu: RowMenu) {
        self.menu = menu
    }

    /// A back view sized for the list's window now (`RowBackView.setNarrow`).
    func take() -> RowBackView {
        let view = free.popLast() ?? made()
        view.setNarrow(isNarrow())
        return view
    }

    private func made() -> RowBackView {
        madeCount += 1
        return RowBackView(menu: menu)
    }

    func give(_ view: RowBackView) {
        view.setRevealed(false)
        view.setCompletionProgress(0)
        view.setPostponeProgress(0)
        free.append(view)
    }

    /// The width the open offset reveals, measured on a back view of the pool: every row's
    /// menu has the same buttons.
    var menuWidth: Double {
        let view = take()
        defer { give(view) }
        return view.menuWidth
    }
}
