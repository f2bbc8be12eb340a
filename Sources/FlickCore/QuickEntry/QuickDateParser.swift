import Foundation

/// Reads a due date from the end of a title as it is typed: "Pay rent tomorrow",
/// "Call mum fri 18:00", "Report 24/12". The phrase is taken off the title; what remains must
/// not be empty. Weekdays mean the next one (today's weekday means a week from today), "next
/// week" its Monday, a numeric date this year or, once past, next year, a time alone today or,
/// once past, tomorrow. Dates are in the locale's order; times in 24-hour or am/pm form.
public struct QuickDateParser: Sendable {
    public enum DateOrder: Sendable {
        case dayMonth
        case monthDay
    }

    public let words: QuickDateWords
    public let order: DateOrder
    public let timeZone: TimeZone

    public init(words: QuickDateWords, order: DateOrder, timeZone: TimeZone = .current) {
        self.words = words
        self.order = order
        self.timeZone = timeZone
    }

    /// The title without its date phrase and the date it says, or nil if it ends in none.
    public func parse(_ title: String, now: Date) -> (title: String, due: DueDate)? {
        let tokens = TitleWords.ranges(in: title)
        var end = tokens.count
        let folded = tokens.map { Self.fold(String(title[$0])) }

        let time = matchTime(folded, end: &end)
        let date = matchDate(folded, end: &end)
        guard time != nil || date != nil, end > 0 else { return nil }
        let remaining = title[..<tokens[end].lowerBound].trimmingCharacters(in: .whitespaces)
        guard !remaining.isEmpty else { return nil }

        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        guard let day = resolve(date, time: time, now: now, calendar: calendar) else { return nil }
        let due = DueDate(year: day.year!, month: day.month!, day: day.day!, hour: time?.hour, minute: time?.minute,
                          timeZone: timeZone.identifier)
        return (remaining, due)
    }

    // MARK: Matching from the end

    enum SaidDate {
        case today, tomorrow, nextWeek
        case weekday(Int)
        case numeric(day: Int, month: Int, year: Int?)
    }

    private func matchTime(_ folded: [String], end: inout Int) -> (hour: Int, minute: Int)? {
        guard end >= 1 else { return nil }
        var time: (hour: Int, minute: Int)?
        var used = 0
        if end >= 2, let meridiem = Self.meridiem(folded[end - 1]), let clock = Self.clock(folded[end - 2]),
           clock.meridiem == nil, let hour = Self.hour(clock.hour, meridiem: meridiem) {
            (time, used) = ((hour, clock.minute), 2)
        } else if end >= 2, words.timeSuffixes.contains(folded[end - 1]), let clock = Self.clock(folded[end - 2]),
                  clock.meridiem == nil, clock.hour < 24 {
            (time, used) = ((clock.hour, clock.minute), 2)
        } else if let clock = Self.clock(folded[end - 1]), clock.isClearlyATime {
            let hour = clock.meridiem.map { Self.hour(clock.hour, meridiem: $0) } ?? (clock.hour < 24 ? clock.hour : nil)
            if let hour { (time, used) = ((hour, clock.minute), 1) }
        }
        guard let time else { return nil }
        end -= used
        end -= Self.phraseLength(in: folded, end: end, among: words.timeConnectors)
        return time
    }

    func matchDate(_ folded: [String], end: inout Int) -> SaidDate? {
        guard end >= 1 else { return nil }
        for length in stride(from: min(4, end), through: 1, by: -1) {
            let phrase = folded[(end - length)..<end].joined(separator: " ")
            if let said = namedDate(phrase) {
                end -= length
                end -= Self.phraseLength(in: folded, end: end, among: words.dateConnectors)
                return said
            }
        }
        if let numeric = numericDate(folded[end - 1]) {
            end -= 1
            end -= Self.phraseLength(in: folded, end: end, among: words.dateConnectors)
            return numeric
        }
        return nil
    }

    private func namedDate(_ phrase: String) -> SaidDate? {
        if words.today.contains(phrase) { return .today }
        if words.tomorrow.contains(phrase) { return .tomorrow }
        if words.nextWeek.contains(phrase) { return .nextWeek }
        if let index = words.weekdays.firstIndex(where: { $0.contains(phrase) }) { return .weekday(index + 1) }
        return nil
    }

    /// "24/12", "24.12.", "24/12/2026", "24.12.26", "2026-12-24"; day and month in `order`.
    private func numericDate(_ token: String) -> SaidDate? {
        let parts = token.split(whereSeparator: { "/.-".contains($0) }).map(String.init)
        let numbers = parts.compactMap { part in part.allSatisfy(\.isASCII) ? Int(part) : nil }
        guard (2...3).contains(parts.count), numbers.count == parts.count else { return nil }
        if parts.count == 3, parts[0].count == 4 {
            return .numeric(day: numbers[2], month: numbers[1], year: numbers[0])
        }
        let (day, month) = order == .dayMonth ? (numbers[0], numbers[1]) : (numbers[1], numbers[0])
        var year: Int?
        if parts.count == 3 {
            guard [2, 4].contains(parts[2].count) else { return nil }
            year = parts[2].count == 2 ? 2000 + numbers[2] : numbers[2]
        }
        return .numeric(day: day, month: month, year: year)
    }

    // MARK: Resolving against today

    func resolve(_ date: SaidDate?, time: (hour: Int, minute: Int)?, now: Date,
                         calendar: Calendar) -> DateComponents? {
        let today = calendar.startOfDay(for: now)
        func day(after days: Int) -> DateComponents? {
            calendar.date(byAdding: .day, value: days, to: today).map { calendar.dateComponents([.year, .month, .day], from: $0) }
        }
        let weekday = calendar.component(.weekday, from: today)
        switch date {
        case .today?:
            return day(after: 0)
        case .tomorrow?:
            return day(after: 1)
        case .nextWeek?:
            let ahead = (2 - weekday + 7) % 7
            return day(after: ahead == 0 ? 7 : ahead)
        case let .weekday(target)?:
            let ahead = (target - weekday + 7) % 7
            return day(after: ahead == 0 ? 7 : ahead)
        case let .numeric(dayOfMonth, month, year?)?:
            guard Self.validDate(year: year, month: month, day: dayOfMonth, calendar: calendar) != nil else { return nil }
            return DateComponents(year: year, month: month, day: dayOfMonth)
        case let .numeric(dayOfMonth, month, nil)?:
            // The next time that date comes: this year, or a later one (29 February: up to four on).
            let thisYear = calendar.component(.year, from: today)
            let year = (thisYear...(thisYear + 4)).first { year in
                Self.validDate(year: year, month: month, day: dayOfMonth, calendar: calendar).map { $0 >= today } ?? false
            }
            return year.map { DateComponents(year: $0, month: month, day: dayOfMonth) }
        case nil:
            // A time alone: today, or tomorrow once it has passed.
            guard let time else { return nil }
            let nowParts = calendar.dateComponents([.hour, .minute], from: now)
            let passed = (time.hour, time.minute) <= (nowParts.hour ?? 0, nowParts.minute ?? 0)
            return day(after: passed ? 1 : 0)
        }
    }

    private static func validDate(year: Int, month: Int, day: Int, calendar: Calendar) -> Date? {
        guard (1...12).contains(month), (1...31).contains(day),
              let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
              calendar.component(.day, from: date) == day else { return nil }
        return date
    }

    // MARK: Words

    /// `TitleWords.folded`, with typographic apostrophes plain and a trailing comma gone.
    static func fold(_ word: String) -> String {
        var folded = TitleWords.folded(word)
        folded = folded.replacingOccurrences(of: "\u{2019}", with: "'")
        while let last = folded.last, ",;".contains(last) { folded.removeLast() }
        return folded
    }

    /// How many of the words before `end` form one of `phrases` (0 if none).
    static func phraseLength(in folded: [String], end: Int, among phrases: [String]) -> Int {
        for phrase in phrases {
            let length = phrase.split(separator: " ").count
            guard length <= end else { continue }
            if folded[(end - length)..<end].joined(separator: " ") == phrase { return length }
        }
        return 0
    }

    private struct Clock {
        var hour: Int
        var minute: Int
        var meridiem: String?
        /// A colon, an "h" or am/pm: a bare number ("Buy 5") is not a time.
        var isClearlyATime: Bool
    }

    /// "18:00", "6:30", "18h", "18h30", "6pm", "6:30pm", with a Hebrew "ב" in front allowed.
    private static func clock(_ word: String) -> Clock? {
        var text = Substring(word)
        for prefix in ["ב־", "ב-", "ב"] where text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
            break
        }
        var meridiem: String?
        for suffix in ["am", "pm", "a.m.", "p.m."] where text.hasSuffix(suffix) {
            meridiem = String(suffix.prefix(1))
            text = text.dropLast(suffix.count)
            break
        }
        let separator = text.firstIndex(where: { $0 == ":" || $0 == "h" || $0 == "." })
        let hourText = separator.map { text[..<$0] } ?? text
        let minuteText = separator.map { text[text.index(after: $0)...] } ?? ""
        guard (1...2).contains(hourText.count), hourText.allSatisfy(\.isASCII), let hour = Int(hourText),
              minuteText.isEmpty || (minuteText.count == 2 && minuteText.allSatisfy(\.isASCII)) else { return nil }
        let minute = minuteText.isEmpty ? 0 : Int(minuteText) ?? -1
        guard (0...59).contains(minute) else { return nil }
        // "18.00" is a time only with a suffix ("18.00 Uhr"); alone it may be a date.
        let dotted = separator.map { text[$0] == "." } ?? false
        let clear = meridiem != nil || (separator != nil && !dotted)
        return Clock(hour: hour, minute: minute, meridiem: meridiem, isClearlyATime: clear)
    }

    private static func meridiem(_ word: String) -> String? {
        ["am": "a", "a.m.": "a", "pm": "p", "p.m.": "p"][word]
    }

    /// An am/pm hour on the 24-hour clock: 12am is midnight, 12pm noon.
    private static func hour(_ hour: Int, meridiem: String) -> Int? {
        guard (1...12).contains(hour) else { return nil }
        return meridiem == "a" ? hour % 12 : hour % 12 + 12
    }
}
