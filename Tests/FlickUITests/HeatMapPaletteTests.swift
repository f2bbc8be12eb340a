import XCTest
@testable import FlickUI

/// The heat map's text reads against every row's colour in every style (WCAG 2: 4.5:1 for
/// text, 7:1 in high contrast), computed from the colours the style sheet draws.
final class HeatMapPaletteTests: XCTestCase {
    private func lowestContrast(_ palette: HeatMapPalette) -> Double {
        (0..<HeatMapStyle.classCount).map { index in
            palette.background(hue: HeatMapStyle.topHue + Double(index) * HeatMapStyle.stepDegrees).contrast(with: palette.text)
        }.min()!
    }

    func testEveryStyleKeepsTheTextReadable() {
        XCTAssertGreaterThanOrEqual(lowestContrast(.light), 4.5)
        XCTAssertGreaterThanOrEqual(lowestContrast(.dark), 4.5)
        XCTAssertGreaterThanOrEqual(lowestContrast(.highContrast), 7)
        XCTAssertGreaterThanOrEqual(lowestContrast(.highContrastDark), 7)
    }

    func testTheBackgroundIsCSSsHSL() {
        // hsl(0, 85%, 62%) and hsl(50, 62%, 30%), as a browser rounds them.
        XCTAssertEqual(HeatMapPalette.light.background(hue: 0), .init(red: 240, green: 76, blue: 76))
        XCTAssertEqual(HeatMapPalette.dark.background(hue: 50), .init(red: 124, green: 108, blue: 29))
        XCTAssertEqual(HeatMapPalette.RGB(red: 0, green: 0, blue: 0).contrast(with: .init(red: 255, green: 255, blue: 255)), 21, accuracy: 0.001)
    }

    func testTheStyleSheetDrawsThesePalettes() {
        let light = HeatMapStyle.css(for: .light)
        XCTAssertTrue(light.contains(".row-front.heat-0 { background-color: rgb(240, 76, 76); color: rgb(28, 28, 28); }"), light)
        XCTAssertTrue(HeatMapStyle.css(for: .highContrastDark).contains(".dark.high-contrast .row-front.heat-0 {"))
    }

    /// The style sheet holds the heat map of the look in use only (`AppStyle.loadStyleSheet`):
    /// GTK parses 26 rules of it at start, not 104.
    @MainActor
    func testTheStyleSheetHoldsTheHeatMapOfOneLook() {
        for (palette, prefix) in [(HeatMapPalette.light, ""), (.dark, ".dark "), (.highContrastDark, ".dark.high-contrast ")] {
            let css = AppStyle.css(heatMap: palette)
            XCTAssertEqual(css.components(separatedBy: ".row-front.heat-0 {").count - 1, 1, prefix)
            XCTAssertTrue(css.contains("\n\(prefix).row-front.heat-0 {"), prefix)
        }
        XCTAssertEqual(HeatMapPalette.drawn(dark: true, highContrast: false).windowClasses, ["dark"])
        XCTAssertEqual(HeatMapPalette.drawn(dark: false, highContrast: true).windowClasses, ["high-contrast"])
    }
}
