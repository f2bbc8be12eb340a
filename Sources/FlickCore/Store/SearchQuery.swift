import Foundation

/// What the user typed in the search field: an FTS5 MATCH expression for its words, and the
/// tags it asks for.
///
/// Every typed word is searched literally: each is put in double quotes, so that nothing the
/// user types (`"`, `*`, `-`, `^`, `:`, parentheses, NEAR, AND, OR, NOT, column names) is ever
/// FTS5 syntax, and a query can never fail to parse. Quoted words side by side must all match
/// (FTS5's implicit AND). The last word is a prefix, because the search runs as the user types
/// and that word is usually unfinished; the words before it were ended with a space, so they
/// match whole words only.
///
/// A word that starts with "#" and has a letter after it ("#home") asks for a tag instead: the
/// item must have that tag (see `ItemSearch`), and as the last word, a tag that starts with it.
/// A letter is needed, as when a tag is typed at the end of a title (`QuickMarksParser`), so
/// that "#3" still searches for the number 3 in titles and notes.
public struct SearchQuery: Sendable, Equatable {
    /// The MATCH expression of the words that are not tags, e.g. `"buy" "mil"*` for `buy mil`;
    /// nil when every word is a tag.
    public let expression: String?
    /// The tags asked for, without their "#", as typed and in the order typed.
    public let tags: [String]
    /// Whether the last tag is the last word typed, so matches tags that start with it.
    public let lastTagIsPrefix: Bool

    /// Nil when there is nothing to search for: no words, or only punctuation.
    public init?(_ text: String) {
        let words = text.split(whereSeparator: Self.separatesWords)
        guard let last = words.last else { return nil }
        var phrases: [String] = []
        var tags: [String] = []
        for (index, word) in words.enumerated() {
            let isLast = index == words.count - 1
            if let tag = Self.tag(word) {
                tags.append(tag)
            } else if Self.isSearchable(word) {
                // The prefix mark belongs to the word the user is typing: when that one is only
                // punctuation, it is left out and the words before it stay whole words.
                phrases.append(Self.quoted(word) + (isLast ? "*" : ""))
            }
        }
        guard !phrases.isEmpty || !tags.isEmpty else { return nil }
        expression = phrases.isEmpty ? nil : phrases.joined(separator: " ")
        self.tags = tags
        lastTagIsPrefix = Self.tag(last) != nil
    }

    /// The tag a word asks for: what follows its "#", if that has a letter.
    private static func tag(_ word: Substring) -> String? {
        guard word.first == "#" else { return nil }
        let name = word.dropFirst()
        return name.contains(where: \.isLetter) ? String(name) : nil
    }

    /// Splits on white space, and on control characters too: FTS5 reads the expression as a C
    /// string, so a NUL inside a quoted word would cut the quote short and fail the parse.
    private static func separatesWords(_ character: Character) -> Bool {
        character.isWhitespace || character.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// In double quotes, with any double quote inside doubled (FTS5's own escape), so the
    /// tokenizer alone decides what the word means.
    private static func quoted(_ word: Substring) -> String {
        "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Whether the unicode61 tokenizer keeps anything of the word: it indexes letters, numbers
    /// and private-use characters (its default categories L*, N* and Co) and treats everything
    /// else as a separator. A word of punctuation alone (`-`, `"`, `(`) would be an empty
    /// phrase, which FTS5 treats as matching nothing when it stands alone; it is left out, so
    /// typing `milk -` still finds milk. (Where this check and SQLite's older Unicode tables
    /// disagree, FTS5 drops an empty phrase from an implicit AND, so the other words still count.)
    private static func isSearchable(_ word: Substring) -> Bool {
        word.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .letterNumber, .otherNumber, .privateUse:
                return true
            default:
                return false
            }
        }
    }
}
