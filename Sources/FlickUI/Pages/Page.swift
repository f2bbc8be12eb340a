@preconcurrency import CGtk

/// A screen of the window: one gesture list over a level (DESIGN 1), with a title for the
/// header. The window's `PageStack` holds them, the lists overview at the bottom.
@MainActor
protocol Page: AnyObject {
    /// The page's widget; the page keeps it alive while the stack moves it between places.
    var root: UnsafeMutablePointer<GtkWidget> { get }
    /// What the header says while the page is shown.
    var title: String { get }
    /// Makes what the page shows, if it waited to be seen (the overview, at start-up); the
    /// page stack calls it before the page can come into view.
    func prepareToShow()
    /// Something was committed to the database (this store's commits, another program's):
    /// the page takes in what concerns it. Every page of the stack hears every change.
    func storeChanged(_ change: StoreChange)
}

extension Page {
    func prepareToShow() {}
    func storeChanged(_ change: StoreChange) {}
}
