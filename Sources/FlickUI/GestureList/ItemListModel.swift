@preconcurrency import CGtk
import FlickCore
import GestureShim

/// The GListModel behind the list view: the rows' ids as integers (`FlickRowIds`, 8 bytes a row,
/// nothing parsed on a bind) kept in step with the level, wrapped in a single selection whose
/// selected row is the focused item, itself wrapped in the view's selection model, whose selected
/// rows are the items chosen to act on together (`FlickRowSelection`). At most one placeholder
/// row (a pinch's gap, or a new item being typed) sits among the items, under an id no stored
/// row has.
@MainActor
final class ItemListModel {
    let ids: OpaquePointer
    /// The focus: its selected row is the focused item.
    let selection: OpaquePointer
    /// What the list view is given: the focus's rows, selected where chosen (`choose`); on
    /// GTK 4.8 the focus itself (`viewSelectsChosenRows`).
    let viewModel: OpaquePointer
    /// The placeholder row and its position in the list view, if there is one.
    private(set) var placeholder: (kind: PlaceholderRow, position: Int)?

    /// The ids of a long list's rows past its first screen, not yet in the model. GTK 4.8's list
    /// view makes, binds and styles a widget for each of up to 205 rows from the top as soon as
    /// it has a model, though a window shows a screenful: at 1,000 items most of a start's cost
    /// over a plain list. The first frame needs only the rows it shows; the rest
    /// come in after it (`showEveryRow`).
    private var rowsHeldBack: ArraySlice<Int64> = []

    /// The selection holds its own reference to the ids, and the view model to both; whoever
    /// shows the model takes the view model's first reference or releases it
    /// (`gtk_list_view_set_model` takes its own). Rows past the first `shownFirst` are held back
    /// until `showEveryRow()`.
    init(ids rowIDs: [Int64], shownFirst: Int = .max) {
        ids = flick_row_ids_new()
        selection = gtk_single_selection_new(g_object_ref(UnsafeMutableRawPointer(ids)).map(OpaquePointer.init))
        if Self.viewSelectsChosenRows {
            viewModel = flick_row_selection_new(selection, ids)
            g_object_unref(UnsafeMutableRawPointer(selection))
        } else {
            viewModel = selection
        }
        replace(at: 0, removing: 0, with: Array(rowIDs.prefix(shownFirst)))
        rowsHeldBack = rowIDs.dropFirst(shownFirst)
    }

    /// Whether rows past the first screen wait to be put in.
    var holdsRowsBack: Bool { !rowsHeldBack.isEmpty }

    /// Puts in the rows held back, after the ones shown. Everything that changes the rows or
    /// asks where one is does this first, so that the model and the level agree again before
    /// any position is used.
    func showEveryRow() {
        showMoreRows(rowsHeldBack.count)
    }

    /// Puts in up to `count` of the rows held back, after the ones shown.
    func showMoreRows(_ count: Int) {
        guard holdsRowsBack else { return }
        let next = rowsHeldBack.prefix(count)
        rowsHeldBack = rowsHeldBack.dropFirst(next.count)
        replace(at: shownRowCount, removing: 0, with: Array(next))
    }

    /// How many rows GTK has, held-back rows not counted and not put in.
    var shownRowCount: Int { Int(g_list_model_get_n_items(ids)) }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(ids))
    }

    /// Where the pinch's gap row is, while a pinch holds it open.
    var gapPosition: Int? {
        placeholder?.kind == .gap ? placeholder?.position : nil
    }

    /// The selected row's position among the items (a placeholder row not counted), if any.
    var selectedPosition: Int? {
        let position = gtk_single_selection_get_selected(selection)
        guard position != GTK_INVALID_LIST_POSITION else { return nil }
        if let placeholder, Int(position) >= placeholder.position {
            return Int(position) == placeholder.position ? nil : Int(position) - 1
        }
        return Int(position)
    }

    /// The list view position of the item at `index` of the document.
    /// (Held-back rows change nothing here: they are the last, and no placeholder is shown while
    /// rows are held back. A row's bind asks, so it must not put them in.)
    func rowPosition(ofItemAt index: Int) -> Int {
        guard let placeholder, index >= placeholder.position else { return index }
        return index + 1
    }

    /// The index in the document of the item at list view `position` (nil for the placeholder).
    func itemIndex(atRowPosition position: Int) -> Int? {
        guard let placeholder, position >= placeholder.position else { return position }
        return position == placeholder.position ? nil : position - 1
    }

    func select(_ index: Int) {
        // A row already shown is selected where it is (no placeholder is shown while rows are
        // held back): the first row of a page just opened must not bring in the rows held back,
        // and with them GTK's 200 row widgets, before the page's first frame.
        if index >= shownRowCount { showEveryRow() }
        gtk_single_selection_set_selected(selection, guint(rowPosition(ofItemAt: index)))
    }

    /// Whether the view's selection model is the chosen rows (`FlickRowSelection`), built
    /// against GTK 4.12 or later. On GTK 4.8 it is the focus itself: there Orca 43 follows the
    /// focus through the list's selection, and with the chosen rows as the selection it said
    /// nothing of the row Shift+Down went to, and "not selected" in place of the row a closed
    /// menu gave the focus back to (test_orca, Debian 12).
    static let viewSelectsChosenRows = flickBuiltGtkMinor >= 12

    /// The items chosen to act on together, which the view shows and says are selected (on
    /// GTK 4.8 the rows say it themselves: `RowWidget.sayWhetherSelected`).
    func choose(_ chosen: Set<Int64>) {
        guard Self.viewSelectsChosenRows else { return }
        let chosenIDs = Array(chosen)
        chosenIDs.withUnsafeBufferPointer { flick_row_selection_choose(viewModel, $0.baseAddress, guint($0.count)) }
    }

    func selectPlaceholder() {
        if let placeholder { gtk_single_selection_set_selected(selection, guint(placeholder.position)) }
    }

    /// Shows a placeholder row at `position` (a boundary between items), in place of any other.
    func showPlaceholder(_ kind: PlaceholderRow, at position: Int) {
        showEveryRow()
        if let placeholder, placeholder.kind == kind, placeholder.position == position { return }
        hidePlaceholder()
        // Recorded first: the list view may bind the new row during the splice (it does when
        // the list was empty), and the bind asks where the placeholder is.
        placeholder = (kind, position)
        replace(at: position, removing: 0, with: [kind.rawValue])
    }

    func hidePlaceholder() {
        guard let position = placeholder?.position else { return }
        placeholder = nil
        replace(at: position, removing: 1, with: [])
    }

    /// Follows the changes of one write to the document, one splice per run of them, or, when
    /// there are many, at most three merged around `held`, the places of the rows that have
    /// widgets (`ModelSplice.forWrite`). A placeholder row goes first: positions in `changes`
    /// are the document's. `storingNewRow`: the write stores the new row's item in its place.
    func apply(_ changes: [ListChange], held: ClosedRange<Int>?, storingNewRow: Bool = false,
               rowID: (Int) -> Int64?) {
        showEveryRow()
        if storingNewRow, let stored = selectedNewRowStored(by: changes, rowID: rowID) {
            return storeSelectedNewRow(stored)
        }
        hidePlaceholder()
        for splice in ModelSplice.forWrite(changes, rowCount: rowCount, held: held) {
            replaceKeepingSelection(at: splice.position, removing: splice.removing, with: splice.insertedIDs(rowID))
        }
    }

    /// The id of the item a write stores in the place of the selected new row, if that is all
    /// it does (one insertion where the new row is).
    private func selectedNewRowStored(by changes: [ListChange], rowID: (Int) -> Int64?) -> Int64? {
        guard let placeholder, placeholder.kind == .newItem, changes == [.inserted(at: placeholder.position)],
              gtk_single_selection_get_selected(selection) == guint(placeholder.position) else { return nil }
        return rowID(placeholder.position)
    }

    /// The new row gives way to its stored item, which takes the selection. GtkSingleSelection
    /// 4.8, when the selected row is taken out, selects the row after it and tells the list view
    /// that this row was taken out and put back too; the selection then moved on to the stored
    /// row. Taking out the new row cost more than putting the stored one in and its write
    /// together (timing marks, 10,000 items). With autoselect off for the moment, the selection
    /// goes from the new row straight to its item.
    private func storeSelectedNewRow(_ id: Int64) {
        guard let position = placeholder?.position else { return }
        gtk_single_selection_set_autoselect(selection, 0)
        hidePlaceholder()
        replace(at: position, removing: 0, with: [id])
        gtk_single_selection_set_selected(selection, guint(position))
        gtk_single_selection_set_autoselect(selection, 1)
    }

    /// When a splice takes out the selected row and puts it back (a merged one does, for a
    /// Clear Completed), GtkSingleSelection 4.8 looks for it among the rows the splice adds, one
    /// object asked for at a time, up to 8,500 made and dropped for a Clear of 10,000 items (a
    /// tenth of the splice's work when it looked through them all, callgrind). So the selection
    /// leaves the row first and comes back to it here, found by its id. A selected row the
    /// splice removes is left to GTK.
    private func replaceKeepingSelection(at position: Int, removing count: Int, with rowIDs: [Int64]) {
        let selected = gtk_single_selection_get_selected(selection)
        guard rowIDs.count > Self.fewRowsToLookThrough, selected != GTK_INVALID_LIST_POSITION,
              Int(selected) >= position, Int(selected) < position + count,
              let offset = rowIDs.firstIndex(of: flick_row_ids_get(ids, selected)) else {
            return replace(at: position, removing: count, with: rowIDs)
        }
        gtk_single_selection_set_selected(selection, GTK_INVALID_LIST_POSITION)
        replace(at: position, removing: count, with: rowIDs)
        gtk_single_selection_set_selected(selection, guint(position + offset))
    }

    /// Below this many rows added, GTK's own search is as cheap as going round it.
    private static let fewRowsToLookThrough = 64

    /// Moves a row of the list view without a change of the document (a lifted row making
    /// its way); whoever does it moves it back before the document changes.
    func moveRow(from: Int, to: Int) {
        showEveryRow()
        guard from != to, placeholder == nil, from < rowCount else { return }
        let id = flick_row_ids_get(ids, guint(from))
        let wasSelected = Int(gtk_single_selection_get_selected(selection)) == from
        replace(at: from, removing: 1, with: [])
        replace(at: to, removing: 0, with: [id])
        if wasSelected { gtk_single_selection_set_selected(selection, guint(to)) }
    }

    /// Takes a row out of the list view without a change of the document (a row a lifted one
    /// carries along); whoever does it puts it back (`putBackRow`) before the
    /// document changes.
    func takeOutRow(at position: Int) {
        showEveryRow()
        guard placeholder == nil, position < rowCount else { return }
        replace(at: position, removing: 1, with: [])
    }

    func putBackRow(_ id: Int64, at position: Int) {
        guard placeholder == nil, position <= rowCount else { return }
        replace(at: position, removing: 0, with: [id])
    }

    /// How many rows the list view shows, a placeholder counted.
    var rowCount: Int {
        showEveryRow()
        return shownRowCount
    }

    /// The stored id a row object stands for; nil for a placeholder row.
    nonisolated static func id(of object: UnsafeMutableRawPointer) -> Int64? {
        let id = flick_row_ids_id_of(object)
        return PlaceholderRow(rawValue: id) == nil ? id : nil
    }

    nonisolated static func placeholderKind(of object: UnsafeMutableRawPointer) -> PlaceholderRow? {
        PlaceholderRow(rawValue: flick_row_ids_id_of(object))
    }

    private func replace(at position: Int, removing count: Int, with rowIDs: [Int64]) {
        rowIDs.withUnsafeBufferPointer { additions in
            flick_row_ids_splice(ids, guint(position), guint(count), additions.baseAddress, guint(additions.count))
        }
    }
}
