@preconcurrency import CGtk
import FlickCore
import Foundation

/// The window after a sync changed the store behind it.
extension MainWindow {
    /// Reads the lists and the open list again: a sync may have added, changed or removed any.
    func syncFinished() {
        guard commitCurrentEdit() else { return }
        perform(retry: nil) {
            try self.listsPage.document.readAgain()
            try self.listsPage.refreshCounts()
        }
        reopenCurrentList()
        onItemsChanged?()
    }
}
