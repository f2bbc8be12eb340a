@preconcurrency import CGtk

/// A long list's first frame shows only the rows that fit on the tallest screen; the others
/// come into the model once a frame has shown rows (`ItemListModel.showEveryRow`).
extension GestureList {
    /// Rows enough to fill the tallest monitor at the rows' least height, and a few more for
    /// the header's share of the window given back when maximized.
    static var firstScreenRows: Int {
        let tallest = tallestMonitorHeight ?? fallbackScreenHeight
        return tallest / AppStyle.rowHeight + extraFirstScreenRows
    }

    private static let fallbackScreenHeight = 2160
    private static let extraFirstScreenRows = 4

    private static var tallestMonitorHeight: Int? {
        guard let display = gdk_display_get_default(), let monitors = gdk_display_get_monitors(display) else { return nil }
        var tallest: Int?
        for index in 0..<g_list_model_get_n_items(monitors) {
            guard let monitor = g_list_model_get_item(monitors, index) else { continue }
            var geometry = GdkRectangle()
            gdk_monitor_get_geometry(OpaquePointer(monitor), &geometry)
            tallest = max(tallest ?? 0, Int(geometry.height))
            g_object_unref(monitor)
        }
        return tallest
    }

    /// Puts in the rows held back once the list view has painted a frame with rows, a few
    /// rows a frame: GTK makes a widget for each row put in up to the 210 it keeps from the top,
    /// and all of them in one frame took longer than a frame (`make bench`'s scrolling had a
    /// frame over 25 ms each run). Past those, the rest cost no widgets and go in at once.
    /// Started when the list is shown and when a new model is given to a shown list; a list not
    /// on screen keeps them back until it is shown or asked about them.
    func showEveryRowAfterAFrameWithRows() {
        guard model.holdsRowsBack, gtk_widget_get_mapped(listView) != 0, !firstScreenTicker.isRunning else { return }
        // Rows mapped at a frame's start are laid out and painted by that frame (they are mapped
        // with the window, before its first frame), so the rest wait for the next one.
        var framesStartedWithRows = 0
        firstScreenTicker.start { [weak self] _ in
            guard let self, self.model.holdsRowsBack, gtk_widget_get_mapped(self.listView) != 0 else { return false }
            if self.hasMappedRow { framesStartedWithRows += 1 }
            guard framesStartedWithRows >= 2 else { return true }
            let shown = self.model.shownRowCount
            self.model.showMoreRows(shown >= Self.rowsWithWidgets ? .max : Self.rowsPerFrame)
            return self.model.holdsRowsBack
        }
    }

    /// GTK 4.8's GtkListView keeps widgets for 200 rows and 5 on each side of them.
    static let rowsWithWidgets = 210
    /// Rows put in a frame while they still get widgets. 32 were 3 to 13 ms of a frame's work
    /// here (`FLICK_BENCH_FRAMES` on 10,000 items, the frames after the first, on a busy
    /// machine); half that leaves the frames room.
    private static let rowsPerFrame = 16
}
