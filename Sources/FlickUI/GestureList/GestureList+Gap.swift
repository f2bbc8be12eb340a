@preconcurrency import CGtk
import FlickInteraction

/// The pinch's gap between two rows, and the scrolling it needs.
extension GestureList {
    /// Opens (or resizes) the gap between rows for the pinch placeholder.
    func showGap(_ gap: PinchGap) {
        guard !isDestroyed else { return }
        guard !listGuard.isInside else {
            listGuard.whenOutside { [weak self] in self?.showGap(gap) }
            return
        }
        model.showPlaceholder(.gap, at: gap.boundaryIndex)
        showPlaceholder(gap)
        if gapScrollBase == nil { gapScrollBase = scrollPosition }
        scroll(to: gapScrollBase! + gap.rowShift)
    }

    func hideGap() {
        guard !isDestroyed else { return }
        guard !listGuard.isInside else {
            listGuard.whenOutside { [weak self] in self?.hideGap() }
            return
        }
        if model.gapPosition != nil { model.hidePlaceholder() }
        placeholderRow = nil
        if let base = gapScrollBase { scroll(to: base) }
        gapScrollBase = nil
    }

    func showPlaceholder(_ gap: PinchGap) {
        placeholderRow?.showPlaceholder(gap, words: words, position: gap.boundaryIndex, count: level.rowCount)
    }

    var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment>? {
        gtk_scrollable_get_vadjustment(OpaquePointer(listView))
    }

    /// Whether the list shows its first row's top.
    var isScrolledToTop: Bool {
        guard let adjustment = verticalAdjustment else { return true }
        return gtk_adjustment_get_value(adjustment) <= gtk_adjustment_get_lower(adjustment) + 1
    }

    /// Whether the list shows its last row's bottom (always, when it is shorter than the window).
    var isScrolledToEnd: Bool {
        guard let adjustment = verticalAdjustment else { return true }
        return gtk_adjustment_get_value(adjustment) + gtk_adjustment_get_page_size(adjustment)
            >= gtk_adjustment_get_upper(adjustment) - 1
    }

    /// Scrolls the list by `dy` pixels (down positive), as far as it goes: a touchpad scroll's
    /// first steps, held back while its axis was being decided, once it is vertical.
    func scrollBy(_ dy: Double) {
        guard let adjustment = verticalAdjustment else { return }
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + dy)
    }

    var scrollPosition: Double {
        verticalAdjustment.map { gtk_adjustment_get_value($0) } ?? 0
    }

    /// Scrolls the list; the adjustment clamps to what can be scrolled (a short list at its
    /// top cannot move, and then only the rows below the gap move).
    private func scroll(to value: Double) {
        guard let adjustment = verticalAdjustment else { return }
        isScrollingByItself = true
        // The gap row's new height is measured at the next layout; grow the range now so
        // the value is not clamped to the old one.
        let needed = value + gtk_adjustment_get_page_size(adjustment)
        if gtk_adjustment_get_upper(adjustment) < needed { gtk_adjustment_set_upper(adjustment, needed) }
        gtk_adjustment_set_value(adjustment, value)
        isScrollingByItself = false
    }
}
