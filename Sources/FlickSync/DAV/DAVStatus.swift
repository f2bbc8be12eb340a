/// An HTTP status as a multistatus reply carries it, "HTTP/1.1 404 Not Found".
public struct DAVStatus: Sendable, Equatable, CustomStringConvertible {
    /// The three-digit code.
    public let code: Int
    /// The status line as the server wrote it (without surrounding white space).
    public let line: String

    /// Reads a status line: a protocol word, then a three-digit code, then an optional reason.
    /// Nil when the line has no such code.
    public init?(line: String) {
        let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), parts[1].count == 3,
              parts[1].allSatisfy({ $0.isASCII && $0.isNumber }), let code = Int(parts[1]), (100...599).contains(code)
        else { return nil }
        self.code = code
        self.line = line
    }

    /// 2xx: the resource or properties were found (or the change was made).
    public var isSuccess: Bool { (200...299).contains(code) }

    public var description: String { line }
}

extension DAVStatus {
    /// The status in a DAV:status element, or `DAVParseError.invalidStatus`.
    static func read(_ element: DAVXMLNode) throws(DAVParseError) -> DAVStatus {
        let line = element.trimmedText
        guard let status = DAVStatus(line: line) else { throw .invalidStatus(line) }
        return status
    }
}
