/// How many subtasks an item has and how many of them are done: its row's chip says
/// "2/5", a screen reader "2 of 5 subtasks done".
public struct SubtaskProgress: Sendable, Equatable {
    public var done: Int
    public var total: Int

    public init(done: Int, total: Int) {
        self.done = done
        self.total = total
    }
}
