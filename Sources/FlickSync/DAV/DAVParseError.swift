/// Why a WebDAV reply body could not be read. Every case means "do not trust any of it": the
/// parser never hands back what it managed to read before the problem.
public enum DAVParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The body is empty or only white space.
    case empty
    /// The body is not UTF-8 text.
    case notUTF8
    /// No XML element could be read at all: a plain-text or HTML error page, say.
    case notXML
    /// The document stops before its root element is closed: the reply was cut short.
    case truncated
    /// The XML parser (libxml2 under Foundation's XMLParser) found an error, with its code and line.
    case malformed(code: Int, line: Int)
    /// The document declares a document type. WebDAV replies never do, and XMLParser silently
    /// drops the text of entities declared there, so such a body could lose data unseen.
    case documentTypeDeclaration
    /// The root element is not the one the reply must have (a DAV:error where a DAV:multistatus
    /// was expected, say).
    case unexpectedRoot(DAVName)
    /// A required element is missing: `element` inside `parent`.
    case missingElement(DAVName, parent: DAVName)
    /// A DAV:status whose text is not an HTTP status line.
    case invalidStatus(String)

    public var description: String {
        switch self {
        case .empty:
            return "The reply body is empty."
        case .notUTF8:
            return "The reply body is not UTF-8 text."
        case .notXML:
            return "The reply body is not XML."
        case .truncated:
            return "The XML reply ends before its root element is closed: it was cut short."
        case let .malformed(code, line):
            return "The XML reply is malformed (XMLParser error \(code) on line \(line))."
        case .documentTypeDeclaration:
            return "The XML reply declares a document type, which WebDAV replies never do."
        case let .unexpectedRoot(name):
            return "The XML reply's root element is \(name), not the one expected."
        case let .missingElement(element, parent):
            return "The XML reply has a \(parent) without its \(element)."
        case let .invalidStatus(text):
            return "The XML reply has a status “\(text)” that is not an HTTP status line."
        }
    }
}
