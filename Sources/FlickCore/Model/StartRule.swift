/// When an item with a start date ("not before") waits for it: while it is open and
/// its start day is after the day in question. A start on its due date's day, or after it,
/// says nothing the due date does not: Evolution and some other clients write DTSTART equal
/// to DUE on every task, and such a task due Friday is not "not started" until Friday, it is
/// due Friday. Every part of Flick that dims, sinks or leaves out a waiting item asks this.
public enum StartRule {
    public static func waits(start: DueDate?, due: DueDate?, isCompleted: Bool, on day: Int32) -> Bool {
        guard let start, !isCompleted, start.dayNumber > day else { return false }
        return due.map { start.dayNumber < $0.dayNumber } ?? true
    }
}
