@preconcurrency import CGtk

/// A lifted item held over the back button goes up a level with the row still in hand, and
/// dropped on a row there is taken by that page (the overview moves it to the list
/// dropped on). Dropped anywhere else, or put back with Escape, it returns to where it was
/// carried from. Only the level below the overview carries (`ItemsPage.placed`).
extension PageStack: RowCarryTarget {
    var carryButton: UnsafeMutablePointer<GtkWidget>? {
        canGoUp ? host?.backButton : nil
    }

    func carryUp() {
        carriedFrom = shown
        // The row's drag belongs to the list it was lifted from, which must stay mapped.
        transition.keepsFrontMapped = true
        goUpOneLevel()
    }

    func dropCarried(_ id: Int64, atWindowX x: Double, y: Double) -> Bool {
        transition.keepsFrontMapped = false
        guard let origin = carriedFrom, shown.dropCarried(id, from: origin, atWindowX: x, y: y) else { return false }
        carriedFrom = nil
        return true
    }

    /// Back to the page the row was carried from, as if gone to again (the header, the focus).
    func carryCancelled() {
        transition.keepsFrontMapped = false
        let origin = carriedFrom ?? shown
        carriedFrom = nil
        if let destination = origin.destination { host?.go(to: destination) }
    }
}
