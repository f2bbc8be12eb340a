import Foundation

/// The comparison behind "nothing changed, nothing is written".
extension VTodoFields {
    /// Whether `other` says the same as these fields in everything Flick writes: `createdAt` and
    /// `modifiedAt` are not compared (Flick does not write them into an existing VTODO), times
    /// count to the whole second (iCalendar has no fractions), line breaks in title and notes
    /// count alike in any form ("\r\n" is written and read back as "\n"), and the completion
    /// time only counts while completed.
    func hasSameOwnedValues(as other: VTodoFields) -> Bool {
        uid == other.uid
            && Self.sameText(title, other.title)
            && Self.sameText(notes, other.notes)
            && completed == other.completed
            && (!completed || Self.sameSecond(completedAt, other.completedAt))
            && due == other.due
            && repeatRule == other.repeatRule
            && reminder == other.reminder
            && sortOrder == other.sortOrder
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

    private static func normalizedBreaks(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }
}
