import Foundation

/// The words of a typed title, as the quick-entry parsers read them (`QuickDateParser`,
/// `QuickMarksParser`): what white space separates, compared without case or accents.
enum TitleWords {
    /// The title's words, as ranges of it, so that a parser can cut the words it read off the end.
    static func ranges(in title: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var start: String.Index?
        for index in title.indices {
            if title[index].isWhitespace {
                if let begun = start { ranges.append(begun..<index) }
                start = nil
            } else if start == nil {
                start = index
            }
        }
        if let begun = start { ranges.append(begun..<title.endIndex) }
        return ranges
    }

    /// Lower case and without accents: "Morgen" is "morgen", "!Niédrig" is "!niedrig".
    static func folded(_ word: String) -> String {
        word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
