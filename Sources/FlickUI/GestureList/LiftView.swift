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
/// the lists (`carryTarget`) and can be dropped on one of them. A selected row carries the
/// selection (`CarriedRows`): the other selected rows are taken out of the list view
/// while it is lifted, the copy wears their count, and the drop moves all of them at once.
@MainActor
final class LiftView {
    private unowned let list: GestureList
    /// The window's layer the lifted copy is drawn in.
    private let layer: UnsafeMutablePointer<GtkWidget>
    /// Who takes an item carried up to the lists; nil where there is no level above.
    weak var carryTarget: (any RowCarryTarget)?
    /// The lifted row's copy, while one is drawn.
    private var floating: RowWidget?
    /// The rows the lifted one carries along, while it is lifted (and through the effects of
    /// its release, which move them).
    private var carry: CarriedRows<Int64>?
    /// How many rows the copy stands for, drawn at its corner while it carries others.
    private var countBadge: UnsafeMutablePointer<GtkWidget>?
    private let tuning = InteractionTuning()

    init(list: GestureList, layer: UnsafeMutablePointer<GtkWidget>) {
        self.list = list
        self.layer = layer
    }

    private var hands: ListHands<Int64> { list.hands }

    var isLifted: Bool { hands.lift.isLifted }
    var liftedID: Int64? { hands.lift.liftedID }

    /// The lift of row `id`, pressed at (x, y) of the list view, measured once the rows it
    /// carries along are out of the list view (the list scrolled to keep it under the hand);
    /// nil where the row has no slot to lift from (nothing is taken out then).
    func prepare(_ id: Int64, atX x: Double, y: Double) -> LiftStart<Int64>? {
        guard let index = list.level.rowIndex(of: id), let row = list.boundRows[id], let slot = gtk_widget_get_parent(row.root)
        else { return nil }
        let carry = carriedRows(lifting: id, at: index)
        let pitch = Double(gtk_widget_get_height(slot))
        takeOut(carry, pitch: pitch)
        return LiftStart(carry: carry, rowCount: list.level.rowCount, pitch: pitch, pointer: pointer(atX: x, y: y),
                         carryArea: carryArea)
    }

    /// The row and the selection's other rows it takes along (none when it is not selected).
    private func carriedRows(lifting id: Int64, at index: Int) -> CarriedRows<Int64> {
        let others = list.level.carriedAlong(with: id).compactMap { other in
            list.level.rowIndex(of: other).map { CarriedRows<Int64>.Place(id: other, index: $0) }
        }
        return CarriedRows(lifting: id, at: index, with: others)
    }

    /// The other rows leave the list view, and Orca hears how many the hand holds. The list
    /// scrolls up by the rows that went from above the lifted one, as far as it can, so that
    /// the row stays under the hand and the lift's content coordinates are the list's without
    /// them.
    private func takeOut(_ carry: CarriedRows<Int64>, pitch: Double) {
        self.carry = carry
        guard carry.isMany else { return }
        for place in carry.placesToTakeOut { list.model.takeOutRow(at: place) }
        keepUnderTheHand(rowsAbove: carry.lifted.index - carry.liftedIndex, pitch: pitch)
        Announcer.say(trPlural("Carrying {count} item", "Carrying {count} items", carry.ids.count,
                               ["count": String(carry.ids.count)]), from: list.listView)
    }

    /// Scrolls up by the rows that left from above the lifted one, as far as the list scrolls:
    /// the row stays under the hand. At the top of a list (or of one shorter than its window)
    /// nothing scrolls, and the row closes up with the list, the copy above the hand by as many
    /// rows; it follows the hand from there. The value is clamped here: at the top of a short
    /// list, an unclamped one drew the lifted copy a row below its slot.
    private func keepUnderTheHand(rowsAbove: Int, pitch: Double) {
        guard rowsAbove > 0, let adjustment = list.verticalAdjustment else { return }
        let lowest = gtk_adjustment_get_lower(adjustment)
        let highest = max(gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment), lowest)
        let value = gtk_adjustment_get_value(adjustment)
        let wanted = min(max(value - Double(rowsAbove) * pitch, lowest), highest)
        guard wanted != value else { return }
        // A scroll closes open rows and with them the pending drag of the press lifting the row:
        // the lift then began without the drag, which GTK let go of, and the drag's moves and
        // release never reached it (`CarriedSelectionPageTests`, scrolled).
        list.isScrollingByItself = true
        defer { list.isScrollingByItself = false }
        if GtkRuntime.listViewsPlaceByLastLayout {
            setWithoutMovingTheAnchor(adjustment, wanted)
        } else {
            gtk_adjustment_set_value(adjustment, wanted)
        }
    }

    /// Sets the value the lift reads at once, without the list view hearing it. A list view
    /// keeps the row it is anchored to in its place through rows taken out above it, by
    /// itself, at its next layout (GTK 4.8 and 4.18 alike). GTK 4.18 took the value set here
    /// as a scroll, and found the row at it by the last layout's places, where the two rows
    /// taken out still stood: it anchored the row two above, and the held row went 112 px
    /// below the hand (`CarriedSelectionPageTests`), the drop two rows off. GTK 4.8 finds the
    /// row among the rows as they are now, which is the row already anchored.
    private func setWithoutMovingTheAnchor(_ adjustment: UnsafeMutablePointer<GtkAdjustment>, _ value: Double) {
        let instance = UnsafeMutableRawPointer(adjustment)
        let listView = UnsafeMutableRawPointer(list.listView)
        let match = GSignalMatchType(rawValue: G_SIGNAL_MATCH_DATA.rawValue)
        g_signal_handlers_block_matched(instance, match, 0, 0, nil, nil, listView)
        gtk_adjustment_set_value(adjustment, value)
        g_signal_handlers_unblock_matched(instance, match, 0, 0, nil, nil, listView)
    }

    /// The other rows back in their places, before the level changes; the lift carries nothing
    /// from then on.
    func putBack() {
        defer { carry = nil }
        guard let carry, carry.isMany else { return }
        for place in carry.placesToPutBack { list.model.putBackRow(place.id, at: place.index) }
    }

    // MARK: What the lift needs to know

    /// The pointer at (x, y) of the list view, in every coordinate the lift needs.
    func pointer(atX x: Double, y: Double) -> LiftGesture<Int64>.Pointer {
        let window = convert(x: x, y: y, from: list.listView, to: windowRoot) ?? (x, y)
        return .init(listY: y, scroll: list.scrollPosition, windowX: window.x, windowY: window.y)
    }

    /// The pointer at (x, y) of the window, in every coordinate the lift needs; nil where the
    /// list is not in a window.
    func pointer(atWindowX x: Double, y: Double) -> LiftGesture<Int64>.Pointer? {
        guard let point = convert(x: x, y: y, from: windowRoot, to: list.listView) else { return nil }
        return pointer(atX: point.x, y: point.y)
    }

    /// The list's viewport height, which the lift's auto-scroll measures against.
    var viewportHeight: Double { Double(gtk_widget_get_height(list.listView)) }

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
    }

    private func apply(_ effect: LiftGesture<Int64>.Effect) {
        switch effect {
        case .list, .scroll:
            // The rows' effects and the list's scroll are the driver's (`InteractionDriver.apply`).
            break
        case let .lifted(id, index):
            showFloating(id: id, index: index)
            list.boundRows[id]?.setLifted(true)
        case let .moveSlot(from, to, pitch):
            anchorList(awayFrom: from, pitch: pitch)
            list.model.moveRow(from: from, to: to)
        case let .placeInList(top):
            place(atY: top - list.scrollPosition, of: list.listView, x: nil)
        case let .placeCarried(top):
            place(atY: top, of: windowRoot, x: 0)
        case .carriedUp:
            carryTarget?.carryUp()
        case let .ended(id):
            if let floating { gtk_fixed_remove(cast(layer), floating.root) }
            if let countBadge { gtk_fixed_remove(cast(layer), countBadge) }
            floating = nil
            countBadge = nil
            putBack()
            list.boundRows[id]?.setLifted(false)
        case let .move(id, to):
            list.level.moveRow(id, to: to)
        case let .moveCarried(ids, to, lifted):
            list.level.moveRows(ids, togetherTo: to)
            list.focus(lifted)
        case let .focus(id):
            list.focus(id)
        case let .heldStill(id):
            list.focus(id)
            list.level.heldStill(id)
        case let .dropCarried(id, x, y):
            if carryTarget?.dropCarried(id, atWindowX: x, y: y) != true { carryTarget?.carryCancelled() }
        case .carryCancelled:
            carryTarget?.carryCancelled()
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
        // The list view's count: rows carried along are out of it.
        guard anchor < list.model.rowCount else { return }
        list.scrollTo(rowPosition: anchor)
    }

    private func showFloating(id: Int64, index: Int) {
        guard let slot = list.boundRows[id].flatMap({ gtk_widget_get_parent($0.root) }) else { return }
        let row = RowWidget(backViews: list.backViews)
        // `index` is the lift's, in the list without the rows carried along: the level's differs.
        let levelIndex = list.level.rowIndex(of: id) ?? index
        row.show(list.level.content(ofRowAt: levelIndex, drawnAt: levelIndex, of: list.level.rowCount), id: id)
        Widgets.addClass(row.root, "lifted")
        gtk_widget_set_size_request(row.root, gtk_widget_get_width(slot), gtk_widget_get_height(slot))
        flick_slide_box_set_scale(flick_slide_box_from_widget(row.root), tuning.liftScale)
        gtk_fixed_put(cast(layer), row.root, 0, 0)
        floating = row
        if let carry, carry.isMany {
            Widgets.addClass(row.root, "carrying-many")
            showCountBadge(carry.ids.count)
        }
    }

    /// The number of rows in hand, at the copy's trailing top corner: the others are out of
    /// the list, and this says where they went.
    private func showCountBadge(_ count: Int) {
        let badge = gtk_label_new(String(count))!
        Widgets.addClass(badge, "lift-count")
        gtk_widget_set_can_target(badge, 0)
        gtk_fixed_put(cast(layer), badge, 0, 0)
        countBadge = badge
    }

    /// Moves the copy to `y` of `source` (and `x` of the layer, or the list's left edge).
    private func place(atY y: Double, of source: UnsafeMutablePointer<GtkWidget>?, x: Double?) {
        guard let floating, let to = convert(x: 0, y: y, from: source, to: layer) else { return }
        gtk_fixed_move(cast(layer), floating.root, x ?? to.x, to.y)
        if let countBadge {
            let width = Double(gtk_widget_get_width(floating.root))
            gtk_fixed_move(cast(layer), countBadge, (x ?? to.x) + max(width - 40, 0), to.y - 8)
        }
    }
}
