/// What the Shell's search provider asks of Flick (`FlickApplication` answers): results to
/// search in, and what a chosen result or the Shell's "more results" does.
@MainActor
protocol SearchProviderHost: AnyObject {
    /// The results of the store; nil when the data folder cannot be used (nothing is shown
    /// for that: the Shell only searches).
    func searchProviderResults() -> SearchProviderResults?
    /// Why the store could not be opened, for the error the Shell gets (and logs).
    var cannotOpenText: String { get }
    /// A result was chosen: an item opens in the window, the add entry adds its text.
    func activateSearchResult(_ result: SearchProviderResultID)
    /// The Shell's "more results": the window's own search, with the typed text.
    func launchSearch(_ text: String)
}
