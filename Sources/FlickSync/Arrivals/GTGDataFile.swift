import FlickCore
import Foundation

/// Getting Things GNOME's data file (~/.local/share/gtg/gtg_data.xml, and its backups
/// gtg_data.xml.bak.N), the format of GTG 0.5 and later ("xmlVersion 2"), as
/// docs/contributors/file format.md in GTG's repository describes it (fixture:
/// tests/fixtures/arrivals/gtg).
///
/// GTG has no lists: every task goes into one, "Getting Things GNOME". A task keeps its id as
/// UID, title, tags (the taglist's names for the ids it holds), subtasks (its <subtasks>, in
/// their order; a task under two parents stays under the first), the content as notes (without
/// the subtask links and the line of tags GTG puts first), the start and due dates, and the
/// Done status with its date. A Dismissed task arrives done too: it is closed in GTG. GTG has no
/// priority; fuzzy dates ("now", "soon", "someday") and repeats are not kept.
enum GTGDataFile {
    static let listName = "Getting Things GNOME"
    private static let fuzzyDates: Set<String> = ["now", "soon", "someday", "later"]

    static func lists(from data: Data, zone: TimeZone = .current) throws(ArrivalError) -> [ImportedList] {
        let root: DAVXMLNode
        do {
            root = try DAVXMLReader.document(data)
        } catch .notUTF8 {
            throw ArrivalError(.gtg, .notText)
        } catch {
            throw ArrivalError(.gtg, .malformed)
        }
        guard root.name.localName == "gtgData" else { throw ArrivalError(.gtg, .missing("gtgData")) }
        guard let taskList = child(of: root, "tasklist") else { throw ArrivalError(.gtg, .missing("tasklist")) }
        let tagNames = Dictionary((child(of: root, "taglist")?.children ?? []).compactMap { tag in
            tag.attributes["id"].flatMap { id in tag.attributes["name"].map { (id, $0) } }
        }, uniquingKeysWith: { first, _ in first })
        let tasks = taskList.children.filter { $0.name.localName == "task" }
        let parents = parentsAndPlaces(tasks)
        var items: [(key: Int, item: ImportedItem)] = []
        for (index, task) in tasks.enumerated() {
            guard let id = task.attributes["id"], !id.isEmpty else { throw ArrivalError(.gtg, .missing("id")) }
            var item = try item(from: task, id: id, tagNames: tagNames, zone: zone)
            item.parentUID = parents[id]?.parent
            items.append((parents[id]?.place ?? index, item))
        }
        guard !items.isEmpty else { return [] }
        let ordered = items.sorted { $0.key < $1.key }.map(\.item)
        return [ImportedList(name: listName, items: ArrivalTree.ordered(ordered))]
    }

    /// Each subtask's first parent and its place among that parent's subtasks.
    private static func parentsAndPlaces(_ tasks: [DAVXMLNode]) -> [String: (parent: String, place: Int)] {
        var parents: [String: (parent: String, place: Int)] = [:]
        for task in tasks {
            guard let id = task.attributes["id"] else { continue }
            let subs = child(of: task, "subtasks")?.children.compactMap(\.value) ?? []
            for (place, sub) in subs.enumerated() where parents[sub] == nil && sub != id {
                parents[sub] = (id, place)
            }
        }
        return parents
    }

    private static func item(from task: DAVXMLNode, id: String, tagNames: [String: String],
                             zone: TimeZone) throws(ArrivalError) -> ImportedItem {
        let dates = child(of: task, "dates")
        // A fuzzy date where a date should be (older files wrote "someday" in <due>) is no date.
        let date = { (name: String) in
            dates.flatMap { child(of: $0, name)?.value }.flatMap { fuzzyDates.contains($0.lowercased()) ? nil : $0 }
        }
        let status = task.attributes["status"] ?? "Active"
        let closed = status == "Done" || status == "Dismissed" || status == "Dismiss"
        let tags = (child(of: task, "tags")?.children ?? []).compactMap(\.value).map { tagNames[$0] ?? $0 }
        return ImportedItem(
            uid: id, title: child(of: task, "title")?.value ?? "", notes: notes(child(of: task, "content")?.text ?? ""),
            isCompleted: closed, completedAt: closed ? ArrivalDate.instant(date("done"), zone: zone) : nil,
            due: try ArrivalDate.due(date("due"), field: "due", .gtg, zone: zone, midnightIsDateOnly: true),
            createdAt: ArrivalDate.instant(date("added"), zone: zone),
            modifiedAt: ArrivalDate.instant(date("modified"), zone: zone), sortOrder: 0, ical: nil,
            tags: ItemTags.cleaned(tags.map { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 }),
            start: try ArrivalDate.due(date("start"), field: "start", .gtg, zone: zone, midnightIsDateOnly: true))
    }

    /// The content without GTG's markup that Flick keeps otherwise: the `{! id !}` subtask
    /// links (the subtasks themselves arrive) and a first line made only of tags.
    static func notes(_ content: String) -> String {
        var lines = content.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        lines = lines.filter { !($0.hasPrefix("{!") && $0.hasSuffix("!}")) }
        if let first = lines.firstIndex(where: { !$0.isEmpty }), isTagLine(lines[first]) { lines.remove(at: first) }
        return lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func isTagLine(_ line: String) -> Bool {
        let words = line.split(whereSeparator: { $0 == "," || $0 == " " })
        return !words.isEmpty && words.allSatisfy { $0.hasPrefix("@") }
    }

    /// The first child called `name`, whatever its case: GTG's documentation says "tagList",
    /// its files say "taglist".
    private static func child(of node: DAVXMLNode, _ name: String) -> DAVXMLNode? {
        node.children.first { $0.name.localName.lowercased() == name.lowercased() }
    }
}
