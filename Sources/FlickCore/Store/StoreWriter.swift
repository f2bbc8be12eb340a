/// A writer of the store that its commits name (`StoreCommit.writer`): one document.
public struct StoreWriter: Hashable, Sendable {
    let id: ObjectIdentifier

    init(_ writer: AnyObject) {
        id = ObjectIdentifier(writer)
    }
}
