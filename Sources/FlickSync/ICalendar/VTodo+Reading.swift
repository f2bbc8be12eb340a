import FlickCore
import Foundation

/// Reading what Flick owns.
extension VTodo {
    /// The VTODO's time zones: IANA names, else its VTIMEZONEs.
    var resolver: TimeZoneResolver { TimeZoneResolver(definitions: timeZones) }

    /// What Flick owns, read from the lines. Times that are not in an IANA zone (UTC, floating,
    /// zones only a VTIMEZONE defines) come as wall clocks of `localZone`, the user's zone,
    /// since Flick shows local times.
    public func fields(localZone: TimeZone) -> VTodoFields {
        let resolver = resolver
        let status = property("STATUS")?.value.trimmingCharacters(in: .whitespaces).uppercased()
        let completedLine = property("COMPLETED")
        return VTodoFields(
            uid: uid,
            title: property("SUMMARY").map { TextValue.unescape($0.value) } ?? "",
            notes: property("DESCRIPTION").map { TextValue.unescape($0.value) } ?? "",
            // STATUS:COMPLETED without a COMPLETED time counts as completed (DESIGN 6); so do a
            // cancelled task (nothing is left to do: it shows as done, and stays CANCELLED in
            // the file unless reopened) and PERCENT-COMPLETE:100 without a STATUS.
            completed: status == "COMPLETED" || status == "CANCELLED" || completedLine != nil
                || (status == nil && property("PERCENT-COMPLETE").map { Int($0.value.trimmingCharacters(in: .whitespaces)) } == 100),
            completedAt: completedLine.flatMap { universalInstant($0, resolver: resolver) },
            due: dateValue("DUE").flatMap { resolver.dueDate(of: $0, localZone: localZone) },
            repeatRule: property("RRULE")?.value,
            reminder: ownedAlarm(localZone: localZone)?.reminder,
            createdAt: property("CREATED").flatMap { universalInstant($0, resolver: resolver) },
            modifiedAt: property("LAST-MODIFIED").flatMap { universalInstant($0, resolver: resolver) },
            sortOrder: property("X-APPLE-SORT-ORDER").flatMap { Int64($0.value.trimmingCharacters(in: .whitespaces)) },
            priority: priority,
            tags: tags,
            parentUID: parentUID,
            start: dateValue("DTSTART").flatMap { resolver.dueDate(of: $0, localZone: localZone) }
        )
    }

    /// The first VTODO property `name` as a date or date-time.
    func dateValue(_ name: String) -> DateTimeValue? {
        property(name).flatMap(DateTimeValue.init)
    }

    /// The instant of a CREATED-like property, which RFC 5545 wants in UTC; a floating one (as
    /// Nextcloud Tasks 0.13 wrote) is read as UTC too.
    private func universalInstant(_ line: ContentLine, resolver: TimeZoneResolver) -> Date? {
        DateTimeValue(line).flatMap { resolver.instant(of: $0, floatingZone: TimeZone(identifier: "UTC")!) }
    }
}
