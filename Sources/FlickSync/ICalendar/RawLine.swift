/// One content line exactly as it came: its physical lines (the original folding) joined by CRLF,
/// so a line Flick does not change is written back byte for byte.
struct RawLine: Sendable, Equatable {
    /// The physical lines without their line breaks, joined by CRLF.
    let text: String
    /// The 1-based number of its first physical line in the text it was read from; 0 for a line
    /// Flick wrote.
    let number: Int
    /// The property name, uppercased ("DUE", "X-APPLE-SORT-ORDER", "BEGIN").
    let name: String

    init(text: String, number: Int, name: String) {
        self.text = text
        self.number = number
        self.name = name
    }

    /// A line Flick writes: folded, with no line number.
    init(_ line: ContentLine) {
        self.init(text: line.foldedText, number: 0, name: line.name.uppercased())
    }

    /// The line split into name, parameters and value. The reader only keeps lines that split,
    /// so the fallback (the whole text as a value) is never reached for them.
    var content: ContentLine {
        let unfolded = LineFolding.unfold(text)
        return ContentLine(unfolded: unfolded) ?? ContentLine(name: name, value: String(unfolded))
    }

    /// For BEGIN and END lines: the component name, uppercased.
    var componentName: String { content.value.uppercased() }

    func isBegin(_ component: String) -> Bool { name == "BEGIN" && componentName == component }
    func isEnd(_ component: String) -> Bool { name == "END" && componentName == component }
}
