import Foundation

/// An item's tags (iCalendar CATEGORIES) as the database keeps them: one per line, in their
/// order, NULL for none (SchemaV8). A tag is one line of text without surrounding spaces; the
/// same tag twice, in any case, is kept once.
public enum ItemTags {
    /// The tags cleaned: spaces around each trimmed, line breaks made spaces, empty ones and
    /// repeats (compared without case) left out, the first spelling kept.
    public static func cleaned(_ tags: [String]) -> [String] {
        var seen: Set<String> = []
        var kept: [String] = []
        for tag in tags {
            let line = tag.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, seen.insert(line.lowercased()).inserted else { continue }
            kept.append(line)
        }
        return kept
    }

    /// The column's text for these tags.
    public static func stored(_ tags: [String]) -> String? {
        let kept = cleaned(tags)
        return kept.isEmpty ? nil : kept.joined(separator: "\n")
    }

    /// The tags of the column's text.
    public static func tags(stored text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        return text.split(separator: "\n").map(String.init)
    }
}
