@preconcurrency import CGtk

/// The window's pages, one level above another: the lists overview at the bottom, then a
/// list's items, then an item's subtasks, to any depth. One page is shown; a page above it
/// that was left by going up stays, so Alt+Right can return to it. Only two adjacent pages are
/// ever in the transition: the one shown and the one below it, or, at the bottom, the bottom
/// page and the one above it, ready for a pinch or an open to bring it in front. The stack
/// goes up a level itself, whoever asks (a pinch together, `PageStack+LevelPinch`; a row
/// carried up, `PageStack+Carrying`; the back button), so the window forwards none of it.
@MainActor
final class PageStack {
    private(set) var pages: [any Page]
    /// The page shown, or being settled to.
    private(set) var shownIndex = 0
    let transition = LevelTransition()
    /// The window; nil in tests of the stack alone.
    weak var host: (any PageStackHost)?
    /// The page a lifted row was carried up from, while it is carried.
    var carriedFrom: (any Page)?
    /// The widgets of pages replaced, until the frame that shows their replacement is painted.
    private let leavingPages = ListItemsLetGoLater()

    init(bottom: any Page) {
        pages = [bottom]
        g_object_ref(bottom.root)
        arrange()
        transition.onSettled = { [unowned self] in
            // Gone up from a page above the second: the page shown now moves to the front, in
            // front of the one above it, ready for the next pinch.
            self.arrange()
            self.host?.settled()
        }
        bottom.placed(in: self, atDepth: 0)
    }

    var root: UnsafeMutablePointer<GtkWidget> { transition.root }
    var shown: any Page { pages[shownIndex] }
    /// The page at the bottom, under every other: the lists overview.
    var bottom: any Page { pages[0] }
    /// The page one level below the shown one, if any.
    var above: (any Page)? { pages.indices.contains(shownIndex + 1) ? pages[shownIndex + 1] : nil }
    var canGoUp: Bool { shownIndex > 0 }
    /// The page one level up from the shown one, where going up lands.
    var oneLevelUp: (any Page)? { canGoUp ? pages[shownIndex - 1] : nil }

    /// Puts `page` one level below the shown page, in place of what was there (the pages
    /// below it are dropped), without showing it.
    func place(_ page: any Page) {
        if let above, above === page { return }
        put(page, atDepth: shownIndex + 1)
    }

    /// Puts `page` at `depth` in place of the page there and those above it, which are shut down
    /// (another list's page in place of a list's, another item's subtasks in place of the
    /// last): every destination is a page of its own, and the pages it replaces are done with.
    /// The page shown stays shown, unless it was one of those replaced: `page` is shown then.
    private func put(_ page: any Page, atDepth depth: Int) {
        let dropped = Array(pages[depth...])
        for old in dropped.reversed() { old.shutDown() }
        pages.removeSubrange(depth...)
        g_object_ref(page.root)
        pages.append(page)
        shownIndex = min(shownIndex, depth)
        arrange()
        page.placed(in: self, atDepth: depth)
        // Freeing a page's widgets (a long list's rows, their accessible objects) in the frame
        // that shows the next page made opening Upcoming after a long list slower than a frame
        // (`ListItemsLetGoLater`): they go once that frame is painted.
        for old in dropped {
            leavingPages.keep(old)
            leavingPages.hold(old.root)
            g_object_unref(old.root)
        }
        leavingPages.letGoAfterPaint(of: transition.root)
    }

    /// Puts `new` in place of `old`, at its depth, the pages above it dropped (a list deleted
    /// under its page: the level holds another list's).
    func replace(_ old: any Page, with new: any Page) {
        guard let depth = pages.firstIndex(where: { $0 === old }) else { return }
        put(new, atDepth: depth)
    }

    /// Settles on the page one level below the shown one, which `place` put there.
    func goDown(velocity: Double = 0) {
        guard above != nil else { return }
        shownIndex += 1
        // From where the transition is: a settle up that has not come to rest turns round.
        arrange(showingBack: true)
        transition.settle(toBack: false, velocity: velocity)
    }

    /// Shows the page one level below at once (the window opens on a list's items).
    func jumpDown() {
        guard above != nil else { return }
        shownIndex += 1
        arrange()
        transition.jump(toBack: false)
    }

    /// Shows the page at `index`, below the one shown, at once: opening another list from a
    /// subtasks page shows the list's level first.
    func jumpUp(to index: Int) {
        guard index < shownIndex, pages.indices.contains(index) else { return }
        pages[index].prepareToShow()
        shownIndex = index
        arrange()
        transition.jump(toBack: index == 0)
    }

    /// The depth of the page shown: 0 for the bottom page.
    var depth: Int { shownIndex }

    /// The depth of the list level, one below the overview: a list's items, Today, Upcoming or
    /// a search's results, each in place of the other; the levels above it are an item's
    /// subtasks.
    static let listLevel = 1

    /// Leaves the levels above the list level at once, if one is shown: another list, Today or
    /// a search opens in the list level, and the overview is gone up to from there.
    func leaveAboveListLevel() {
        guard depth > Self.listLevel else { return }
        shown.leave()
        jumpUp(to: Self.listLevel)
    }

    /// The page in the list level, shown or not: a list's items, Today, Upcoming or a search's
    /// results. Nil only before one is placed (the stack's tests).
    var listLevelPage: (any Page)? {
        pages.indices.contains(Self.listLevel) ? pages[Self.listLevel] : nil
    }

    /// Shows `page` in the list level, in place of the page there (which is shut down, unless it
    /// is `page`): from the overview it is placed and settled to, from the list level or an
    /// item's subtasks it shows at once.
    func showListLevel(_ page: any Page) {
        leaveAboveListLevel()
        if depth == Self.listLevel {
            if listLevelPage !== page { put(page, atDepth: Self.listLevel) }
            return
        }
        place(page)
        goDown()
    }

    /// One level up, as the back button, Alt+Left, a long pull or a pinch together go: the
    /// typing is saved (or the stack stays), the page shown is left, and the one up is
    /// settled to at `velocity`, with the row it came from focused.
    func goUpOneLevel(velocity: Double = 0) {
        guard canGoUp, host?.commitCurrentEdit() ?? true else { return }
        leaveShown()
        arriveUp(velocity: velocity)
    }

    /// The page shown is left for the one up, which gets ready to be seen (its counts read).
    func leaveShown() {
        shown.leave()
        oneLevelUp?.comingBack(from: shown.destination)
    }

    /// Settles on the level up, which focuses the row the hand came from; the window follows.
    func arriveUp(velocity: Double) {
        let left = shown.destination
        goUp(velocity: velocity)
        host?.wentUp()
        shown.arrived(from: left)
    }

    /// Settles on the page one level up, from where a pinch left the transition and at its speed.
    func goUp(velocity: Double = 0) {
        guard canGoUp else { return }
        oneLevelUp?.prepareToShow()
        // The transition holds the shown page in front of the one it goes up to, unless the
        // last settle up has not come to rest: it then holds the shown page at the back, and
        // the page gone up to would be in no window at all (Alt+Left twice in quick succession;
        // a popover opened on it then crashed, kill trials). A pinch's transition is kept.
        arrange(showingBack: false)
        shownIndex -= 1
        transition.settle(toBack: true, velocity: velocity)
    }

    /// A pinch together moves the transition between the shown page and the one up.
    func follow(progress: Double) {
        oneLevelUp?.prepareToShow()
        transition.follow(progress: progress)
    }

    /// A pinch that did not go far enough: the shown page settles back in front.
    func settleBack(velocity: Double) {
        transition.settle(toBack: false, velocity: velocity)
    }

    /// A row menu's action, named by its row (by a menu, a test, or D-Bus, org.gtk.Actions):
    /// the page shown acts on it; one its rows do not have goes to the first page that has it,
    /// the overview first. So an item's action sent while the overview is shown acts on the
    /// list behind it, and a list's action sent from a list's items on the overview's lists,
    /// as when the window chose the page for each.
    func perform(_ action: RowAction, on id: Int64) {
        if shown.perform(action, on: id) { return }
        for page in pages where page !== shown {
            if page.perform(action, on: id) { return }
        }
    }

    /// Whether `page` is on the stack still: not put out by another in its place.
    func holds(_ page: any Page) -> Bool { pages.contains { $0 === page } }

    /// Whether `page` is the one shown.
    func isShown(_ page: AnyObject) -> Bool { shown === page }

    /// Lets the stack's pages go (the window is destroyed). Every page is told first, the
    /// deepest first and the overview last, as the window did before the stack owned this:
    /// none may find another's widgets already let go while it shuts down.
    func shutDown() {
        for page in pages.reversed() { page.shutDown() }
        for page in pages { g_object_unref(page.root) }
        pages = []
        leavingPages.letGoNow()
    }

    /// The shown page in front of the one up; at the bottom, the bottom page in front of the
    /// page above it, which is not shown.
    private func arrange(showingBack: Bool? = nil) {
        if shownIndex == 0 {
            transition.hold(back: pages[0].root, front: above?.root, showingBack: true)
        } else {
            transition.hold(back: pages[shownIndex - 1].root, front: pages[shownIndex].root,
                            showingBack: showingBack ?? false)
        }
    }
}
