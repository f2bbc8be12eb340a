import FlickCore
import Foundation

/// A list as `flick --list` prints it: one item a line, `[ ] open` or `[x] completed`, then its
/// due date (and, on Today, its list) in brackets when it has one.
enum ListText {
    static func lines(_ items: [TodoItem], listNames: [Int64: String]? = nil, now: Date = Date()) -> String {
        items.map { item in
            var line = "[\(item.isCompleted ? "x" : " ")] \(item.title)"
            var notes: [String] = []
            if let listNames, let name = listNames[item.listID] { notes.append(name) }
            if let due = item.due { notes.append(tr("due {date}", ["date": DueChip.label(for: due, now: now).text])) }
            if !notes.isEmpty { line += "  (" + notes.joined(separator: ", ") + ")" }
            return line + "\n"
        }.joined()
    }
}
