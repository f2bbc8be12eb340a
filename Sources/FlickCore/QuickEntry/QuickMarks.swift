/// What `QuickMarksParser` read from the end of a title: the title without its marks, the
/// priority they gave (iCalendar's number, 1 highest to 9 lowest; nil when none was typed) and
/// the tags, in the order typed, without their "#", cleaned as `ItemTags.cleaned` cleans them.
public struct QuickMarks: Sendable, Equatable {
    public var title: String
    public var priority: Int?
    public var tags: [String]

    public init(title: String, priority: Int? = nil, tags: [String] = []) {
        self.title = title
        self.priority = priority
        self.tags = tags
    }
}
