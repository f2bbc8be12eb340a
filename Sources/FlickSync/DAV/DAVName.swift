/// The name of an XML element: its namespace URI and local name. Two names are equal when both
/// are, whatever prefix a document used for them.
public struct DAVName: Hashable, Sendable, CustomStringConvertible {
    /// The namespace URI; "" for an element in no namespace.
    public let namespace: String
    public let localName: String

    public init(_ namespace: String, _ localName: String) {
        self.namespace = namespace
        self.localName = localName
    }

    /// Clark notation, "{DAV:}href": unambiguous in test failures and logs.
    public var description: String { "{\(namespace)}\(localName)" }
}
