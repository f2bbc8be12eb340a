import Foundation

/// Reads a priority and tags from the end of a title as it is typed: "Buy milk
/// tomorrow !high #errands #home" is "Buy milk tomorrow", of high priority, tagged errands and
/// home. A date phrase left at the end ("tomorrow") is `QuickDateParser`'s, which runs on the
/// title this one leaves.
///
/// Only the words at the very end count, taken from the end while each is a mark, so a title
/// that merely contains "#1" or "!" ("Read #1 on the list", "Wow! high time") is left alone.
/// A mark is:
/// - a tag: "#" and a name of letters and numbers, with "-", "_", "/" and "." allowed between
///   them ("#home-office", "#2024.taxes"). The name needs a letter: "Call #3" or "Room #101" is
///   a number in a title, not a tag.
/// - a priority: "!" and a priority word of the language or of English (`QuickMarksWords`),
///   or one digit 1 to 9, iCalendar's own number ("!1" highest, "!9" lowest). "!0" (iCalendar's
///   "none") and anything else is not a mark and ends the run of marks.
/// Tags keep the order they were typed in, cleaned as `ItemTags` cleans them (the same tag
/// twice, in any case, is kept once, as first typed); of two priorities the last typed wins, as
/// a correction typed after the first. The title left must not be empty: "#home" alone is a
/// title, not a tag on nothing.
public struct QuickMarksParser: Sendable {
    public let words: QuickMarksWords
    /// The iCalendar priority of every accepted word, folded: the language's, then English's.
    private let priorities: [String: Int]

    public init(words: QuickMarksWords) {
        self.words = words
        var priorities: [String: Int] = [:]
        for said in [words, .english] {
            for (level, levelWords) in [(ItemPriority.high, said.high), (.medium, said.medium), (.low, said.low)] {
                for word in levelWords where priorities[TitleWords.folded(word)] == nil {
                    priorities[TitleWords.folded(word)] = level.icalendarValue
                }
            }
        }
        self.priorities = priorities
    }

    /// The title without its trailing marks and what they say, or nil if it ends in none (or
    /// would be empty without them).
    public func parse(_ title: String) -> QuickMarks? {
        let tokens = TitleWords.ranges(in: title)
        var start = tokens.count
        var priority: Int?
        var tagsFromTheEnd: [String] = []
        while start > 0 {
            let word = title[tokens[start - 1]]
            if let tag = Self.tag(word) {
                tagsFromTheEnd.append(tag)
            } else if let said = self.priority(word) {
                priority = priority ?? said  // Read from the end: the first found was typed last.
            } else {
                break
            }
            start -= 1
        }
        guard start < tokens.count, start > 0 else { return nil }
        let remaining = title[..<tokens[start].lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        guard !remaining.isEmpty else { return nil }
        return QuickMarks(title: remaining, priority: priority, tags: ItemTags.cleaned(tagsFromTheEnd.reversed()))
    }

    // MARK: Marks

    /// The tag's name without its "#", if the word is a tag.
    private static func tag(_ word: Substring) -> String? {
        guard word.first == "#" else { return nil }
        let name = word.dropFirst()
        guard let first = name.first, let last = name.last, isLetterOrNumber(first), isLetterOrNumber(last),
              name.allSatisfy({ isLetterOrNumber($0) || "-_/.".contains($0) }),
              name.contains(where: \.isLetter) else { return nil }
        return String(name)
    }

    private static func isLetterOrNumber(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// The iCalendar priority the word gives, if it is a priority mark.
    private func priority(_ word: Substring) -> Int? {
        guard word.first == "!" else { return nil }
        let said = word.dropFirst()
        if said.count == 1, let digit = said.first, digit.isASCII, let value = digit.wholeNumberValue {
            return (1...9).contains(value) ? value : nil
        }
        // "!HIGH" is "!high" and "!Niédrig" "!niedrig"; unlike a date, a mark keeps a trailing
        // comma: "!high," is text.
        return priorities[TitleWords.folded(String(said))]
    }
}
