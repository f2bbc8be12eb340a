@preconcurrency import CGtk
import FlickCore

/// What a page asks of the window it is shown in: where to go, how to tell the user, how to
/// run a change. Pages hold no reference to the window itself, so a page can be shown at any
/// depth of the window's stack (a list's items, an item's subtasks).
@MainActor
protocol PageHost: AnyObject {
    /// The window: dialogs, popovers and the details go over it.
    var window: UnsafeMutablePointer<GtkWidget> { get }
    var store: TodoStore { get }
    /// Where the details open at a phone's size, inside the window (nil: in a window of their own).
    var phoneView: PhoneView! { get }
    /// Every change goes through it.
    var runner: ChangeRunner { get }
    /// The undo notice at the bottom of the window.
    var notice: UndoNotice { get }
    var sounds: EventSounds { get }
    var windowState: WindowState { get }
    /// Above every page: where a lifted row is drawn, so it can be carried up a level.
    var liftLayer: UnsafeMutablePointer<GtkWidget> { get }
    /// Whether the page is the one shown: a page behind must not take the keyboard focus.
    func isShown(_ page: AnyObject) -> Bool
    /// One level up (a long pull down).
    func goUp()
    /// Goes somewhere: a list, Today, an item's subtasks below the page shown, a search's
    /// result in its list, the overview.
    func go(to destination: Destination)
    /// Puts the page `destination` shows in place of `page`, shown if `page` was (the list a
    /// list's page holds is gone: the first list's page takes its place).
    func put(_ destination: Destination, inPlaceOf page: any Page)
    /// The page's title, rows or what its actions can do changed: the header follows.
    func pageChanged()
    /// Items changed here (reminders follow them).
    func itemsChanged()
    /// Commits the title or the list name being typed on any level, as Enter would, before a
    /// page is read again under it; false when it could not be saved.
    @discardableResult
    func commitCurrentEdit() -> Bool
}
