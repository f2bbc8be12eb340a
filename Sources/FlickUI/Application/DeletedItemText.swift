import FlickCore
import Foundation

/// Recently Deleted as the command line prints it (`flick --deleted`), in the style of
/// `flick --list`: one entry a line, its title, then its list, when and how it went.
/// `Pay rent  (Home, deleted 27 Nov 2026, 18:05, with 2 subtasks)`.
enum DeletedItemText {
    static func lines(_ entries: [DeletedItem]) -> String {
        entries.map { line($0) + "\n" }.joined()
    }

    static func line(_ entry: DeletedItem) -> String {
        entry.title + "  (" + details(entry) + ")"
    }

    /// Its list, when and how it went, and its subtasks: "Home, deleted 27 Nov 2026, 18:05".
    static func details(_ entry: DeletedItem) -> String {
        var notes = [entry.listName, how(entry)]
        if entry.subtaskCount > 0 {
            notes.append(trPlural("with {count} subtask", "with {count} subtasks", entry.subtaskCount,
                                  ["count": countText(entry.subtaskCount)]))
        }
        return notes.joined(separator: ", ")
    }

    /// When and how it went: by the user, by the server, or with its list.
    private static func how(_ entry: DeletedItem) -> String {
        let when = time(entry.deletedAt)
        switch entry.reason {
        case .user: return tr("deleted {when}", ["when": when])
        case .sync: return tr("removed on the server {when}", ["when": when])
        case .list: return tr("deleted with its list {when}", ["when": when])
        }
    }

    /// The date and time in the user's locale and zone.
    private static func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        return formatter.string(from: date)
    }
}
