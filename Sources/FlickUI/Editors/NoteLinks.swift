/// Finds the web and mail addresses in notes, as ranges of Unicode scalar offsets (GTK's text
/// offsets count characters as code points).
enum NoteLinks {
    private static let schemes = ["https://", "http://", "mailto:"]
    /// Punctuation that ends a sentence rather than an address ("see https://x.org.").
    private static let trailing: Set<Unicode.Scalar> = [".", ",", ";", ":", "!", "?", ")", "]", "'", "\""]

    static func ranges(in text: String) -> [Range<Int>] {
        let scalars = Array(text.unicodeScalars)
        var found: [Range<Int>] = []
        var index = 0
        while index < scalars.count {
            guard let scheme = schemeLength(scalars, at: index) else {
                index += 1
                continue
            }
            var end = index
            while end < scalars.count, !scalars[end].properties.isWhitespace, !"<>".unicodeScalars.contains(scalars[end]) {
                end += 1
            }
            while end > index, trailing.contains(scalars[end - 1]) { end -= 1 }
            // A scheme with nothing after it is no address.
            if end > index + scheme { found.append(index..<end) }
            index = max(end, index + 1)
        }
        return found
    }

    /// The length of the scheme an address starts with at `index` (at a word's start), if any.
    private static func schemeLength(_ scalars: [Unicode.Scalar], at index: Int) -> Int? {
        guard index == 0 || scalars[index - 1].properties.isWhitespace || "(<[\"'".unicodeScalars.contains(scalars[index - 1])
        else { return nil }
        let scheme = schemes.first { scheme in
            let wanted = Array(scheme.unicodeScalars)
            guard index + wanted.count < scalars.count else { return false }
            return zip(wanted, scalars[index..<index + wanted.count]).allSatisfy {
                String($0.0).lowercased() == String($0.1).lowercased()
            }
        }
        return scheme.map { $0.unicodeScalars.count }
    }
}
