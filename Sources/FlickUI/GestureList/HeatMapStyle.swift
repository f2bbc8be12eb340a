/// Clear's heat map: the top row warm red, rows below shading towards yellow. Colours come as
/// CSS classes (one per hue step) so that rows share a few style rules.
enum HeatMapStyle {
    /// Hue of the top row (red) and the furthest hue any row reaches (yellow), in degrees.
    static let topHue = 0.0
    static let bottomHue = 50.0
    /// The hues are spread over at least this many rows (DESIGN 2.7), so a short list is not
    /// already yellow at its third row.
    static let minimumSteps = 13
    /// Hue resolution of the generated classes, in degrees.
    static let stepDegrees = 2.0
    static var classCount: Int { Int((bottomHue - topHue) / stepDegrees) + 1 }

    /// The hue of the row at `position` of `count` coloured rows (the open ones).
    static func hue(position: Int, count: Int) -> Double {
        let steps = max(count, minimumSteps) - 1
        let step = (bottomHue - topHue) / Double(steps)
        return topHue + step * Double(min(max(position, 0), steps))
    }

    static func className(position: Int, count: Int) -> String {
        className(step: step(position: position, count: count))
    }

    /// The hue step of the row at `position` of `count`: rows on the same step share a class.
    static func step(position: Int, count: Int) -> Int {
        Int((hue(position: position, count: count) - topHue) / stepDegrees)
    }

    static func className(step: Int) -> String {
        "heat-\(step)"
    }

    /// Style rules for every heat class in `palette`'s colours, behind its window classes (the
    /// window gets `.dark` and `.high-contrast` as the desktop asks: `AppStyle.follow`, which
    /// loads the palette of the look in use, `AppStyle.loadStyleSheet`).
    static func css(for palette: HeatMapPalette) -> String {
        (0..<classCount).map { index -> String in
            let background = palette.background(hue: topHue + Double(index) * stepDegrees)
            return "\(palette.selectorPrefix).row-front.heat-\(index) { background-color: \(background.css); color: \(palette.text.css); }"
        }.joined(separator: "\n")
    }
}
