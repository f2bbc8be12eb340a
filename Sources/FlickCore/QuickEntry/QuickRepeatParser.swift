import Foundation

/// Reads how an item repeats from the end of a title as it is typed: "Water plants
/// every Friday" is "Water plants", weekly on Friday. The phrases, in each language's words
/// (`QuickRepeatWords`):
/// - a frequency alone: "daily", "every week", "monthly", "every year";
/// - every N of a unit: "every 2 weeks", "every other day", "alle 3 Monate", "כל שבועיים";
/// - every weekday named: "every Friday", "every Monday and Thursday", "tous les lundis et jeudis";
/// - Monday to Friday: "every weekday", "werktags", "entre semana";
/// - a monthly rule on a day of the month: "monthly on the 1st", "every 2 months on the 15th",
///   "on the 1st of every month", "el día 1 de cada mes";
/// - a weekly rule on weekdays: "every 2 weeks on Friday".
/// They are written as RFC 5545 writes them, as tasks.org and Thunderbird read them: BYDAY
/// with FREQ=WEEKLY, BYMONTHDAY with FREQ=MONTHLY.
///
/// Only a phrase that ends the title counts, and the longest one; the title left must not be
/// empty ("every Friday" alone is a title). A phrase inside a title ("Read Every Day Is a
/// Gift") is left alone. A date or time after the phrase ("every weekday 9:00") is
/// `QuickPlanParser`'s to read first.
public struct QuickRepeatParser: Sendable {
    public let words: QuickRepeatWords

    public init(words: QuickRepeatWords) {
        self.words = words
    }

    /// Phrases are short: none of the languages' needs more words than this.
    private static let longestPhrase = 9

    /// The title without its trailing repeat phrase and the rule it says, or nil if it ends in none.
    public func parse(_ title: String) -> (title: String, rule: RepeatRule)? {
        let tokens = TitleWords.ranges(in: title)
        let folded = tokens.map { QuickDateParser.fold(String(title[$0])) }
        guard tokens.count >= 2 else { return nil }
        for start in max(1, tokens.count - Self.longestPhrase)..<tokens.count {
            guard let rule = Phrase(words: words, folded: folded, start: start).rule() else { continue }
            let remaining = title[..<tokens[start].lowerBound].trimmingCharacters(in: .whitespaces)
            guard !remaining.isEmpty else { return nil }
            return (remaining, rule)
        }
        return nil
    }

    /// Whether the title ends in a word that begins a repeat phrase ("every", "jeden", "tous
    /// les"): what followed it was half of one.
    public func endsInEvery(_ title: String) -> Bool {
        let folded = TitleWords.ranges(in: title).map { QuickDateParser.fold(String(title[$0])) }
        return words.every.contains { phrase in
            let parts = phrase.split(separator: " ").map(String.init)
            return folded.count >= parts.count && Array(folded.suffix(parts.count)) == parts
        }
    }
}

/// One reading of the words from `start` to the end of a title as a repeat phrase: each method
/// reads one part of it forwards and answers where the part ends, or nil when it is not there.
private struct Phrase {
    let words: QuickRepeatWords
    let folded: [String]
    let start: Int

    var end: Int { folded.count }

    /// The rule the words say, if all of them, and nothing else, say one.
    func rule() -> RepeatRule? {
        if phrase(words.workdays, at: start) == end { return .weekdaysOnly }
        if let rule = frequencyAlone() ?? everyUnit() ?? everyWeekday() ?? monthDayFirst() { return rule }
        return nil
    }

    /// "daily", "monthly on the 1st".
    private func frequencyAlone() -> RepeatRule? {
        let said: [(RepeatRule.Frequency, [String])] = [(.daily, words.daily), (.weekly, words.weekly),
                                                        (.monthly, words.monthly), (.yearly, words.yearly)]
        for (frequency, phrases) in said {
            guard let next = phrase(phrases, at: start) else { continue }
            if let rule = ruleEnding(at: next, frequency: frequency, interval: 1) { return rule }
        }
        return nil
    }

    /// "every 2 weeks", "every other day", "every week on Friday", "every 3 months on the 1st".
    private func everyUnit() -> RepeatRule? {
        guard var next = phrase(words.every, at: start), next < end else { return nil }
        var interval = 1
        if let number = number(folded[next]) {
            interval = number
            next += 1
        }
        guard next < end else { return nil }
        if interval == 1, let frequency = words.twoOf[folded[next]] {
            return ruleEnding(at: next + 1, frequency: frequency, interval: 2)
        }
        let units: [(RepeatRule.Frequency, [String])] = [(.daily, words.days), (.weekly, words.weeks),
                                                         (.monthly, words.months), (.yearly, words.years)]
        guard let frequency = units.first(where: { $0.1.contains(folded[next]) })?.0 else { return nil }
        return ruleEnding(at: next + 1, frequency: frequency, interval: interval)
    }

    /// The rule once its frequency is read: nothing more, weekdays for a weekly one, a day of
    /// the month for a monthly one.
    private func ruleEnding(at next: Int, frequency: RepeatRule.Frequency, interval: Int) -> RepeatRule? {
        if next == end { return RepeatRule(frequency: frequency, interval: interval) }
        switch frequency {
        case .weekly:
            let listStart = phrase(words.onWeekday, at: next) ?? next
            guard let (days, after) = weekdayList(at: listStart), after == end else { return nil }
            return RepeatRule(frequency: .weekly, interval: interval, weekdays: days)
        case .monthly:
            guard let (day, after) = monthDay(at: next) else { return nil }
            let close = phrase(words.ofTheMonth, at: after) ?? after
            return close == end ? RepeatRule(frequency: .monthly, interval: interval, monthDays: [day]) : nil
        case .daily, .yearly:
            return nil
        }
    }

    /// "every Friday", "every Monday and Thursday".
    private func everyWeekday() -> RepeatRule? {
        guard let next = phrase(words.every, at: start), let (days, after) = weekdayList(at: next), after == end else {
            return nil
        }
        return RepeatRule(frequency: .weekly, weekdays: days)
    }

    /// "on the 1st of every month", "el día 1 de cada mes".
    private func monthDayFirst() -> RepeatRule? {
        guard let (day, after) = monthDay(at: start), let close = phrase(words.ofEveryMonth, at: after), close == end
        else { return nil }
        return RepeatRule(frequency: .monthly, monthDays: [day])
    }

    // MARK: Parts

    /// Weekdays one after another, joined by "and" (or Hebrew's "ו"), or by commas, which
    /// folding has taken off: "mon, wed and fri".
    private func weekdayList(at index: Int) -> (Set<Int>, Int)? {
        var days: Set<Int> = []
        var next = index
        while next < end, let (day, after) = weekday(at: next, prefixes: words.prefixes + (days.isEmpty ? [] : words.andPrefixes)) {
            days.insert(day)
            next = after
            if next < end, words.and.contains(folded[next]), weekday(at: next + 1, prefixes: words.prefixes) != nil {
                next += 1
            }
        }
        return days.isEmpty ? nil : (days, next)
    }

    /// A weekday's name (Calendar's number) at `index`, its first word perhaps with a prefix.
    private func weekday(at index: Int, prefixes: [String]) -> (Int, Int)? {
        guard index < end else { return nil }
        for (offset, names) in words.weekdays.enumerated() {
            for name in names {
                if let after = phrase([name], at: index, prefixes: prefixes) { return (offset + 1, after) }
            }
        }
        return nil
    }

    /// A day of the month: "on the 1st", "am 1.", "le 1er", "el día 15", "ב־1"; the connector
    /// may be left out only when the day has an ordinal's ending ("monthly 1st"), so that a
    /// number alone after a frequency is not taken for a day.
    private func monthDay(at index: Int) -> (Int, Int)? {
        let connected = phrase(words.onMonthDay, at: index)
        let position = connected ?? index
        guard position < end else { return nil }
        var token = Substring(folded[position])
        var prefixed = false
        for prefix in words.prefixes where token.hasPrefix(prefix) && token.count > prefix.count {
            token = token.dropFirst(prefix.count)
            prefixed = true
            break
        }
        let digits = token.prefix(while: { $0.isASCII && $0.isNumber })
        let ending = String(token.dropFirst(digits.count))
        guard (1...2).contains(digits.count), let day = Int(digits), (1...31).contains(day),
              ending.isEmpty || words.ordinalSuffixes.contains(ending),
              connected != nil || prefixed || !ending.isEmpty else { return nil }
        return (day, position + 1)
    }

    /// A number of units: digits (1 to 99) or a number word.
    private func number(_ word: String) -> Int? {
        if word.count <= 2, word.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(word), value >= 1 {
            return value
        }
        return words.numbers[word]
    }

    /// Where the first of `phrases` found at `index` ends, its first word perhaps with one of
    /// `prefixes` (Hebrew's "ב" of "ביום שישי"), or nil if none is there.
    private func phrase(_ phrases: [String], at index: Int, prefixes: [String] = []) -> Int? {
        for phrase in phrases {
            let parts = phrase.split(separator: " ").map(String.init)
            guard index + parts.count <= end else { continue }
            let first = folded[index]
            let firstMatches = first == parts[0] || prefixes.contains { first == $0 + parts[0] }
            if firstMatches, Array(folded[(index + 1)..<(index + parts.count)]) == Array(parts.dropFirst()) {
                return index + parts.count
            }
        }
        return nil
    }
}
