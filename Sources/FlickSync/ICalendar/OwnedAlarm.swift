import FlickCore

/// The one VALARM of a VTODO that Flick owns: where it is and the reminder it stands for.
struct OwnedAlarm {
    /// Its lines, BEGIN:VALARM to END:VALARM.
    let range: ClosedRange<Int>
    /// Its TRIGGER line.
    let triggerIndex: Int
    let reminder: Reminder
    /// Whether the trigger is a duration relative to DTSTART (no RELATED, or RELATED=START).
    let relativeToStart: Bool
}
