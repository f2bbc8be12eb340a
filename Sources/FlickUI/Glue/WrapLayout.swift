@preconcurrency import CGtk

/// Lays a box's children out as words are laid out in lines: each at its natural width, the
/// next on a new line once a line is full, `spacing` px apart both ways, and from the right in
/// a right-to-left language. GTK 4.8 has no such box, and GtkFlowBox is not one: it puts its
/// children in columns, which spread a shortcut's two keys over a whole row, and held to its
/// natural width it measured one line and placed two, over the next row (the phone's
/// shortcuts).
enum WrapLayout {
    static let spacing: Int32 = 6

    /// An empty box whose children, added with gtk_box_append, this layout places.
    static func box() -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        let layout = gtk_custom_layout_new(
            { _ in GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH },
            { widget, orientation, forSize, minimum, natural, _, _ in
                guard let widget else { return }
                let (least, most) = WrapLayout.measure(widget, orientation, forSize: forSize)
                minimum?.pointee = least
                natural?.pointee = most
            },
            { widget, width, _, _ in
                if let widget { WrapLayout.allocate(widget, width: width) }
            })
        gtk_widget_set_layout_manager(box, layout)
        return box
    }

    /// Wide enough for the widest child, naturally one line; as tall as the lines at `forSize`.
    private static func measure(_ widget: UnsafeMutablePointer<GtkWidget>, _ orientation: GtkOrientation,
                                forSize: Int32) -> (Int32, Int32) {
        let children = self.children(of: widget)
        if orientation == GTK_ORIENTATION_HORIZONTAL {
            let widths = children.map { size($0, GTK_ORIENTATION_HORIZONTAL, forSize: -1) }
            let natural = widths.map(\.natural).reduce(0, +) + spacing * Int32(max(children.count - 1, 0))
            return (widths.map(\.minimum).max() ?? 0, natural)
        }
        let height = lines(children, within: forSize < 0 ? .max : forSize).height
        return (height, height)
    }

    private static func allocate(_ widget: UnsafeMutablePointer<GtkWidget>, width: Int32) {
        let rightToLeft = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
        for var place in lines(children(of: widget), within: width).places {
            if rightToLeft { place.allocation.x = width - place.allocation.x - place.allocation.width }
            gtk_widget_size_allocate(place.child, &place.allocation, -1)
        }
    }

    private struct Place {
        var child: UnsafeMutablePointer<GtkWidget>
        var allocation: GtkAllocation
    }

    /// Where each child goes in lines `width` px wide, left to right, and their height. A
    /// child wider than the line has the line to itself, at the line's width.
    private static func lines(_ children: [UnsafeMutablePointer<GtkWidget>],
                              within width: Int32) -> (places: [Place], height: Int32) {
        var places: [Place] = []
        var line: [Place] = []
        var x: Int32 = 0
        var top: Int32 = 0
        func endLine() {
            let height = line.map(\.allocation.height).max() ?? 0
            places += line.map { place in
                var place = place
                place.allocation.y = top
                place.allocation.height = height  // The keys of a line stand on one base.
                return place
            }
            top += height + spacing
            line = []
            x = 0
        }
        for child in children {
            let childWidth = min(size(child, GTK_ORIENTATION_HORIZONTAL, forSize: -1).natural, width)
            if !line.isEmpty, x + childWidth > width { endLine() }
            let height = size(child, GTK_ORIENTATION_VERTICAL, forSize: childWidth).natural
            line.append(Place(child: child, allocation: GtkAllocation(x: x, y: 0, width: childWidth, height: height)))
            x += childWidth + spacing
        }
        if !line.isEmpty { endLine() }
        return (places, max(top - spacing, 0))
    }

    private static func size(_ child: UnsafeMutablePointer<GtkWidget>, _ orientation: GtkOrientation,
                             forSize: Int32) -> (minimum: Int32, natural: Int32) {
        var minimum: Int32 = 0
        var natural: Int32 = 0
        gtk_widget_measure(child, orientation, forSize, &minimum, &natural, nil, nil)
        return (minimum, natural)
    }

    /// The children that take space: the visible ones.
    private static func children(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var children: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if gtk_widget_should_layout(current) != 0 { children.append(current) }
            child = gtk_widget_get_next_sibling(current)
        }
        return children
    }
}
