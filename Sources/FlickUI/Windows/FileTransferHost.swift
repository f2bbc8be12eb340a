@preconcurrency import CGtk
import FlickCore

/// What importing and exporting ask of the window, beyond what a page may.
@MainActor
protocol FileTransferHost: PageHost {
    /// Commits the edit in progress; false when it could not be saved (nothing is imported then).
    func commitCurrentEdit() -> Bool
    /// What Export List… writes: the lists (nil for every list) and the name to suggest.
    var listsToExport: (ids: [Int64]?, name: String?) { get }
    /// Shows what an import stored: the list it went to opened, and what was done said.
    func imported(_ summary: ImportSummary, message: String)
}
