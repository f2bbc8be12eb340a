@preconcurrency import CGtk

/// Finding the row, the row's position or the boundary between rows under a point (list view
/// coordinates), for the gestures.
extension GestureList {
    /// The row widget at (x, y), if a stored row is there.
    func row(atX x: Double, y: Double) -> RowWidget? {
        var widget = gtk_widget_pick(listView, x, y, GTK_PICK_DEFAULT)
        while let current = widget, current != listView {
            if let row = rowWidget(withRoot: current) { return row.itemID == nil ? nil : row }
            widget = gtk_widget_get_parent(current)
        }
        return nil
    }

    /// Right-click: the menu of the row there.
    func openMenuOfRow(atX x: Double, y: Double) {
        guard let id = row(atX: x, y: y)?.itemID else { return }
        driver.openMenu(id, fromKeyboard: false)
    }

    /// The index of the row at `y`, and how far down that row `y` is (0…1).
    func rowPosition(atY y: Double) -> (index: Int, fraction: Double)? {
        let x = Double(gtk_widget_get_width(listView)) / 2
        guard let row = row(atX: x, y: y), let id = row.itemID, let index = level.rowIndex(of: id) else { return nil }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(row.root, listView, &bounds) != 0, bounds.size.height > 0 else {
            return (index, 0.5)
        }
        return (index, (y - Double(bounds.origin.y)) / Double(bounds.size.height))
    }

    /// The boundary between rows nearest to `y`: 0 is above the first row, the row count below
    /// the last.
    func boundary(nearY y: Double) -> Int {
        if let (index, fraction) = rowPosition(atY: y) {
            return fraction < 0.5 ? index : index + 1
        }
        // The 1 px rule under a row belongs to the list item, not to the row, so a y on it
        // (a touchpad pinch under Wayland lands at 113.99999 for 114) finds no row: it is the
        // boundary below the row just above.
        if let above = rowPosition(atY: y - 1) {
            return above.index + 1
        }
        return y <= 0 ? 0 : level.rowCount
    }

    /// Where the row of `id` is on screen, for a popover that points at it; the list's top
    /// middle when the row is not shown.
    func rectangle(ofRowOf id: Int64) -> GdkRectangle {
        var bounds = graphene_rect_t()
        if let row = boundRows[id], gtk_widget_compute_bounds(row.root, listView, &bounds) != 0 {
            return GdkRectangle(x: Int32(bounds.origin.x), y: Int32(bounds.origin.y),
                                width: Int32(bounds.size.width), height: Int32(bounds.size.height))
        }
        return GdkRectangle(x: gtk_widget_get_width(listView) / 2, y: 0, width: 1, height: 1)
    }
}
