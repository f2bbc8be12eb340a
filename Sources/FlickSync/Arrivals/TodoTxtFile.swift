import FlickCore
import Foundation

/// A todo.txt file (todo.txt, done.txt), as the format's README in todotxt/todo.txt describes
/// it (fixture: tests/fixtures/arrivals/todotxt): one task a line; "x " first for a completed
/// one, then its completion date and creation date; "(A) " first for a priority, then the
/// creation date; +project and @context words anywhere; key:value pairs.
///
/// A task's first +project is its list (those without one go to a list named after the file);
/// @contexts and further +projects are its tags; due:YYYY-MM-DD its due date, t:YYYY-MM-DD
/// (the threshold date of the common extension) its start; a completed task's pri:A (where
/// todo.txt tools move the priority on completion) its priority. These words leave the title;
/// everything else stays in it. Priority in iCalendar's terms (RFC 5545 §3.8.1.9, A1–C3 on
/// 1–9): (A) → 1, (B) → 5, (C) and below → 9. todo.txt has no ids: a task's UID is made from
/// its text (without the completion mark, dates and priority, also pri:, so a task completed
/// since the last import is updated, not added), with how many same texts came before it.
enum TodoTxtFile {
    static func lists(from data: Data, zone: TimeZone = .current) throws(ArrivalError) -> [ImportedList] {
        guard isText(data) else { throw ArrivalError(.todoTxt, .notText) }
        let text = String(decoding: data, as: UTF8.self)
        var seen: [String: Int] = [:]
        var lists: [(name: String?, items: [ImportedItem])] = []
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { continue }
            let task = TodoTxtLine(line)
            let identity = task.identity
            let repeats = seen[identity, default: 0]
            seen[identity] = repeats + 1
            let uid = DerivedUID.uid(for: "todo.txt\n\(identity)\n\(repeats)")
            guard let item = try task.item(uid: uid, zone: zone, line: index + 1) else { continue }
            if let at = lists.firstIndex(where: { $0.name == task.project }) {
                lists[at].items.append(item)
            } else {
                lists.append((task.project, [item]))
            }
        }
        return lists.map { ImportedList(name: $0.name, items: ArrivalTree.ordered($0.items)) }
    }

    /// UTF-8 text without NUL.
    static func isText(_ data: Data) -> Bool {
        !data.contains(0) && String(validating: data, as: UTF8.self) != nil
    }

    /// Text whose lines (the first 200 that are not blank), half of them at least, carry a
    /// todo.txt mark: a completion or priority first, a date first, a +project, @context or
    /// due: word. A letter or a note does not.
    static func looksLikeTodoTxt(_ data: Data) -> Bool {
        guard isText(data) else { return false }
        let lines = String(decoding: data.prefix(1 << 16), as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.prefix(200)
        guard !lines.isEmpty else { return false }
        let marked = lines.filter(TodoTxtLine.hasMark).count
        return marked * 2 >= lines.count
    }
}
