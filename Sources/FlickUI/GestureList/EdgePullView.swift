@preconcurrency import CGtk
import FlickInteraction
import Foundation
import GestureShim

/// Draws the pulls at a gesture list's edges (DESIGN 2.6) and carries out their releases;
/// what a pull does is decided by `EdgePullGesture` (FlickInteraction, through the list's
/// `ListHands`), fed by the list's inputs (`ListInputs`) with the list's state as it says here. Down at the top: the list follows the hand with a rubber band
/// and a placeholder row, hinged at its bottom edge, flips into view, "Pull to create item",
/// "Release to create item" past one row, "Release to go to lists" past two (on a list's
/// items). Up at the bottom (a list's items only): "Pull to clear completed", "Release to clear
/// N completed items" past one and a half rows. On release the list settles back, eased out.
/// Touch and mouse drags (`EdgeDrag`), a touchpad two-finger scroll at the edge, and the mouse
/// wheel at the top.
@MainActor
final class EdgePullView {
    /// The list in front, what a pull uncovers behind it.
    let root: UnsafeMutablePointer<GtkWidget>
    /// The bottom pull's label, and the top pull's hinged placeholder row with its label.
    private let bottomLabel: UnsafeMutablePointer<GtkWidget>
    private let hinge: UnsafeMutablePointer<GtkWidget>
    private let placeholderLabel: UnsafeMutablePointer<GtkWidget>
    private unowned let target: any EdgePullTarget
    private unowned let list: GestureList
    private var drag: OpaquePointer?
    /// The spring back after a release, drawn frame by frame.
    private var springBack: SettleBack?
    private lazy var ticker = FrameTicker(widget: root)
    /// How long the list takes to settle back after a release. Our choice: the gap's close time
    /// (DESIGN 2.4's 0.2 s), eased out.
    private static let springBackS = 0.2

    init(list: GestureList, target: any EdgePullTarget) {
        self.target = target
        self.list = list
        root = flick_slide_box_new()
        let back = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        Widgets.addClass(back, "pull-area")
        placeholderLabel = gtk_label_new(nil)
        hinge = Self.makeHinge(around: placeholderLabel)
        gtk_box_append(cast(back), hinge)
        bottomLabel = gtk_label_new(nil)
        Widgets.addClass(bottomLabel, "pull-label")
        gtk_widget_set_valign(bottomLabel, GTK_ALIGN_END)
        gtk_widget_set_vexpand(bottomLabel, 1)
        gtk_box_append(cast(back), bottomLabel)
        gtk_widget_set_visible(back, 0)
        flick_slide_box_set_back(flick_slide_box_from_widget(root), back)
        flick_slide_box_set_front(flick_slide_box_from_widget(root), list.root)
        list.driver.pullView = self
        drag = list.inputs.attachPulls(self)
    }

    /// The top pull's placeholder: a row on the heat map's first colour, in a box as tall as
    /// the pull that it hangs from.
    private static func makeHinge(around label: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        Widgets.addClass(row, "row-front")
        Widgets.addClass(row, HeatMapStyle.className(position: 0, count: 1))
        gtk_widget_set_size_request(row, -1, Int32(AppStyle.rowHeight))
        gtk_label_set_xalign(OpaquePointer(label), 0)
        Widgets.addClass(label, "row-title")
        gtk_box_append(cast(row), label)
        let hinge = flick_slide_box_new()!
        flick_slide_box_set_front(flick_slide_box_from_widget(hinge), row)
        flick_slide_box_set_hinge_angle(flick_slide_box_from_widget(hinge), .pi / 2)
        gtk_widget_set_valign(hinge, GTK_ALIGN_START)
        return hinge
    }

    /// What the decisions need to know of the list now.
    var listState: EdgePullGesture.ListState {
        EdgePullGesture.ListState(atTop: list.isScrolledToTop, atEnd: list.isScrolledToEnd, isEditing: list.isEditing,
                                  completedCount: target.completedCount, canGoUp: target.pullDownGoesUp,
                                  rowHeight: Double(AppStyle.rowHeight))
    }

    // MARK: Drawing what the decisions say

    func apply(_ effects: [EdgePullGesture.Effect]) {
        for effect in effects {
            switch effect {
            case .claimSequence:
                if let drag { flick_gesture_claim(drag) }
            case .began:
                stopSpringBack()
                gtk_widget_set_visible(flick_slide_box_get_back(flick_slide_box_from_widget(root)), 1)
            case let .show(pull):
                show(pull)
            case let .settleBack(from: offset):
                settleBack(from: offset)
            case .perform(.releaseToCreate):
                list.startNewRow(at: 0)
            case .perform(.releaseToGoUp):
                target.pullGoesUp()
            case .perform(.releaseToClear):
                target.pullClearsCompleted()
            case .perform(.pulling):
                break
            }
        }
    }

    private func show(_ pull: EdgePull) {
        let shown = pull.shownDistance
        switch pull.edge {
        case .top:
            flick_slide_box_set_offset_y(flick_slide_box_from_widget(root), shown)
            flick_slide_box_set_hinge_angle(flick_slide_box_from_widget(hinge), pull.placeholderRotation)
            gtk_widget_set_size_request(hinge, -1, Int32(shown))
            gtk_widget_set_visible(hinge, 1)
            gtk_widget_set_visible(bottomLabel, 0)
            let text: String
            switch pull.stage {
            case .releaseToGoUp: text = tr("Release to go to lists")
            case .releaseToCreate: text = list.words.releaseToCreate
            default: text = list.words.pullToCreate
            }
            gtk_label_set_text(OpaquePointer(placeholderLabel), text)
        case .bottom:
            flick_slide_box_set_offset_y(flick_slide_box_from_widget(root), -shown)
            gtk_widget_set_visible(hinge, 0)
            gtk_widget_set_visible(bottomLabel, 1)
            let completed = target.completedCount ?? 0
            let text = pull.stage == .releaseToClear
                ? trPlural("Release to clear {count} completed item", "Release to clear {count} completed items", completed,
                           ["count": countText(completed)])
                : (completed == 0 ? tr("No completed items to clear") : tr("Pull to clear completed"))
            gtk_label_set_text(OpaquePointer(bottomLabel), text)
            gtk_widget_set_size_request(bottomLabel, -1, Int32(shown))
        }
    }

    /// The list settles back over what it uncovered, eased out; at once without animations.
    private func settleBack(from offset: Double) {
        guard InteractionDriver.animationsEnabled, offset != 0 else { return settled() }
        springBack = SettleBack(from: offset, duration: Self.springBackS)
        ticker.start { [unowned self] time in self.springBackStep(at: time) }
    }

    private func springBackStep(at time: Double) -> Bool {
        guard var springBack else { return false }
        let moving = springBack.advance(to: time)
        self.springBack = springBack
        flick_slide_box_set_offset_y(flick_slide_box_from_widget(root), springBack.offset)
        if !moving { settled() }
        return moving
    }

    private func stopSpringBack() {
        ticker.stop()
        springBack = nil
    }

    private func settled() {
        springBack = nil
        flick_slide_box_set_offset_y(flick_slide_box_from_widget(root), 0)
        gtk_widget_set_visible(flick_slide_box_get_back(flick_slide_box_from_widget(root)), 0)
    }
}
