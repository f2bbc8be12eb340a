/// Every number the list interactions depend on, in one place.
///
/// Names carry their units (`Px` logical pixels, `S` seconds, `PxPerS`, `RadPerS`).
/// Each value says where it comes from: "DESIGN" is docs/DESIGN.md section 2.
/// Tests may build a tuning with other values; the app uses the defaults.
public struct InteractionTuning: Sendable, Equatable {
    /// Movement before a drag is claimed or denied. DESIGN 2.1 ("about 8 px").
    public var claimDistancePx = 8.0
    /// A touchpad scroll is sideways (a row swipe) or vertical once its movement, added up from
    /// where the fingers came down, is this many times longer along one axis than along the
    /// other: within 30° of the axis (tan 60° ≈ 1.73). Nearer the diagonal it is neither until
    /// it comes clear. Our choice, after libinput, whose axis lock also treats a scroll within
    /// 30° of an axis as that axis.
    public var touchpadAxisRatio = 1.73
    /// Part of the front view that stays visible when a row is open, so it can be
    /// grabbed again. DESIGN 2.1 ("never more than W − 20 px").
    public var openHandlePx = 20.0
    /// Release velocity is projected this far ahead. DESIGN 2.1: half the 0.35 s snap.
    public var releaseProjectionS = 0.175
    /// Samples older than this do not count towards the release velocity.
    /// libadwaita's swipe tracker keeps the same 150 ms of event history.
    public var velocityWindowS = 0.15

    /// Natural frequency of the snap and bounce springs. Chosen so that a critically
    /// damped 200 px snap comes within 0.5 px of its target in about 0.35 s, the
    /// snap duration of DESIGN 2.1 ((1 + ωt)·e^(−ωt) = 0.0025 at ωt ≈ 8.3).
    public var springAngularFrequencyRadPerS = 24.0
    /// Damping ratio of the closing bounce. DESIGN 2.2 ("about 0.6–0.8"): 0.7
    /// overshoots closed by about 5 % of the distance and settles in about 0.4 s.
    public var bounceDampingRatio = 0.7
    /// A spring closer than this to its target and slower than `settleVelocityPxPerS`
    /// has finished: less than a physical pixel at scale 2 and invisible.
    public var settleDistancePx = 0.5
    /// See `settleDistancePx`.
    public var settleVelocityPxPerS = 10.0

    /// Shortest horizontal movement that counts as a swipe. DESIGN 2.2.
    public var swipeMinDistancePx = 40.0
    /// Most vertical drift a swipe may have (largest |dy| seen). DESIGN 2.2.
    public var swipeMaxDriftPx = 40.0
    /// Longest time from press to release for a swipe. DESIGN 2.2.
    public var swipeMaxDurationS = 0.7
    /// A release faster than this is a swipe whatever the distance or duration.
    /// Our choice (DESIGN 2.2 asks for a documented threshold): DESIGN 5 measures a
    /// deliberate drag at about 600 px/s and a flick at about 2,400 px/s; 1,000 px/s
    /// lies between, and projects 175 px, most of a typical menu.
    public var swipeVelocityPxPerS = 1000.0

    /// Swipe to postpone: a closed row dragged towards its menu follows the finger
    /// past the open menu, and released at least this far beyond it postpones the item. Our
    /// choice, so that nothing a row did before changes meaning: a flick that opens the menu
    /// travels about 160–240 px (DESIGN 5's 40 px a frame for four to six frames) and a slow
    /// drag that opens it stops near the menu's edge, while this line lies a whole menu (an
    /// item's seven buttons: about 290 px) and two fingertips (96 px) out, beyond both.
    public var postponeBeyondMenuPx = 96.0
    /// Postponing needs at least this much room between the open menu and the row's far end
    /// (less its handle); on a row narrower than that it is off, and the menu and its key
    /// postpone instead. Our choice: half of `postponeBeyondMenuPx`, still a clear stretch.
    public var postponeMinBeyondMenuPx = 48.0

    /// Touchpad pinch scale at which the gap is one row high. DESIGN 2.4.
    public var touchpadScaleForOneRow = 1.5
    /// Gap height per Ctrl+scroll unit (one wheel click), in row heights. Our choice:
    /// four clicks open a full row, the fifth passes it and arms the insert, which
    /// matches the feel of a 1.5× pinch.
    public var ctrlScrollRowsPerUnit = 0.25
    /// A gap released below one row height closes over this time, ease-in-out. DESIGN 2.4.
    public var gapCloseDurationS = 0.2

    /// Movement towards the edge, with the list at that edge, before a pull begins. DESIGN 2.6.
    public var pullStartPx = 8.0
    /// A pull down past this many row heights inserts at the top; past `pullUpLevelRows`,
    /// on a list's items, it goes up to the lists instead. DESIGN 2.6.
    public var pullCreateRows = 1.0
    /// See `pullCreateRows`. DESIGN 2.6.
    public var pullUpLevelRows = 2.0
    /// A pull up at the bottom past this many row heights clears the completed items. DESIGN 2.6.
    public var pullClearRows = 1.5
    /// The rubber band's constant c, in row heights: shown = c·(1 − 1/(1 + d/c)). DESIGN 2.6.
    public var pullRubberBandRows = 3.0
    /// A mouse wheel has no release: a wheel pull ends this long after its last step. DESIGN 2.6.
    public var wheelPullReleaseS = 0.25
    /// Ctrl+scroll has no release either: its pinch ends when no step came for this long;
    /// longer than the gap between the steps of a wheel turned steadily, short enough to feel
    /// like letting go. Our choice.
    public var scrollQuietS = 0.3
    /// Hold and drag: a row held this long over the back button goes up to the lists. Our
    /// choice: longer than passing over it on the way elsewhere, about a long press.
    public var carryHoldS = 0.6
    /// Hold in place: a row lifted by a long press and let go with the hand never
    /// farther than this from where it lifted the row is selected, not moved; past it, the
    /// hold is a hold and drag, as before. Our choice: GTK's drag threshold (8 px), the
    /// distance at which a press becomes a drag everywhere else on the desktop.
    public var holdStillPx = 8.0
    /// Hold and drag: how near the back button's corner of the list the pointer must be to
    /// hold a row there. Our choice: a finger's breadth.
    public var carryReachPx = 12.0
    /// How far one wheel step pulls, in rows: three steps create, six go up. Our choice.
    public var wheelPullRowsPerStep = 0.4
    /// Pinch together: released at or below this scale, the items land on the lists overview.
    /// DESIGN 2.7.
    public var levelPinchLandScale = 0.6
    /// Pinch together: released while closing faster than this (scale per second), it lands
    /// too, however far it got. DESIGN 2.7.
    public var levelPinchLandVelocity = 1.5
    /// Pinch together: the scale must fall this far below 1 before the pinch counts as going
    /// up rather than a pinch apart that has not opened yet. Our choice: a jitter of the
    /// fingers is not a gesture.
    public var levelPinchStartScaleDrop = 0.04
    /// Ctrl+scroll down, the pinch together of a mouse: each wheel step shrinks the scale by
    /// this much, so four steps reach the landing scale. Our choice, like the gap's quarter row.
    public var ctrlScrollScalePerUnit = 0.1
    /// Spreading two fingers that are both on one row opens it (a list on the overview) once
    /// the pinch's scale passes this. Our choice: clearly apart, well short of a row's gap.
    public var spreadOpenScale = 1.2
    /// Hold and drag: the lifted row is drawn this much larger. DESIGN 2.7.
    public var liftScale = 1.05
    /// Hold and drag: the list scrolls by itself while the lifted row is within this many
    /// rows of its top or bottom edge, faster the deeper, up to `autoScrollMaxPxPerS`. DESIGN 2.7.
    public var autoScrollZoneRows = 1.0
    public var autoScrollMaxPxPerS = 900.0
    /// The level transition settles with a critically damped spring this stiff: about a
    /// quarter of a second to come to rest. Our choice.
    public var levelSettleAngularFrequency = 20.0

    /// The tuning DESIGN.md describes.
    public init() {}
}
