import Foundation

/// The heat map's colours in one of Flick's styles: each row's background is its hue at this
/// saturation and lightness, under text of one colour. Every style keeps the text at 4.5:1 or
/// more against every hue (WCAG AA), high contrast at 7:1 or more (AAA): HeatMapPaletteTests
/// computes it from these numbers, which are the ones the style sheet draws.
struct HeatMapPalette {
    /// The CSS class of the window that selects this palette (nil: the plain light one).
    var windowClasses: [String]
    var saturation: Double
    var lightness: Double
    var text: RGB

    struct RGB: Equatable {
        var red: Int, green: Int, blue: Int

        var css: String { "rgb(\(red), \(green), \(blue))" }

        /// WCAG 2's relative luminance.
        var luminance: Double {
            func linear(_ channel: Int) -> Double {
                let value = Double(channel) / 255
                return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055).pow(2.4)
            }
            return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        }

        /// WCAG 2's contrast ratio between two colours, 1 to 21.
        func contrast(with other: RGB) -> Double {
            let (lighter, darker) = (max(luminance, other.luminance), min(luminance, other.luminance))
            return (lighter + 0.05) / (darker + 0.05)
        }
    }

    static let light = HeatMapPalette(windowClasses: [], saturation: 0.85, lightness: 0.62, text: RGB(red: 0x1C, green: 0x1C, blue: 0x1C))
    static let dark = HeatMapPalette(windowClasses: ["dark"], saturation: 0.62, lightness: 0.30, text: RGB(red: 0xF6, green: 0xF6, blue: 0xF6))
    static let highContrast = HeatMapPalette(windowClasses: ["high-contrast"], saturation: 0.90, lightness: 0.80,
                                             text: RGB(red: 0, green: 0, blue: 0))
    static let highContrastDark = HeatMapPalette(windowClasses: ["dark", "high-contrast"], saturation: 0.70, lightness: 0.18,
                                                 text: RGB(red: 0xFF, green: 0xFF, blue: 0xFF))
    /// In the order the style sheet lists them: a later rule wins where both match.
    static let all = [light, dark, highContrast, highContrastDark]

    /// The palette drawn in a dark look or not, in high contrast or not.
    static func drawn(dark: Bool, highContrast: Bool) -> HeatMapPalette {
        switch (dark, highContrast) {
        case (false, false): Self.light
        case (true, false): Self.dark
        case (false, true): Self.highContrast
        case (true, true): Self.highContrastDark
        }
    }

    /// The background of a row of `hue` degrees (CSS's hsl(), rounded to whole channels).
    func background(hue: Double) -> RGB {
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let sector = hue / 60
        let second = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (red, green, blue): (Double, Double, Double) = switch sector {
        case ..<1: (chroma, second, 0)
        case ..<2: (second, chroma, 0)
        case ..<3: (0, chroma, second)
        case ..<4: (0, second, chroma)
        case ..<5: (second, 0, chroma)
        default: (chroma, 0, second)
        }
        let lift = lightness - chroma / 2
        func channel(_ value: Double) -> Int { Int(((value + lift) * 255).rounded()) }
        return RGB(red: channel(red), green: channel(green), blue: channel(blue))
    }

    /// The selector prefix that picks this palette: ".dark.high-contrast " and so on.
    var selectorPrefix: String {
        windowClasses.isEmpty ? "" : windowClasses.map { "." + $0 }.joined() + " "
    }
}

private extension Double {
    func pow(_ exponent: Double) -> Double { Foundation.pow(self, exponent) }
}
