@preconcurrency import CGtk
import FlickInteraction
import GestureShim

/// Two adjacent levels in one place (DESIGN 2.7): the upper page behind (the lists overview, or
/// a list's items under an item's subtasks), the lower in front. Progress 0 shows the front,
/// 1 the back; in between the front shrinks about its centre towards the landing scale and
/// fades, with the back showing through. A pinch drives the progress directly; a release, the
/// keyboard and the back button settle it with a spring on the frame clock (at once with
/// animations off). GtkStack's transitions cannot follow a gesture, so the levels share a
/// slide box instead; `PageStack` chooses which two pages it holds.
@MainActor
final class LevelTransition {
    let root: UnsafeMutablePointer<GtkWidget>
    private var back: UnsafeMutablePointer<GtkWidget>?
    private var front: UnsafeMutablePointer<GtkWidget>?
    /// Where the transition is drawn now.
    private(set) var progress = 0.0
    /// Where it rests, or is heading: 0 the front, 1 the back.
    private(set) var target = 0.0
    /// A pinch moves the transition: both levels take its input until it lets go.
    private var isFollowing = false
    private let ticker: FrameTicker
    private let tuning = InteractionTuning()
    private static let leastFrontOpacity = 0.01
    /// Runs when a settle comes to rest.
    var onSettled: (() -> Void)?
    /// Keeps the front mapped (if unseen) with the back shown: a row lifted from it is being
    /// carried up, and the drag that carries it belongs to its list.
    var keepsFrontMapped = false {
        didSet { draw(progress) }
    }

    init() {
        root = flick_slide_box_new()
        ticker = FrameTicker(widget: root)
        Widgets.addClass(root, "levels")
    }

    /// Holds `back` behind `front`, showing the back (`showingBack`) or the front, at rest; as
    /// it is when it already holds them. The pages keep their own reference to their widgets:
    /// one moved out of the box lives on. A page moving between back and front stays in the
    /// box (`flick_slide_box_hold`): taken out for a moment, it left the window, and GTK moved
    /// its focus to the next row at the next frame and made its accessible objects anew. After
    /// Alt+Left from an item's subtasks, Orca then said the neighbour, or nothing of the item.
    func hold(back newBack: UnsafeMutablePointer<GtkWidget>, front newFront: UnsafeMutablePointer<GtkWidget>?,
              showingBack: Bool) {
        guard newBack != back || newFront != front else { return }
        ticker.stop()
        isFollowing = false
        flick_slide_box_hold(flick_slide_box_from_widget(root), newBack, newFront)
        back = newBack
        front = newFront
        target = showingBack ? 1 : 0
        draw(target)
    }

    /// Shows the back (or the front) at once, with no settle.
    func jump(toBack: Bool) {
        ticker.stop()
        isFollowing = false
        target = toBack ? 1 : 0
        draw(target)
    }

    /// Whether the back is shown, or being settled to.
    var isShowingBack: Bool { target == 1 }

    /// A pinch moves the transition: it follows the hand, and any settle stops.
    func follow(progress newProgress: Double) {
        ticker.stop()
        isFollowing = true
        draw(min(1, max(0, newProgress)))
    }

    /// Settles on the back (or the front) from where the transition is, moving at `velocity`
    /// (progress per second).
    func settle(toBack: Bool, velocity: Double = 0) {
        target = toBack ? 1 : 0
        isFollowing = false
        // The level settled to is shown from the start, so it can take the keyboard focus.
        draw(progress)
        // Without a frame clock (the window not shown yet) nothing is drawn in between.
        guard let now = frameTime else { return settledAtOnce() }
        let settle = LevelSettle(from: progress, velocity: velocity, to: target, time: now,
                                 animationsEnabled: InteractionDriver.animationsEnabled, tuning: tuning)
        if settle.isSettled(at: now) { return settledAtOnce() }
        ticker.start { [unowned self] time in
            self.draw(settle.progress(at: time))
            guard settle.isSettled(at: time) else { return true }
            self.onSettled?()
            return false
        }
    }

    /// The frame clock's time in seconds; nil before the window has one.
    private var frameTime: Double? {
        gtk_widget_get_frame_clock(root).map { Double(gdk_frame_clock_get_frame_time($0)) / 1_000_000 }
    }

    private func settledAtOnce() {
        ticker.stop()
        draw(target)
        onSettled?()
    }

    /// Shows the levels at `progress`: only the front at 0, only the back at 1.
    private func draw(_ newProgress: Double) {
        progress = newProgress
        takeInputOnlyOnTheLevelSettledTo()
        if let back { gtk_widget_set_visible(back, progress > 0 || target == 1 || front == nil ? 1 : 0) }
        guard let front else { return }
        gtk_widget_set_visible(front, progress < 1 || target == 0 || keepsFrontMapped ? 1 : 0)
        let scale = 1 - (1 - tuning.levelPinchLandScale) * progress
        flick_slide_box_set_scale(flick_slide_box_from_widget(root), scale)
        // Never quite 0: a pinch can close past the landing scale while its fingers are still
        // down, and items at opacity 0 stopped hearing those touches (under Broadway the
        // pinch's end never came, leaving it half done; one run in three once the pinch was
        // measured in window coordinates). 1 % is not seen.
        gtk_widget_set_opacity(front, max(Self.leastFrontOpacity, 1 - progress))
    }

    /// A click or a touch while a settle moves reaches the level it goes to, never the one it
    /// leaves: a click on a row just after Alt+Left landed on the subtasks still shrinking
    /// away, and the Delete that followed deleted one of them (kill trials, seed 39656). A
    /// gesture already under way keeps its events (GTK delivers them to the widget that took
    /// the press), so a carried row goes on. While a pinch moves the levels both take input:
    /// a Ctrl+scroll pinch's wheel steps come over the level behind as the front shrinks, and
    /// belong to the pinch (`InteractionDriver.ctrlScroll`).
    private func takeInputOnlyOnTheLevelSettledTo() {
        if let back { gtk_widget_set_can_target(back, isFollowing || target == 1 ? 1 : 0) }
        if let front { gtk_widget_set_can_target(front, isFollowing || target == 0 ? 1 : 0) }
    }
}
