/// What the Upcoming view needs of one open item with a due date: when it is due, and how it
/// repeats (nil: it does not, or Flick cannot read its rule), with the EXDATE and RDATE another
/// client gave its series.
public struct UpcomingEntry: Sendable, Equatable {
    public var id: Int64
    public var due: DueDate
    public var rule: RepeatRule?
    public var exceptions: RepeatExceptions

    public init(id: Int64, due: DueDate, rule: RepeatRule? = nil, exceptions: RepeatExceptions = .none) {
        self.id = id
        self.due = due
        self.rule = rule
        self.exceptions = exceptions
    }
}
