import Foundation

/// A start date typed at the end of a title: a date after a start word, "Plan trip
/// from Monday", "Renovate starting next week", "Steuer ab morgen", "Voyage à partir de lundi",
/// "Viaje desde el lunes", "לצבוע ממחר". It is a day, without a time: "not before" is about
/// days (tasks.org's start date hides a task until its day). Read before the due date, each
/// phrase once (`QuickDates.apply`), so "Report from Monday by Friday" has both.
extension QuickDateParser {
    /// The title without its start phrase and the day it says, or nil if it ends in none.
    public func parseStart(_ title: String, now: Date) -> (title: String, start: DueDate)? {
        let tokens = TitleWords.ranges(in: title)
        let folded = tokens.map { Self.fold(String(title[$0])) }
        guard let (said, begin) = matchStart(folded) else { return nil }
        let remaining = title[..<tokens[begin].lowerBound].trimmingCharacters(in: .whitespaces)
        guard !remaining.isEmpty else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        guard let day = resolve(said, time: nil, now: now, calendar: calendar),
              let year = day.year, let month = day.month, let dayOfMonth = day.day else { return nil }
        return (remaining, DueDate(year: year, month: month, day: dayOfMonth))
    }

    /// The date said at the end with a start word before it, and where the phrase begins.
    private func matchStart(_ folded: [String]) -> (SaidDate, Int)? {
        if let found = matchConnectedStart(folded) { return found }
        return matchPrefixedStart(folded)
    }

    /// "from Monday", "starting on Monday": the date, its own connector, then a start word.
    private func matchConnectedStart(_ folded: [String]) -> (SaidDate, Int)? {
        var end = folded.count
        guard let said = matchDate(folded, end: &end) else { return nil }
        let length = Self.phraseLength(in: folded, end: end, among: words.startConnectors)
        return length > 0 ? (said, end - length) : nil
    }

    /// A date whose first word carries a start prefix ("ממחר", "מיום שני"), a start word
    /// before it allowed ("החל ממחר").
    private func matchPrefixedStart(_ folded: [String]) -> (SaidDate, Int)? {
        for first in stride(from: folded.count - 1, through: max(0, folded.count - 4), by: -1) {
            let word = folded[first]
            for prefix in words.startPrefixes where word.hasPrefix(prefix) && word.count > prefix.count {
                var unprefixed = folded
                unprefixed[first] = String(word.dropFirst(prefix.count))
                var end = unprefixed.count
                guard let said = matchDate(unprefixed, end: &end), end == first else { continue }
                return (said, first - Self.phraseLength(in: folded, end: first, among: words.startConnectors))
            }
        }
        return nil
    }
}

extension QuickDateParser {
    /// The date phrases at the end of `title`, the last one first: a start phrase, a due date
    /// phrase, or one of each ("Report from Monday by Friday", "Report by Friday from Monday").
    /// A start phrase is looked for first, else its date would be read as the due date with
    /// the start word left in the title ("Plan trip from").
    public func phrases(_ title: String, now: Date) -> [QuickDatePhrase] {
        var found: [QuickDatePhrase] = []
        var rest = title
        while found.count < 2 {
            let kinds = Set(found.map(\.kind))
            if let (left, start) = parseStart(rest, now: now) {
                // A second start phrase stays in the title, whole ("from Monday from Tuesday").
                guard !kinds.contains(.start) else { break }
                found.append(QuickDatePhrase(kind: .start, date: start, titleLeft: left))
            } else if !kinds.contains(.due), let (left, due) = parse(rest, now: now) {
                found.append(QuickDatePhrase(kind: .due, date: due, titleLeft: left))
            } else {
                break
            }
            rest = found[found.count - 1].titleLeft
        }
        return found
    }
}
