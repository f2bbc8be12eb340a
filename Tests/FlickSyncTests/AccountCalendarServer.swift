import Foundation
@testable import FlickSync

/// The calendars of one account in memory, each a `MemoryCalendarServer`, for the tests of
/// moves between synced lists. With `oneUIDPerAccount` it refuses a new resource whose UID
/// another calendar of the account holds, as Cyrus does (403 unique-scheduling-object-resource).
final class AccountCalendarServer: CalendarServer {
    private(set) var calendars: [String: MemoryCalendarServer] = [:]
    var oneUIDPerAccount = false

    /// The calendar at `url`, made empty on first use.
    func calendar(_ url: String) -> MemoryCalendarServer {
        if let calendar = calendars[url] { return calendar }
        let calendar = MemoryCalendarServer()
        calendars[url] = calendar
        return calendar
    }

    private func calendar(_ url: URL) -> MemoryCalendarServer { calendar(url.absoluteString) }

    func collectionState(_ calendar: URL) throws -> CollectionState { try self.calendar(calendar).collectionState(calendar) }

    func changes(in calendar: URL, since token: String) throws -> CollectionChanges {
        try self.calendar(calendar).changes(in: calendar, since: token)
    }

    func etags(in calendar: URL) throws -> [String: String] { try self.calendar(calendar).etags(in: calendar) }

    func setOrder(_ order: Int, of calendar: URL) throws -> Bool { try self.calendar(calendar).setOrder(order, of: calendar) }

    func fetch(_ hrefs: [String], in calendar: URL) throws -> [String: RemoteResource] {
        try self.calendar(calendar).fetch(hrefs, in: calendar)
    }

    func get(_ href: String, in calendar: URL) throws -> RemoteResource? { try self.calendar(calendar).get(href, in: calendar) }

    func put(_ text: String, at href: String, in calendar: URL, condition: WriteCondition) throws -> PutOutcome {
        if oneUIDPerAccount, condition == .absent, let uid = MemoryCalendarServer.uid(of: text),
           calendars.contains(where: { url, other in
               url != calendar.absoluteString && other.resources.values.contains { MemoryCalendarServer.uid(of: $0.text) == uid }
           }) {
            return .uidInAnotherCalendar
        }
        return try self.calendar(calendar).put(text, at: href, in: calendar, condition: condition)
    }

    func delete(_ href: String, in calendar: URL, etag: String?) throws -> DeleteOutcome {
        try self.calendar(calendar).delete(href, in: calendar, etag: etag)
    }
}
