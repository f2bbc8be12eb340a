import FlickCore
import Foundation

/// The comparison behind "nothing changed, nothing is written".
extension VTodoFields {
    /// Whether `other` says the same as these fields in everything Flick writes: `createdAt` and
    /// `modifiedAt` are not compared (Flick does not write them into an existing VTODO), times
    /// count to the whole second (iCalendar has no fractions), line breaks in title and notes
    /// count alike in any form ("\r\n" is written and read back as "\n"), the completion
    /// time only counts while completed, and a reminder at a time is compared as the instant.
    func hasSameOwnedValues(as other: VTodoFields) -> Bool {
        uid == other.uid
            && Self.sameText(title, other.title)
            && Self.sameText(notes, other.notes)
            && completed == other.completed
            && (!completed || Self.sameSecond(completedAt, other.completedAt))
            && due == other.due
            && repeatRule == other.repeatRule
            && Self.sameReminder(reminder, other.reminder)
            && sortOrder == other.sortOrder
            && priority == other.priority
            && tags == other.tags
            && parentUID == other.parentUID
            && start == other.start
    }

    static func sameText(_ left: String, _ right: String) -> Bool {
        left == right || normalizedBreaks(left) == normalizedBreaks(right)
    }

    static func sameSecond(_ left: Date?, _ right: Date?) -> Bool {
        switch (left, right) {
        case (nil, nil):
            return true
        case let (left?, right?):
            return left.timeIntervalSince1970.rounded(.down) == right.timeIntervalSince1970.rounded(.down)
        default:
            return false
        }
    }

    /// Reminders at a time in a zone are the same when they are at the same instant: read after
    /// travel, the TRIGGER's UTC time is a wall clock of the new zone, and a wall clock in a
    /// daylight-saving gap (02:30 on the night clocks go forward) reads back as the hour after.
    /// Compared as written, either would be written again at every push.
    static func sameReminder(_ left: Reminder?, _ right: Reminder?) -> Bool {
        guard case let .at(leftTime)? = left, case let .at(rightTime)? = right,
              leftTime.timeZone != nil, rightTime.timeZone != nil else { return left == right }
        let utc = TimeZone(identifier: "UTC")!
        return VTodo.instant(of: leftTime, localZone: utc) == VTodo.instant(of: rightTime, localZone: utc)
    }

    private static func normalizedBreaks(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }
}
