@preconcurrency import CGtk
import FlickCore

/// What `flick-bench` (Sources/flick-bench) reads of the window and asks of it beside its
/// actions (`activateAction`), which are the keyboard's way in: through the page shown, as the
/// window's own actions reach it, never a page by its kind. Package access: none of it is
/// Flick's API, and nothing in `flick` calls it.
extension MainWindow {
    /// Where the page shown is (nil for a search's results).
    package var shownDestination: Destination? { pages.shown.destination }

    /// How many rows the page shown has (its level's), if it has a list.
    package var shownRowCount: Int? { pages.shown.shownList?.level.rowCount }

    /// Puts the keyboard focus on the row with this id on the page shown.
    package func focusRow(_ id: Int64) {
        pages.shown.focus(id)
    }

    /// The setting by which completed items sink below the open ones, 0.2 s after completing.
    package var completedItemsSink: Bool { windowState.bool("completed-items-sink", fallback: true) }
}
