import FlickCore
import Foundation

/// Reads Todoist CSV rows one after the other (see `TodoistCSV`): the section they are in, the
/// chain of parents by INDENT, and the task a note row belongs to.
struct TodoistRowReader {
    let columns: [String]
    let zone: TimeZone
    private(set) var items: [ImportedItem] = []
    private var section: String?
    /// The UID and content of the open task at each indent (1 first).
    private var parents: [(uid: String, content: String)] = []
    private var seen: [String: Int] = [:]

    init(columns: [String], zone: TimeZone) {
        self.columns = columns
        self.zone = zone
    }

    mutating func read(_ row: CSVRows.Row) throws(ArrivalError) {
        let columns = self.columns
        let field = { (name: String) -> String in
            guard let at = columns.firstIndex(of: name), at < row.fields.count else { return "" }
            return row.fields[at].trimmingCharacters(in: .whitespacesAndNewlines)
        }
        switch field("TYPE").lowercased() {
        case "task": try readTask(field, line: row.line)
        case "section":
            section = field("CONTENT").isEmpty ? nil : field("CONTENT")
            parents = []
        case "note": addNote(field("CONTENT"))
        default: break  // "meta" (the view style) and blank rows
        }
    }

    private mutating func readTask(_ field: (String) -> String, line: Int) throws(ArrivalError) {
        let content = field("CONTENT")
        let depth = min(max(Int(field("INDENT")) ?? 1, 1), parents.count + 1)
        parents = Array(parents.prefix(depth - 1))
        let path = (parents.map(\.content) + [content]).joined(separator: "\n")
        let repeats = seen[path, default: 0]
        seen[path] = repeats + 1
        let uid = DerivedUID.uid(for: "todoist\n\(section ?? "")\n\(path)\n\(repeats)")
        let (title, labels) = Self.titleAndLabels(content)
        var notes = field("DESCRIPTION")
        let dateText = field("DATE")
        var due: DueDate?
        if let date = ArrivalDate(dateText) {
            // A time is in the row's TIMEZONE, where Todoist wrote one Flick knows.
            due = date.dueDate(in: TimeZone(identifier: field("TIMEZONE")) ?? zone)
        } else if !dateText.isEmpty {
            notes = [notes, "Todoist date: " + dateText].filter { !$0.isEmpty }.joined(separator: "\n\n")
        }
        let item = ImportedItem(uid: uid, title: title, notes: notes, due: due, sortOrder: 0, ical: nil,
                                priority: TodoistCSV.priority(field("PRIORITY")),
                                tags: ItemTags.cleaned(labels + [section].compactMap { $0 }),
                                parentUID: parents.last?.uid)
        items.append(item)
        parents.append((uid, content))
    }

    /// A comment goes after the notes of the task above it.
    private mutating func addNote(_ text: String) {
        guard !text.isEmpty, !items.isEmpty else { return }
        let notes = items[items.count - 1].notes
        items[items.count - 1].notes = notes.isEmpty ? text : notes + "\n\n" + text
    }

    /// The content without its @labels, and the labels.
    static func titleAndLabels(_ content: String) -> (String, [String]) {
        var words: [Substring] = [], labels: [String] = []
        for word in content.split(separator: " ", omittingEmptySubsequences: false) {
            if word.count > 1, word.hasPrefix("@") { labels.append(String(word.dropFirst())) } else { words.append(word) }
        }
        let title = words.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        return (title.isEmpty ? content : title, labels)
    }
}
