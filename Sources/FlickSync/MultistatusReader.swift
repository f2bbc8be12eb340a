import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads a WebDAV multistatus (207) answer, or an error body, into plain values: each
/// response's href, its status, and the properties of its successful propstat. Namespaces are
/// matched by URI; text is kept as given (calendar-data's line ends are CRLF again, as XML
/// turned them into LF). A body that is not well-formed XML is refused, never half read.
final class MultistatusReader: NSObject, XMLParserDelegate {
    struct Response {
        var href = ""
        /// A response-level status (sync-collection's removed members: 404).
        var status: Int?
        /// Property values by "namespace local-name": their text, or for href-valued ones the
        /// hrefs within, or for the component set the component names.
        var properties: [String: String] = [:]
        var hrefs: [String: [String]] = [:]
        var components: [String] = []
        var isCalendar = false
        var canWrite = false
    }

    private(set) var responses: [Response] = []
    /// The multistatus-level sync-token (sync-collection).
    private(set) var syncToken: String?
    /// The names of the elements inside DAV:error (an error body's preconditions).
    private(set) var errorConditions: [String] = []
    private(set) var errorHrefs: [String] = []

    /// The root element, and whether it was closed: Foundation's parser on Linux reports a
    /// body cut short as well formed, and a cut report must never read as a complete one.
    private(set) var root: String?
    private var rootClosed = false
    private var path: [String] = []
    private var text = ""
    private var current: Response?
    private var propstat: Response?
    private var propstatOK = false

    static func read(_ data: Data) throws -> MultistatusReader {
        let reader = MultistatusReader()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.delegate = reader
        guard parser.parse() else {
            throw CalendarServerError.unreadableAnswer(parser.parserError.map { "\($0)" } ?? "not XML")
        }
        guard reader.rootClosed,
              [key(DAVNames.dav, "multistatus"), key(DAVNames.dav, "error")].contains(reader.root) else {
            throw CalendarServerError.unreadableAnswer(reader.root == nil ? "not XML" : "an answer cut short, or not WebDAV's")
        }
        return reader
    }

    static func key(_ namespace: String, _ name: String) -> String { namespace + " " + name }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        let key = Self.key(namespaceURI ?? "", name)
        if root == nil { root = key }
        path.append(key)
        text = ""
        switch key {
        case Self.key(DAVNames.dav, "response"): current = Response()
        case Self.key(DAVNames.dav, "propstat"): propstat = Response(); propstatOK = false
        case Self.key(DAVNames.caldav, "comp"): if let comp = attributes["name"] { propstat?.components.append(comp.uppercased()) }
        case Self.key(DAVNames.caldav, "calendar"): if inside(DAVNames.dav, "resourcetype") { propstat?.isCalendar = true }
        case Self.key(DAVNames.dav, "write"), Self.key(DAVNames.dav, "write-content"), Self.key(DAVNames.dav, "all"):
            if inside(DAVNames.dav, "privilege") { propstat?.canWrite = true }
        default:
            if path.count >= 2, path[path.count - 2] == Self.key(DAVNames.dav, "error") { errorConditions.append(name) }
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, foundCDATA block: Data) { text += String(decoding: block, as: UTF8.self) }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        let key = Self.key(namespaceURI ?? "", name)
        path.removeLast()
        if path.isEmpty { rootClosed = true }
        let value = text
        text = ""
        switch key {
        case Self.key(DAVNames.dav, "href"):
            let href = value.trimmingCharacters(in: .whitespacesAndNewlines)
            if let property = path.last, propstat != nil, property != Self.key(DAVNames.dav, "prop") {
                propstat?.hrefs[property, default: []].append(href)
            } else if current != nil, propstat == nil {
                current?.href = href
            } else if path.contains(Self.key(DAVNames.dav, "error")) {
                errorHrefs.append(href)
            }
        case Self.key(DAVNames.dav, "status"):
            let status = Self.status(value)
            if propstat != nil { propstatOK = status.map { (200..<300).contains($0) } ?? false } else { current?.status = status }
        case Self.key(DAVNames.dav, "propstat"):
            if propstatOK, let found = propstat { merge(found) }
            propstat = nil
        case Self.key(DAVNames.dav, "response"):
            if let current { responses.append(current) }
            current = nil
        case Self.key(DAVNames.dav, "sync-token") where current == nil:
            syncToken = value.trimmingCharacters(in: .whitespacesAndNewlines)
        default:
            if propstat != nil, path.last == Self.key(DAVNames.dav, "prop") {
                propstat?.properties[key] = key == Self.key(DAVNames.caldav, "calendar-data")
                    ? Self.crlf(value) : value.trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
    }

    private func inside(_ namespace: String, _ name: String) -> Bool {
        path.dropLast().contains(Self.key(namespace, name))
    }

    private func merge(_ found: Response) {
        guard var response = current else { return }
        response.properties.merge(found.properties) { $1 }
        response.hrefs.merge(found.hrefs) { $1 }
        response.components += found.components
        response.isCalendar = response.isCalendar || found.isCalendar
        response.canWrite = response.canWrite || found.canWrite
        current = response
    }

    /// "HTTP/1.1 404 Not Found" → 404.
    private static func status(_ line: String) -> Int? {
        line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    /// iCalendar text with CRLF line ends (XML reads CRLF as LF).
    static func crlf(_ text: String) -> String {
        let lf = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        return lf.replacingOccurrences(of: "\n", with: "\r\n")
    }
}
