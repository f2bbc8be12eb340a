/// Tags as the user types them in one line: separated by commas, a comma inside a tag written
/// `\,` (a tag from another program may hold one: CATEGORIES escapes it the same way).
public enum TagsText {
    /// The line for these tags: "work, Q4\, late".
    public static func line(_ tags: [String]) -> String {
        tags.map { $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ",", with: "\\,") }
            .joined(separator: ", ")
    }

    /// The tags of a typed line, cleaned (`ItemTags.cleaned`).
    public static func tags(_ line: String) -> [String] {
        ItemTags.cleaned(pieces(line).map(\.text))
    }

    /// The line's pieces, unescaped, each with where it starts in the line; the last one is
    /// what is being typed.
    public static func pieces(_ line: String) -> [(text: String, start: String.Index)] {
        var pieces: [(text: String, start: String.Index)] = []
        var current = ""
        var start = line.startIndex
        var escaping = false
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if escaping {
                current.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "," {
                pieces.append((current, start))
                current = ""
                start = line.index(after: index)
            } else {
                current.append(character)
            }
            index = line.index(after: index)
        }
        pieces.append((current, start))
        return pieces
    }
}
