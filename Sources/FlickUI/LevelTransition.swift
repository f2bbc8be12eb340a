@preconcurrency import CGtk
import FlickInteraction
import GestureShim

/// The two levels in one place (DESIGN 2.7): the lists overview behind, a list's items in
/// front. Progress 0 shows the items, 1 the overview; in between the items shrink about their
/// centre towards the landing scale and fade, with the overview showing through. A pinch
/// drives the progress directly; a release, the keyboard and the back button settle it with
/// a spring on the frame clock (at once with animations off). GtkStack's transitions cannot
/// follow a gesture, so the levels share a slide box instead.
@MainActor
final class LevelTransition {
    let root: UnsafeMutablePointer<GtkWidget>
    private let overview: UnsafeMutablePointer<GtkWidget>
    private let items: UnsafeMutablePointer<GtkWidget>
    /// Where the transition is drawn now.
    private(set) var progress = 0.0
    /// Where it rests, or is heading: 0 the items, 1 the overview.
    private(set) var target = 0.0
    private let ticker: FrameTicker
    private let tuning = InteractionTuning()
    private static let leastItemsOpacity = 0.01
    /// Runs when a settle comes to rest.
    var onSettled: (() -> Void)?
    /// Keeps the items mapped (if unseen) on the overview: a row lifted from them is being
    /// carried there, and the drag that carries it belongs to their list.
    var keepsItemsMapped = false {
        didSet { draw(progress) }
    }

    init(overview: UnsafeMutablePointer<GtkWidget>, items: UnsafeMutablePointer<GtkWidget>) {
        self.overview = overview
        self.items = items
        root = flick_slide_box_new()
        ticker = FrameTicker(widget: root)
        Widgets.addClass(root, "levels")
        flick_slide_box_set_back(flick_slide_box_from_widget(root), overview)
        flick_slide_box_set_front(flick_slide_box_from_widget(root), items)
        draw(0)
    }

    /// Whether the overview is shown, or being settled to.
    var isShowingOverview: Bool { target == 1 }

    /// A pinch moves the transition: it follows the hand, and any settle stops.
    func follow(progress newProgress: Double) {
        ticker.stop()
        draw(min(1, max(0, newProgress)))
    }

    /// Settles on the overview (or the items) from where the transition is, moving at
    /// `velocity` (progress per second).
    func settle(toOverview: Bool, velocity: Double = 0) {
        target = toOverview ? 1 : 0
        // The level settled to is shown from the start, so it can take the keyboard focus.
        draw(progress)
        let now = frameTime
        let settle = LevelSettle(from: progress, velocity: velocity, to: target, time: now,
                                 animationsEnabled: InteractionDriver.animationsEnabled, tuning: tuning)
        if settle.isSettled(at: now) {
            ticker.stop()
            draw(target)
            onSettled?()
            return
        }
        ticker.start { [unowned self] time in
            self.draw(settle.progress(at: time))
            guard settle.isSettled(at: time) else { return true }
            self.onSettled?()
            return false
        }
    }

    /// The frame clock's time in seconds, or the monotonic clock before the window has one.
    private var frameTime: Double {
        if let clock = gtk_widget_get_frame_clock(root) {
            return Double(gdk_frame_clock_get_frame_time(clock)) / 1_000_000
        }
        return Double(g_get_monotonic_time()) / 1_000_000
    }

    /// Shows the levels at `progress`: only the items at 0, only the overview at 1.
    private func draw(_ newProgress: Double) {
        progress = newProgress
        gtk_widget_set_visible(overview, progress > 0 || target == 1 ? 1 : 0)
        gtk_widget_set_visible(items, progress < 1 || target == 0 || keepsItemsMapped ? 1 : 0)
        let scale = 1 - (1 - tuning.levelPinchLandScale) * progress
        flick_slide_box_set_scale(flick_slide_box_from_widget(root), scale)
        // Never quite 0: a pinch can close past the landing scale while its fingers are still
        // down, and items at opacity 0 stopped hearing those touches (under Broadway the
        // pinch's end never came, leaving it half done; one run in three once the pinch was
        // measured in window coordinates). 1 % is not seen.
        gtk_widget_set_opacity(items, max(Self.leastItemsOpacity, 1 - progress))
    }
}
