import FlickCore
import Foundation

/// Todoist's CSV (a project's "Export as a template" / "Import from CSV", and the files of its
/// backups), as Todoist's help page "Format a CSV file to import into Todoist"
/// (todoist.com/help/articles/format-a-csv-file-to-import-into-todoist-UVUXTmm6) describes it
/// (fixture: tests/fixtures/arrivals/todoist): a header naming the columns TYPE, CONTENT,
/// DESCRIPTION, PRIORITY, INDENT, DATE…; rows of TYPE task, section or note.
///
/// A file is one project: its tasks go into a list named after the file. A task keeps its
/// content as title (its @labels become tags), description as notes, the comments (note rows
/// under it) after the description, INDENT as subtasks, and the section it is in as a tag.
/// PRIORITY as the help page gives it, 1 for p1 (highest) to 4 for p4 (none): in iCalendar's
/// terms 1 → 1, 2 → 5, 3 → 9, 4 → 0; an empty cell is no priority here (Todoist reads it as
/// p1, but an export always fills it). A DATE in ISO form ("2026-03-14", "2026-03-14 09:30") is
/// the due date, a time in the row's TIMEZONE; Todoist's own phrases ("every monday") are kept in the notes, not read. Todoist
/// exports no completed tasks and no ids: a task's UID is made from its content and its
/// parents', with how many same ones came before it.
enum TodoistCSV {
    static func lists(from data: Data, zone: TimeZone = .current) throws(ArrivalError) -> [ImportedList] {
        guard TodoTxtFile.isText(data) else { throw ArrivalError(.todoist, .notText) }
        var text = String(decoding: data, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let rows: [CSVRows.Row]
        do {
            rows = try CSVRows.rows(text)
        } catch {
            throw ArrivalError(.todoist, .unclosedQuote, line: error.line)
        }
        guard let header = rows.first, hasHeader(header.fields.joined(separator: ",")) else {
            throw ArrivalError(.todoist, .missing("TYPE,CONTENT"))
        }
        var reader = TodoistRowReader(columns: header.fields.map { $0.trimmingCharacters(in: .whitespaces).uppercased() },
                                      zone: zone)
        for row in rows.dropFirst() { try reader.read(row) }
        let items = reader.items
        return items.isEmpty ? [] : [ImportedList(name: nil, items: ArrivalTree.ordered(items))]
    }

    /// Whether `head` starts with Todoist's header ("TYPE,CONTENT", any case).
    static func hasHeader(_ head: String) -> Bool {
        var text = Substring(head)
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        return text.uppercased().hasPrefix("TYPE,CONTENT")
    }

    /// p1 (1) → 1, p2 → 5, p3 → 9, p4 (4) or nothing → 0.
    static func priority(_ text: String) -> Int {
        switch text.trimmingCharacters(in: .whitespaces) {
        case "1": 1
        case "2": 5
        case "3": 9
        default: 0
        }
    }
}
