import Foundation

/// Which collections of a calendar home's listing are task lists: calendars that take VTODOs,
/// less the principal's scheduling inbox and outbox. Those are where invitations arrive and
/// leave (RFC 6638), yet a server may call them calendars that take every component: users made
/// on DAViCal 1.1's administration page get /USER/.in/ and /USER/.out/ so, which would otherwise
/// become two lists, "alice Inbox" and "alice Outbox", that no other client shows as task lists.
enum TaskCalendarListing {
    /// The canonical paths of the scheduling inbox and outbox the principal's PROPFIND named.
    static func schedulingBoxes(of principal: DAVMultistatus, relativeTo base: URL) -> Set<String> {
        let hrefs = principal.responses.flatMap { [$0.properties.scheduleInboxURL, $0.properties.scheduleOutboxURL] }
        return Set(hrefs.compactMap { $0 }.compactMap { DAVHref.path($0, relativeTo: base) })
    }

    /// The task calendars of a Depth-1 listing of the home (`DAVRequestBody.calendars()`), in
    /// the order listed, without the collections whose canonical paths are in `boxes`.
    static func calendars(in listing: DAVMultistatus, relativeTo base: URL, excluding boxes: Set<String>) -> [DiscoveredCalendar] {
        listing.responses.compactMap { response in
            let properties = response.properties
            guard properties.resourceType?.isCalendar == true,
                  properties.supportedComponents.map({ $0.contains("VTODO") }) ?? true,
                  let path = response.path(relativeTo: base), !boxes.contains(path),
                  let url = response.url(relativeTo: base) else { return nil }
            let name = properties.displayName.flatMap { $0.isEmpty ? nil : $0 } ?? url.lastPathComponent
            let readOnly = properties.privileges.map { !$0.canWriteContent } ?? false
            return DiscoveredCalendar(url: url.absoluteString, name: name, color: properties.calendarColor, readOnly: readOnly)
        }
    }
}
