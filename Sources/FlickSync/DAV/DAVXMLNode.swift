import Foundation

/// One element of a parsed reply: its namespace-qualified name, attributes, child elements and
/// the character data directly inside it. Replies are small enough to read into a tree first
/// and interpret afterwards, which keeps the interpretation plain code instead of parser state.
struct DAVXMLNode: Sendable {
    let name: DAVName
    /// Attributes by the name as written (unprefixed ones, like comp's "name", by local name).
    var attributes: [String: String] = [:]
    var children: [DAVXMLNode] = []
    /// All character data directly inside the element, CDATA sections included, concatenated.
    var text = ""

    init(name: DAVName, attributes: [String: String] = [:]) {
        self.name = name
        self.attributes = attributes
    }

    /// The first child called `name`.
    func first(_ name: DAVName) -> DAVXMLNode? {
        children.first { $0.name == name }
    }

    /// Every child called `name`, in document order.
    func all(_ name: DAVName) -> [DAVXMLNode] {
        children.filter { $0.name == name }
    }

    /// The text without the white space around it: for values (hrefs, ETags, tokens) that a
    /// server may have indented.
    var trimmedText: String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The trimmed text, or nil when there is none.
    var value: String? {
        let value = trimmedText
        return value.isEmpty ? nil : value
    }

    /// The trimmed text of every DAV:href child.
    var hrefs: [String] {
        all(.href).map(\.trimmedText)
    }

    /// The first child called `name`, or `DAVParseError.missingElement`.
    func required(_ name: DAVName) throws(DAVParseError) -> DAVXMLNode {
        guard let child = first(name) else { throw .missingElement(name, parent: self.name) }
        return child
    }
}
