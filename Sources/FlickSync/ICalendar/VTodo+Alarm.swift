import FlickCore
import Foundation

/// The VALARM Flick owns: the first one that shows or sounds (ACTION DISPLAY or AUDIO) with a
/// TRIGGER Flick can express as a `Reminder`. Every other VALARM (EMAIL, ones relative to a
/// DTSTART other than DUE, a second reminder) is never touched.
extension VTodo {
    func ownedAlarm(localZone: TimeZone) -> OwnedAlarm? {
        for range in subcomponentRanges(named: "VALARM") {
            guard let action = line(named: "ACTION", in: range)?.content.value,
                  ["DISPLAY", "AUDIO"].contains(action.trimmingCharacters(in: .whitespaces).uppercased()),
                  let triggerIndex = lineIndex(named: "TRIGGER", in: range),
                  let (reminder, fromStart) = reminder(trigger: lines[triggerIndex].content, localZone: localZone)
            else { continue }
            return OwnedAlarm(range: range, triggerIndex: triggerIndex, reminder: reminder, relativeToStart: fromStart)
        }
        return nil
    }

    /// The reminder a TRIGGER stands for, and whether it counts from DTSTART; nil when Flick
    /// cannot express it.
    ///
    /// A duration with RELATED=END counts from DUE. Without RELATED (or RELATED=START) it counts
    /// from DTSTART (RFC 5545 §3.8.6.3); Flick takes it as counting from DUE only when there is
    /// no DTSTART (what clients that write such triggers mean) or DTSTART is DUE, so it never
    /// misreads an alarm tied to a different start. Durations that are not whole minutes are
    /// not Flick's. An absolute trigger (VALUE=DATE-TIME, UTC) is a reminder at that time, as the
    /// wall clock of `localZone`.
    private func reminder(trigger: ContentLine, localZone: TimeZone) -> (Reminder, Bool)? {
        let value = trigger.parameter("VALUE")?.uppercased()
        if value == "DATE-TIME" || (value == nil && DurationValue.seconds(trigger.value) == nil) {
            guard let time = DateTimeValue(trigger), !time.isDate,
                  let instant = resolver.instant(of: time, floatingZone: localZone),
                  !isPlaceholder(instant) else { return nil }
            return (.at(TimeZoneResolver.wallClock(of: instant, in: localZone)), false)
        }
        guard let seconds = DurationValue.seconds(trigger.value), seconds % 60 == 0 else { return nil }
        let reminder = Reminder.beforeDue(minutes: -seconds / 60)
        switch trigger.parameter("RELATED")?.uppercased() ?? "START" {
        case "END":
            return (reminder, false)
        case "START":
            return startIsDue(localZone: localZone) ? (reminder, true) : nil
        default:
            return nil
        }
    }

    /// Whether an absolute trigger is a placeholder rather than a time to remind: one before
    /// the task was created (Apple Reminders writes 19760401T005545Z for a reminder by place),
    /// or, without CREATED, before 2001.
    private func isPlaceholder(_ instant: Date) -> Bool {
        let created = property("CREATED").flatMap(DateTimeValue.init)
            .flatMap { resolver.instant(of: $0, floatingZone: TimeZone(identifier: "UTC")!) }
        return instant < (created ?? Date(timeIntervalSinceReferenceDate: 0))
    }

    /// Whether DTSTART is absent or the same time as DUE.
    private func startIsDue(localZone: TimeZone) -> Bool {
        guard let start = dateValue("DTSTART") else { return true }
        guard let due = dateValue("DUE") else { return false }
        if start == due { return true }
        guard start.isDate == due.isDate else { return false }
        let resolver = resolver
        return resolver.instant(of: start, floatingZone: localZone) == resolver.instant(of: due, floatingZone: localZone)
    }

    /// The VALARM's own property `name` (not that of anything nested in it).
    private func lineIndex(named name: String, in range: ClosedRange<Int>) -> Int? {
        Self.propertyIndices(of: name, in: lines, within: range, limit: 1).first
    }

    private func line(named name: String, in range: ClosedRange<Int>) -> RawLine? {
        lineIndex(named: name, in: range).map { lines[$0] }
    }
}
