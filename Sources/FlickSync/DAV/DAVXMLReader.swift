import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads an XML reply into a `DAVXMLNode` tree with Foundation's XMLParser, namespace-aware, and
/// refuses anything it cannot read completely.
///
/// What XMLParser (libxml2 underneath, on Linux) does that this guards against, found by trying:
/// - `parse()` returns true for a document cut off inside an element, and for an undeclared
///   prefix; only `parseErrorOccurred` tells. So any reported error fails the whole reply.
/// - An empty body parses "successfully" with no elements at all.
/// - References to entities declared in a DOCTYPE are dropped without an error (after an
///   external one, the rest of the element's text too).
/// - A name that is not UTF-8 (an element's, a comment's) crashes it: see `document`.
/// - Literal CR LF and lone CR in text come out as LF (XML 1.0 §2.11 requires it); only a
///   character reference `&#13;` (or a CDATA section) keeps a CR. See `DAVProperties`.
final class DAVXMLReader: NSObject, XMLParserDelegate {
    /// The open elements, innermost last.
    private var stack: [DAVXMLNode] = []
    private var root: DAVXMLNode?
    private var sawElement = false
    private var firstError: (code: Int, line: Int)?

    /// The document's root element.
    static func document(_ data: Data) throws(DAVParseError) -> DAVXMLNode {
        if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { throw .empty }
        // XMLParser on Linux force-unwraps each name libxml2 gives it as UTF-8 (a processing
        // instruction's target, a comment, an element's name), and libxml2 passes on bytes that
        // are not: such a reply would crash Flick (found by DAVReplyFuzzTests). Servers send UTF-8.
        guard String(validating: data, as: UTF8.self) != nil else { throw .notUTF8 }
        if declaresDocumentType(data) { throw .documentTypeDeclaration }
        let reader = DAVXMLReader()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        let succeeded = parser.parse()
        return try reader.result(succeeded: succeeded, parserError: parser.parserError)
    }

    private func result(succeeded: Bool, parserError: Error?) throws(DAVParseError) -> DAVXMLNode {
        guard sawElement else { throw .notXML }
        // An open element at the end is a cut-off reply, whatever else the parser said.
        guard stack.isEmpty, let root else { throw .truncated }
        if let firstError { throw .malformed(code: firstError.code, line: firstError.line) }
        if !succeeded || parserError != nil {
            throw .malformed(code: (parserError as NSError?)?.code ?? 0, line: 0)
        }
        return root
    }

    /// Whether a `<!DOCTYPE` comes before the root element. Only the prolog is looked at: the
    /// same characters inside a CDATA section further on are data.
    private static func declaresDocumentType(_ data: Data) -> Bool {
        let marker = Array("<!DOCTYPE".utf8)
        var index = data.startIndex
        while index < data.endIndex {
            let next = data.index(after: index)
            if data[index] == UInt8(ascii: "<"), next < data.endIndex {
                if data[next] != UInt8(ascii: "?"), data[next] != UInt8(ascii: "!") { return false }
                if data[index...].starts(with: marker) { return true }
            }
            index = next
        }
        return false
    }

    // MARK: XMLParserDelegate

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        sawElement = true
        stack.append(DAVXMLNode(name: DAVName(namespaceURI ?? "", elementName), attributes: attributes))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                qualifiedName: String?) {
        guard let node = stack.popLast() else { return }
        if stack.isEmpty {
            root = node
        } else {
            stack[stack.count - 1].children.append(node)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        if firstError == nil { firstError = ((parseError as NSError).code, parser.lineNumber) }
    }

    func parser(_ parser: XMLParser, validationErrorOccurred validationError: Error) {
        if firstError == nil { firstError = ((validationError as NSError).code, parser.lineNumber) }
    }
}
