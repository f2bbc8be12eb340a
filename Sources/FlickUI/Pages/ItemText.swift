import Foundation

/// Rules for item titles typed or pasted by the user.
enum ItemText {
    /// Longer titles are cut: a row shows one line, and a pasted document is not an item.
    static let maximumLength = 1000

    /// The title to store: one line, trimmed, control characters removed, length capped.
    static func normalised(_ text: String) -> String {
        let oneLine = text.unicodeScalars.map { scalar -> String in
            if scalar == "\n" || scalar == "\r" || scalar == "\t" { return " " }
            return scalar.properties.generalCategory == .control ? "" : String(scalar)
        }.joined()
        let trimmed = oneLine.trimmingCharacters(in: .whitespaces)
        return String(trimmed.prefix(maximumLength))
    }
}
