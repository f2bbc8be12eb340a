/// One date phrase read off the end of a typed title (`QuickDateParser.phrases`): the day it
/// says, whether it is the due date or the start date, and the title left once it is gone.
public struct QuickDatePhrase: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case due
        case start
    }

    public var kind: Kind
    public var date: DueDate
    public var titleLeft: String

    public init(kind: Kind, date: DueDate, titleLeft: String) {
        self.kind = kind
        self.date = date
        self.titleLeft = titleLeft
    }
}
