import FlickCore
import Foundation

/// One line of a todo.txt file taken apart (see `TodoTxtFile` for the rules followed).
struct TodoTxtLine {
    var isCompleted = false
    var completedOn: String?
    var createdOn: String?
    var priority: Character?
    /// The text after the completion mark, dates and priority.
    var description = ""
    /// The description without a pri: word, which todo.txt tools add on completion: what the
    /// UID is made from, so that completing a task keeps its UID.
    var identity: String {
        description.split(separator: " ").filter { !($0.hasPrefix("pri:") && $0.count == 5) }.joined(separator: " ")
    }
    /// The first +project, without its "+".
    var project: String?

    init(_ line: String) {
        var words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        if words.first == "x" {
            isCompleted = true
            words.removeFirst()
            if let date = words.first, Self.isDate(date) {
                completedOn = date
                words.removeFirst()
            }
        } else if let first = words.first, let letter = Self.priorityLetter(first) {
            priority = letter
            words.removeFirst()
        }
        if let date = words.first, Self.isDate(date) {
            createdOn = date
            words.removeFirst()
        }
        description = words.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        project = description.split(separator: " ").first { $0.count > 1 && $0.hasPrefix("+") }.map { String($0.dropFirst()) }
    }

    /// The item, or nil for a line with no text after its marks.
    func item(uid: String, zone: TimeZone, line: Int) throws(ArrivalError) -> ImportedItem? {
        guard !description.isEmpty else { return nil }
        var title: [Substring] = [], tags: [String] = []
        var due: String?, start: String?, completedPriority: Character?
        var projectTaken = false
        for word in description.split(separator: " ") {
            if word.count > 1, word.hasPrefix("+") {
                if projectTaken { tags.append(String(word.dropFirst())) }
                projectTaken = true
            } else if word.count > 1, word.hasPrefix("@") {
                tags.append(String(word.dropFirst()))
            } else if word.hasPrefix("due:"), Self.isDate(String(word.dropFirst(4))) {
                due = String(word.dropFirst(4))
            } else if word.hasPrefix("t:"), Self.isDate(String(word.dropFirst(2))) {
                start = String(word.dropFirst(2))
            } else if word.hasPrefix("pri:"), word.count == 5, let letter = Self.priorityLetter("(\(word.last!))") {
                completedPriority = letter
            } else {
                title.append(word)
            }
        }
        let text = title.isEmpty ? description : title.joined(separator: " ")
        return ImportedItem(
            uid: uid, title: text, isCompleted: isCompleted,
            completedAt: ArrivalDate.instant(completedOn, zone: zone),
            due: try Self.date(due, line: line, zone: zone), createdAt: ArrivalDate.instant(createdOn, zone: zone),
            sortOrder: 0, ical: nil, priority: Self.priority(priority ?? completedPriority),
            tags: ItemTags.cleaned(tags), start: try Self.date(start, line: line, zone: zone))
    }

    private static func date(_ text: String?, line: Int, zone: TimeZone) throws(ArrivalError) -> DueDate? {
        do {
            return try ArrivalDate.due(text, field: "due", .todoTxt, zone: zone)
        } catch {
            throw ArrivalError(.todoTxt, error.kind, line: line)
        }
    }

    /// (A) → 1, (B) → 5, (C) to (Z) → 9: iCalendar's high, medium and low.
    static func priority(_ letter: Character?) -> Int {
        switch letter {
        case nil: 0
        case "A": 1
        case "B": 5
        default: 9
        }
    }

    /// "(A)" to "(Z)": the letter.
    static func priorityLetter(_ word: String) -> Character? {
        guard word.count == 3, word.first == "(", word.last == ")" else { return nil }
        let letter = word[word.index(after: word.startIndex)]
        return letter.isASCII && letter.isUppercase ? letter : nil
    }

    /// YYYY-MM-DD.
    static func isDate(_ word: String) -> Bool {
        word.utf8.count == 10 && ArrivalDate(word).map { !$0.hasTime } == true && word.contains("-")
    }

    /// Whether a line carries a todo.txt mark (for telling a todo.txt from other text).
    static func hasMark(_ line: String) -> Bool {
        let parsed = TodoTxtLine(line)
        if parsed.isCompleted || parsed.priority != nil || parsed.createdOn != nil { return true }
        return line.split(separator: " ").contains { word in
            (word.count > 1 && (word.hasPrefix("+") || word.hasPrefix("@"))) || word.hasPrefix("due:")
        }
    }
}
