/// Which list is the level shown in the window: the one a pinch together moves, while its
/// shrinking brings the level behind under the pointer. The window's `PageStack` answers.
@MainActor
protocol ShownLevel: AnyObject {
    var shownList: GestureList? { get }
}
