/// One precondition or postcondition a DAV:error names (RFC 4918 §16), with the hrefs inside it
/// (CALDAV:no-uid-conflict names the resource that already has the UID, DAV:need-privileges
/// the resources lacking a privilege).
public struct DAVCondition: Sendable, Equatable {
    public let name: DAVName
    /// Every DAV:href inside the condition, at any depth, in document order.
    public let hrefs: [String]

    public init(name: DAVName, hrefs: [String] = []) {
        self.name = name
        self.hrefs = hrefs
    }

    init(element: DAVXMLNode) {
        name = element.name
        hrefs = Self.hrefs(in: element)
    }

    private static func hrefs(in element: DAVXMLNode) -> [String] {
        element.children.flatMap { $0.name == .href ? [$0.trimmedText] : hrefs(in: $0) }
    }
}
