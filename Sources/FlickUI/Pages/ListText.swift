import FlickCore
import Foundation

/// A list as `flick --list` prints it: one item a line, `[ ] open` or `[x] completed`, then its
/// list (on Today), its start date while it waits for it and its due date, in
/// brackets when it has any.
enum ListText {
    static func lines(_ items: [TodoItem], listNames: [Int64: String]? = nil, now: Date = Date()) -> String {
        let today = DueDate.dayNumber(of: now, in: .current)
        return items.map { item in
            var line = "[\(item.isCompleted ? "x" : " ")] \(item.title)"
            var notes: [String] = []
            if let listNames, let name = listNames[item.listID] { notes.append(name) }
            if item.waitsForStart(on: today), let start = item.startsOn {
                notes.append(tr("starts {date}", ["date": DueChip.label(for: start, now: now).text]))
            }
            if let due = item.due { notes.append(tr("due {date}", ["date": DueChip.label(for: due, now: now).text])) }
            if !notes.isEmpty { line += "  (" + notes.joined(separator: ", ") + ")" }
            return line + "\n"
        }.joined()
    }
}
