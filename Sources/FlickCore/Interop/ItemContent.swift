import Foundation

/// What an item says, as a VTODO carries it both ways: the part of an item an .ics file is
/// written from (`ExportedItem`) and read into (`ImportedItem`), each of which adds its own
/// dates, place and source text around it.
public struct ItemContent: Sendable, Equatable {
    public var uid: String
    public var title: String
    public var notes: String
    public var isCompleted: Bool
    public var completedAt: Date?
    public var due: DueDate?
    public var reminder: Reminder?
    /// The RRULE value as the file has it, kept even when Flick cannot repeat by it.
    public var repeatRule: String?
    /// PRIORITY: 0 for none, 1 (highest) to 9 (lowest).
    public var priority: Int
    /// CATEGORIES, in their order (`ItemTags.cleaned`).
    public var tags: [String]
    /// RELATED-TO with RELTYPE=PARENT (or none): the UID of the task this is a subtask of.
    public var parentUID: String?
    /// DTSTART, Flick's start date, or a source's own start date (`SchemaV12`): not before.
    public var start: DueDate?

    public init(uid: String, title: String, notes: String, isCompleted: Bool, completedAt: Date?, due: DueDate?,
                reminder: Reminder?, repeatRule: String?, priority: Int, tags: [String], parentUID: String?,
                start: DueDate?) {
        self.uid = uid
        self.title = title
        self.notes = notes
        self.isCompleted = isCompleted
        self.completedAt = completedAt
        self.due = due
        self.reminder = reminder
        self.repeatRule = repeatRule
        self.priority = priority
        self.tags = tags
        self.parentUID = parentUID
        self.start = start
    }
}
