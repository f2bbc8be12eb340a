import FlickCore
import Foundation

/// The words of postponing: what the cue behind a row and the preference say, and
/// the notice after it.
@MainActor
enum PostponeText {
    /// What the postpone cue says, and the preference's choice: "Tomorrow".
    static func word(for target: PostponeTarget) -> String {
        switch target {
        case .tomorrow: tr("Tomorrow")
        case .nextWeek: tr("Next Week")
        case .someday: tr("Someday")
        }
    }

    /// "Postponed to Tomorrow", "Postponed to Mon 7"; postponed to no date, "Postponed to someday".
    static func notice(for due: DueDate?, now: Date = Date()) -> String {
        guard let due else { return tr("Postponed to someday: no due date") }
        return tr("Postponed to {date}", ["date": DueChip.label(for: due, now: now).text])
    }
}
