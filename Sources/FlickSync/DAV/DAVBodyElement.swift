/// One element of a request body being written. Bodies are small and fixed in shape, so a tiny
/// tree rendered to text is enough; it keeps escaping and namespace declarations in one place.
struct DAVBodyElement {
    let name: DAVName
    var attributes: [(name: String, value: String)] = []
    var children: [DAVBodyElement] = []
    /// Character data; an element has either text or children.
    var text: String?

    init(_ name: DAVName, attributes: [(name: String, value: String)] = [], _ children: [DAVBodyElement] = []) {
        self.name = name
        self.attributes = attributes
        self.children = children
    }

    init(_ name: DAVName, text: String) {
        self.name = name
        self.text = text
    }

    /// The prefixes Flick writes. Fixed so that bodies are byte-for-byte predictable (tests
    /// compare them with the bodies recorded against Radicale).
    private static let prefixes: [(namespace: String, prefix: String)] = [
        (DAVNamespace.dav, "D"),
        (DAVNamespace.calDAV, "C"),
        (DAVNamespace.calendarServer, "CS"),
        (DAVNamespace.appleICal, "I"),
    ]

    /// The whole document: the XML declaration, then this element with every namespace the tree
    /// uses declared on it, indented by two spaces per level, ending with a line feed.
    func document() -> String {
        let used = namespaces()
        let declarations = Self.prefixes.filter { used.contains($0.namespace) }
            .map { (name: "xmlns:\($0.prefix)", value: $0.namespace) }
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        render(into: &lines, depth: 0, extraAttributes: declarations)
        return lines.joined(separator: "\n") + "\n"
    }

    private func namespaces() -> Set<String> {
        children.reduce(into: [name.namespace]) { $0.formUnion($1.namespaces()) }
    }

    private func render(into lines: inout [String], depth: Int, extraAttributes: [(name: String, value: String)] = []) {
        let indent = String(repeating: "  ", count: depth)
        let tag = Self.qualifiedName(name)
        let attributeText = (extraAttributes + attributes)
            .map { " \($0.name)=\"\(XMLEscaping.attribute($0.value))\"" }.joined()
        if let text, !text.isEmpty {
            // Inline, so that no indentation ends up inside the value.
            lines.append("\(indent)<\(tag)\(attributeText)>\(XMLEscaping.text(text))</\(tag)>")
        } else if children.isEmpty {
            lines.append("\(indent)<\(tag)\(attributeText)/>")
        } else {
            lines.append("\(indent)<\(tag)\(attributeText)>")
            for child in children { child.render(into: &lines, depth: depth + 1) }
            lines.append("\(indent)</\(tag)>")
        }
    }

    private static func qualifiedName(_ name: DAVName) -> String {
        guard let prefix = prefixes.first(where: { $0.namespace == name.namespace })?.prefix else {
            preconditionFailure("Flick writes no element in namespace \(name.namespace)")
        }
        return "\(prefix):\(name.localName)"
    }
}
