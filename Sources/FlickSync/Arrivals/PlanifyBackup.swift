import FlickCore
import Foundation

/// Planify's backup (Preferences → Backups → Create Backup, a .json file): "projects", "sections",
/// "labels" and "items", as core/Services/BackupExporter.vala writes them (fixture:
/// tests/fixtures/arrivals/planify).
///
/// Each project becomes a list, in Planify's order (child_order). Items keep their id as UID,
/// their parent (parent_id), labels as tags, description as notes, checked and completed_at,
/// and the due date (the "date" of the JSON text in "due"; the deadline when there is no due
/// date). Flick has no sections: items come section by section, in the project's order, each
/// with its section's name as a tag. Priority is Todoist's, which Planify follows: 4 is the
/// highest (p1) and 1 none; in iCalendar's terms (RFC 5545 §3.8.1.9) p1 → 1, p2 → 5, p3 → 9.
/// Deleted projects and items are left out.
enum PlanifyBackup {
    static func lists(from data: Data, zone: TimeZone = .current) throws(ArrivalError) -> [ImportedList] {
        let document = try JSONRecord.document(data, .planify)
        let projects = try document.records("projects", .planify).filter { !$0.bool("is_deleted") }
        let sections = (try? document.records("sections", .planify)) ?? []
        let labelNames = Dictionary(((try? document.records("labels", .planify)) ?? []).compactMap { label in
            label.string("id").flatMap { id in label.string("name").map { (id, $0) } }
        }, uniquingKeysWith: { first, _ in first })
        let items = try document.records("items", .planify).filter { !$0.bool("is_deleted") }
        let places = sectionPlaces(sections)
        var byProject: [String: [(order: [Int], item: ImportedItem)]] = [:]
        for (index, record) in items.enumerated() {
            guard let item = try item(from: record, labels: labelNames, sections: places, zone: zone) else { continue }
            let section = record.string("section_id").flatMap { places[$0] }
            let order = [section?.rank ?? -1, record.int("child_order") ?? 0, index]
            byProject[record.string("project_id") ?? "", default: []].append((order, item))
        }
        var lists = projects.sorted { ($0.int("child_order") ?? 0) < ($1.int("child_order") ?? 0) }.compactMap { project in
            list(named: project.string("name"), byProject.removeValue(forKey: project.string("id") ?? ""))
        }
        // Items of a project the backup does not hold still arrive, in a list of the file's name.
        lists += byProject.keys.sorted().compactMap { list(named: nil, byProject[$0]) }
        return lists
    }

    private static func list(named name: String?, _ entries: [(order: [Int], item: ImportedItem)]?) -> ImportedList? {
        guard let entries, !entries.isEmpty else { return nil }
        let sorted = entries.sorted { $0.order.lexicographicallyPrecedes($1.order) }.map(\.item)
        return ImportedList(name: name, items: ArrivalTree.ordered(sorted))
    }

    /// Each live section's rank in its project and name.
    private static func sectionPlaces(_ sections: [JSONRecord]) -> [String: (rank: Int, name: String?)] {
        var places: [String: (rank: Int, name: String?)] = [:]
        for section in sections where !section.bool("is_deleted") {
            guard let id = section.string("id") else { continue }
            places[id] = (section.int("section_order") ?? 0, section.string("name"))
        }
        return places
    }

    private static func item(from record: JSONRecord, labels: [String: String],
                             sections: [String: (rank: Int, name: String?)], zone: TimeZone) throws(ArrivalError) -> ImportedItem? {
        guard let id = record.string("id") else { throw ArrivalError(.planify, .missing("id")) }
        let due = record.object("due")
        let dueText = due?.string("date") ?? record.string("deadline_date")
        // A time is in the due date's own zone, where Planify wrote one (Todoist's do).
        let dueZone = due?.string("timezone").flatMap(TimeZone.init(identifier:)) ?? zone
        var tags = record.strings("labels").map { labels[$0] ?? $0 }
        if let section = record.string("section_id").flatMap({ sections[$0]?.name }) { tags.append(section) }
        let checked = record.bool("checked")
        return ImportedItem(
            uid: id, title: record.string("content") ?? "", notes: record.string("description") ?? "",
            isCompleted: checked, completedAt: checked ? ArrivalDate.instant(record.string("completed_at"), zone: zone) : nil,
            due: try ArrivalDate.due(dueText, field: "due", .planify, zone: dueZone, midnightIsDateOnly: true),
            createdAt: ArrivalDate.instant(record.string("added_at"), zone: zone),
            modifiedAt: ArrivalDate.instant(record.string("updated_at"), zone: zone),
            sortOrder: 0, ical: nil, priority: priority(record.int("priority") ?? 1),
            tags: ItemTags.cleaned(tags), parentUID: record.string("parent_id"))
    }

    /// Todoist's 4 (p1, highest) to 1 (none), as iCalendar's 1 (high), 5 (medium), 9 (low), 0.
    static func priority(_ planify: Int) -> Int {
        switch planify {
        case 4: 1
        case 3: 5
        case 2: 9
        default: 0
        }
    }
}
