@preconcurrency import CGtk

/// What the page stack asks of the window it is in, to go up a level by itself (a pinch
/// together, a row carried up): the window saves the typing, follows with its header, and
/// goes where a carry put back returns to. As `PageHost` is for a page, this is all the stack
/// knows of the window.
@MainActor
protocol PageStackHost: AnyObject {
    /// Saves a title being typed on any page; false when it could not be: the stack stays.
    func commitCurrentEdit() -> Bool
    /// The stack went up a level: the header follows, the notice about the level left goes.
    func wentUp()
    /// A settle came to rest: the level shown takes the keyboard focus.
    func settled()
    /// Goes somewhere, as a click or a key would (a carry put back returns to its list).
    func go(to destination: Destination)
    /// The header's back button, over which a lifted row is carried up.
    var backButton: UnsafeMutablePointer<GtkWidget> { get }
}
