import Foundation

/// A 207 Multi-Status reply body (RFC 4918 §13): the answer to PROPFIND, calendar-query,
/// calendar-multiget and sync-collection.
///
/// Reading is all or nothing: a body that is not XML, is cut short, is malformed or lacks a
/// required element throws, so a partial listing can never pass for a complete one.
public struct DAVMultistatus: Sendable, Equatable {
    public let responses: [DAVResponse]
    /// The new sync token of a sync-collection report (RFC 6578 §3.2): store it once every
    /// change the report lists is applied, and send it next time.
    public let syncToken: String?

    public init(responses: [DAVResponse], syncToken: String?) {
        self.responses = responses
        self.syncToken = syncToken
    }

    /// Reads a reply body.
    public init(data: Data) throws(DAVParseError) {
        let root = try DAVXMLReader.document(data)
        guard root.name == .multistatus else { throw .unexpectedRoot(root.name) }
        var responses: [DAVResponse] = []
        for node in root.all(.response) { responses.append(try DAVResponse(element: node)) }
        self.responses = responses
        syncToken = root.first(.syncToken)?.value
    }

    /// Whether the server says it left results out: a response with 507 Insufficient Storage,
    /// which RFC 6578 §3.6 uses for the request URL of a truncated sync-collection report.
    /// Such a report is not the whole change set; ask again with its `syncToken`.
    public var isTruncated: Bool {
        responses.contains { $0.status?.code == 507 }
    }

    /// The response whose href is the same resource as `href`, comparing canonical paths.
    public func response(for href: String, relativeTo requestURL: URL) -> DAVResponse? {
        guard let path = DAVHref.path(href, relativeTo: requestURL) else { return nil }
        return responses.first { $0.path(relativeTo: requestURL) == path }
    }
}
