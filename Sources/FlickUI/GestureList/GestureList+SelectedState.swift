@preconcurrency import CGtk

/// What screen readers hear of the selection: an items list says several rows may
/// be selected, and each row says whether it is one of them (`RowWidget.sayWhetherSelected`).
extension GestureList {
    /// Whether the list tells screen readers that several of its rows may be selected: true on
    /// an items list, false on the overview and Upcoming, which select none.
    func setMultiSelectable(_ multiSelectable: Bool) {
        AccessibleSelection.setMultiSelectable(listView, multiSelectable)
    }

    /// The items chosen to act on together: the view's selection model says these rows are
    /// selected, so GTK sets their list items' SELECTED state and AT-SPI's Selection interface
    /// counts them (not the focused row, GTK's single selection here).
    func choose(_ ids: Set<Int64>) {
        chosenIDs = ids
        model.choose(ids)
    }

    /// GTK 4.8's list item sets its SELECTED state from the list's single selection, the focused
    /// row here, after the row was shown: moving the focus to a row outside the selection made
    /// it say "selected", and moving it off a selected row made that one say it was not. The
    /// row says its own state again once GTK is done (an idle after the change, before the
    /// screen reader asks: its questions come in at a lower priority). A list item GTK tore
    /// down meanwhile (a change that made the rows again) has no row any more, and is passed
    /// over: its widgets are gone.
    func keepRowSaysSelected(_ listItem: OpaquePointer) {
        let waiting = !listItemsToSaySelectedAgain.isEmpty
        listItemsToSaySelectedAgain.append(listItem)
        guard !waiting else { return }
        MainLoop.soon { [weak self] in
            guard let self else { return }
            let listItems = listItemsToSaySelectedAgain
            listItemsToSaySelectedAgain = []
            for listItem in listItems { row(ofListItem: listItem)?.sayWhetherSelected() }
        }
    }
}
