@preconcurrency import CGtk
import FlickInteraction
import GestureShim

/// Draws hold and drag to reorder on a gesture list (DESIGN 2.7); what the lift does is decided
/// by `LiftGesture` (FlickInteraction, through the list's `ListHands`), fed here with the
/// pointer in the coordinates it needs. A lifted row's copy is drawn in the window's layer above
/// the list, 1.05 times larger with a shadow, while the row's own slot stays empty; the other
/// rows make room as it passes their middles (the list view's model is reordered, the level is
/// not); near an edge the list scrolls by itself on the frame clock. The drop asks the level for
/// one move, one transaction. Held over the back button for a moment, an item is carried up to
/// the lists (`carryTarget`) and can be dropped on one of them.
@MainActor
final class LiftView {
    private unowned let list: GestureList
    /// The window's layer the lifted copy is drawn in.
    private let layer: UnsafeMutablePointer<GtkWidget>
    /// Who takes an item carried up to the lists; nil where there is no level above.
    weak var carryTarget: (any RowCarryTarget)?
    /// The lifted row's copy, while one is drawn.
    private var floating: RowWidget?
    private lazy var ticker = FrameTicker(widget: list.listView)
    private let tuning = InteractionTuning()

    init(list: GestureList, layer: UnsafeMutablePointer<GtkWidget>) {
        self.list = list
        self.layer = layer
        list.hands.liftEndedByTakeover = { [weak self] effects in self?.apply(effects) }
    }

    private var hands: ListHands<Int64> { list.hands }

    var isLifted: Bool { hands.lift.isLifted }
    var liftedID: Int64? { hands.lift.liftedID }

    /// Lifts the row at (x, y) of the list view, if it may be lifted; true if it was.
    func begin(atX x: Double, y: Double) -> Bool {
        guard !list.isEditing, list.model.placeholder == nil, let row = list.row(atX: x, y: y), let id = row.itemID,
              list.level.canLift(id), let index = list.level.rowIndex(of: id), let slot = gtk_widget_get_parent(row.root)
        else { return false }
        let effects = hands.liftBegan(id: id, index: index, rowCount: list.level.rowCount,
                                      pitch: Double(gtk_widget_get_height(slot)), pointer: pointer(atX: x, y: y),
                                      carryArea: carryArea)
        apply(effects)
        return hands.lift.isLifted
    }

    /// The pointer moved to (x, y) of the list view at `time` (event time, seconds).
    func moved(toX x: Double, y: Double, time: Double) {
        apply(hands.liftMoved(to: pointer(atX: x, y: y), time: time))
    }

    /// The pointer moved to (x, y) of the window: GTK reports a drag only while the pointer is
    /// over the list, so the window reports the rest (over the header bar, the back button).
    func moved(toWindowX x: Double, y: Double, time: Double) {
        guard isLifted, let point = convert(x: x, y: y, from: windowRoot, to: list.listView) else { return }
        moved(toX: point.x, y: point.y, time: time)
    }

    /// Drops the row where it is shown: one move, if it moved; or, carried, on the list under
    /// the pointer.
    func drop() {
        apply(hands.liftReleased())
    }

    /// Puts the row back where it was (and, carried, goes back to its list).
    func cancel() {
        apply(hands.liftCancelled())
    }

    // MARK: What the lift needs to know

    /// The pointer at (x, y) of the list view, in every coordinate the lift needs.
    private func pointer(atX x: Double, y: Double) -> LiftGesture<Int64>.Pointer {
        let window = convert(x: x, y: y, from: list.listView, to: windowRoot) ?? (x, y)
        return .init(listY: y, scroll: list.scrollPosition, windowX: window.x, windowY: window.y)
    }

    /// The back button's span and the list's top, in the window; nil where nothing is above.
    private var carryArea: LiftGesture<Int64>.CarryButtonArea? {
        guard let button = carryTarget?.carryButton, let root = windowRoot else { return nil }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(button, root, &bounds) != 0,
              let listTop = convert(x: 0, y: 0, from: list.listView, to: root) else { return nil }
        return .init(left: Double(bounds.origin.x), right: Double(bounds.origin.x + bounds.size.width), listTop: listTop.y)
    }

    private var windowRoot: UnsafeMutablePointer<GtkWidget>? {
        gtk_widget_get_root(list.listView).map { UnsafeMutablePointer<GtkWidget>($0) }
    }

    private func convert(x: Double, y: Double, from source: UnsafeMutablePointer<GtkWidget>?,
                         to target: UnsafeMutablePointer<GtkWidget>?) -> (x: Double, y: Double)? {
        guard let source, let target else { return nil }
        var from = graphene_point_t(x: Float(x), y: Float(y))
        var to = graphene_point_t()
        guard gtk_widget_compute_point(source, target, &from, &to) != 0 else { return nil }
        return (Double(to.x), Double(to.y))
    }

    // MARK: Drawing what the lift says

    func apply(_ effects: [LiftGesture<Int64>.Effect]) {
        for effect in effects { apply(effect) }
        list.driver.scheduleDeadline()
    }

    private func apply(_ effect: LiftGesture<Int64>.Effect) {
        switch effect {
        case let .list(effects):
            list.driver.apply(effects)
        case let .lifted(id, index):
            showFloating(id: id, index: index)
            list.boundRows[id]?.setLifted(true)
            startTicking()
        case let .moveSlot(from, to, pitch):
            anchorList(awayFrom: from, pitch: pitch)
            list.model.moveRow(from: from, to: to)
        case let .placeInList(top):
            place(atY: top - list.scrollPosition, of: list.listView, x: nil)
        case let .placeCarried(top):
            place(atY: top, of: windowRoot, x: 0)
        case .carriedUp:
            ticker.stop()
            carryTarget?.carryUp()
        case let .ended(id):
            ticker.stop()
            if let floating { gtk_fixed_remove(cast(layer), floating.root) }
            floating = nil
            list.boundRows[id]?.setLifted(false)
        case let .move(id, to):
            list.level.moveRow(id, to: to)
        case let .focus(id):
            list.focus(id)
        case let .heldStill(id):
            list.focus(id)
            list.level.heldStill(id)
        case let .dropCarried(id, x, y):
            if carryTarget?.dropCarried(id, atWindowX: x, y: y) != true { carryTarget?.carryCancelled() }
        case .carryCancelled:
            carryTarget?.carryCancelled()
        case let .scroll(by: distance):
            scrollList(by: distance)
        }
    }

    /// Anchors the list on its first whole row, or the next one when that is `slot`, before the
    /// lifted row's empty slot moves. GTK keeps the scroll anchored on one row, and a row that
    /// takes the focus becomes the anchor: the lifted row, pressed. Taken out of the model, the
    /// anchor is lost and GTK guesses another, a row off, and the whole list jumps by a row.
    /// Asked to show a row that is shown whole, GTK anchors on it without scrolling.
    private func anchorList(awayFrom slot: Int, pitch: Double) {
        let firstWhole = Int((list.scrollPosition / pitch).rounded(.up))
        let anchor = firstWhole == slot ? firstWhole + 1 : firstWhole
        guard anchor < list.level.rowCount else { return }
        list.scrollTo(rowPosition: anchor)
    }

    private func showFloating(id: Int64, index: Int) {
        guard let slot = list.boundRows[id].flatMap({ gtk_widget_get_parent($0.root) }) else { return }
        let row = RowWidget(backViews: list.backViews)
        row.show(list.level.content(ofRowAt: index, drawnAt: index, of: list.level.rowCount), id: id)
        Widgets.addClass(row.root, "lifted")
        gtk_widget_set_size_request(row.root, gtk_widget_get_width(slot), gtk_widget_get_height(slot))
        flick_slide_box_set_scale(flick_slide_box_from_widget(row.root), tuning.liftScale)
        gtk_fixed_put(cast(layer), row.root, 0, 0)
        floating = row
    }

    /// Moves the copy to `y` of `source` (and `x` of the layer, or the list's left edge).
    private func place(atY y: Double, of source: UnsafeMutablePointer<GtkWidget>?, x: Double?) {
        guard let floating, let to = convert(x: 0, y: y, from: source, to: layer) else { return }
        gtk_fixed_move(cast(layer), floating.root, x ?? to.x, to.y)
    }

    // MARK: Auto-scroll

    private func startTicking() {
        guard !ticker.isRunning else { return }
        ticker.start { [unowned self] time in
            self.apply(self.hands.liftFrame(at: time, viewportHeight: Double(gtk_widget_get_height(self.list.listView))))
            return self.hands.lift.needsFrames
        }
    }

    /// Scrolls the list by `distance`, kept within its range; the row keeps to the pointer.
    private func scrollList(by distance: Double) {
        guard let adjustment = list.verticalAdjustment else { return }
        let value = gtk_adjustment_get_value(adjustment) + distance
        let highest = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        gtk_adjustment_set_value(adjustment, min(max(value, gtk_adjustment_get_lower(adjustment)), highest))
        apply(hands.liftScrolled(to: list.scrollPosition))
    }
}
