/// One row of the lists overview: a list and how many of its items are not done yet.
public struct ListSummary: Sendable, Equatable {
    public var list: TodoList
    public var unfinished: Int

    public init(list: TodoList, unfinished: Int) {
        self.list = list
        self.unfinished = unfinished
    }
}
