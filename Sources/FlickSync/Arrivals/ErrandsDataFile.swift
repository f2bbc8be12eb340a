import FlickCore
import Foundation

/// Errands' data file (~/.local/share/errands/data.json): "lists" and "tasks", as
/// errands/lib/data.py (TaskListData, TaskData) writes them (fixture: tests/fixtures/arrivals/errands).
///
/// Each list that is not deleted becomes a list, in the file's order; each task keeps its uid,
/// parent, tags, notes, completion, priority (already iCalendar's 0–9, as Errands syncs it),
/// due and start dates and its repeat rule (an RRULE value). Dates are floating local times
/// in iCalendar's basic form ("20260314T093000"); Errands writes a date alone as its midnight,
/// so a midnight is read as the day. Errands keeps no completion time and no order other than
/// the file's, which is the order kept. Tasks in the trash or deleted are left out; colours are
/// not kept.
enum ErrandsDataFile {
    static func lists(from data: Data, zone: TimeZone = .current) throws(ArrivalError) -> [ImportedList] {
        let document = try JSONRecord.document(data, .errands)
        let lists = try document.records("lists", .errands).filter { !$0.bool("deleted") }
        var byList: [String: [ImportedItem]] = [:]
        for record in try document.records("tasks", .errands) where !record.bool("deleted") && !record.bool("trash") {
            byList[record.string("list_uid") ?? "", default: []].append(try item(from: record, zone: zone))
        }
        var result = lists.compactMap { list -> ImportedList? in
            guard let items = byList.removeValue(forKey: list.string("uid") ?? ""), !items.isEmpty else { return nil }
            return ImportedList(name: list.string("name"), items: ArrivalTree.ordered(items))
        }
        // Tasks of a list the file does not hold (or a deleted one) still arrive.
        result += byList.keys.sorted().map { ImportedList(name: nil, items: ArrivalTree.ordered(byList[$0]!)) }
        return result
    }

    private static func item(from record: JSONRecord, zone: TimeZone) throws(ArrivalError) -> ImportedItem {
        guard let uid = record.string("uid") else { throw ArrivalError(.errands, .missing("uid")) }
        return ImportedItem(
            uid: uid, title: record.string("text") ?? "", notes: record.string("notes") ?? "",
            isCompleted: record.bool("completed"),
            due: try ArrivalDate.due(record.string("due_date"), field: "due_date", .errands, zone: zone,
                                     midnightIsDateOnly: true),
            repeatRule: record.string("rrule").flatMap { $0.contains("FREQ=") && !$0.contains(where: \.isNewline) ? $0 : nil },
            createdAt: ArrivalDate.instant(record.string("created_at"), zone: zone),
            modifiedAt: ArrivalDate.instant(record.string("changed_at"), zone: zone),
            sortOrder: 0, ical: nil, priority: min(max(record.int("priority") ?? 0, 0), 9),
            tags: ItemTags.cleaned(record.strings("tags")), parentUID: record.string("parent"),
            start: try ArrivalDate.due(record.string("start_date"), field: "start_date", .errands, zone: zone,
                                       midnightIsDateOnly: true))
    }
}
