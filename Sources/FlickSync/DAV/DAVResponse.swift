import Foundation

/// One DAV:response of a multistatus reply: a resource (or several with the same status) and
/// either its status or its properties by status (RFC 4918 §14.24).
public struct DAVResponse: Sendable, Equatable {
    /// The first href, as the server wrote it (XML-unescaped, surrounding white space removed,
    /// percent-encoding untouched). Resolve it with `url(relativeTo:)` or `path(relativeTo:)`
    /// before comparing it with another.
    public let href: String
    /// Further hrefs sharing the response-level status (RFC 4918 allows several).
    public let otherHrefs: [String]
    /// The status of the resource as a whole, when the response has one instead of propstats:
    /// 404 for a member a sync-collection report lists as removed (RFC 6578 §3.5.2) or an href a
    /// multiget asked for that does not exist, 507 for a report the server cut short.
    public let status: DAVStatus?
    public let propstats: [DAVPropstat]
    /// A DAV:error inside the response, saying why its status is what it is.
    public let error: DAVError?

    public init(href: String, otherHrefs: [String] = [], status: DAVStatus?, propstats: [DAVPropstat],
                error: DAVError? = nil) {
        self.href = href
        self.otherHrefs = otherHrefs
        self.status = status
        self.propstats = propstats
        self.error = error
    }

    init(element: DAVXMLNode) throws(DAVParseError) {
        let hrefs = element.hrefs
        guard let first = hrefs.first, !first.isEmpty else { throw .missingElement(.href, parent: .response) }
        href = first
        otherHrefs = Array(hrefs.dropFirst())
        status = try element.first(.status).map { (node) throws(DAVParseError) in try DAVStatus.read(node) }
        var propstats: [DAVPropstat] = []
        for node in element.all(.propstat) { propstats.append(try DAVPropstat(element: node)) }
        self.propstats = propstats
        // Neither a status nor a propstat says nothing about the resource: not a reply to trust.
        guard status != nil || !propstats.isEmpty else { throw .missingElement(.propstat, parent: .response) }
        error = element.first(.error).map(DAVError.init(element:))
    }

    /// The properties the server gave (every 2xx propstat, read as one).
    public var properties: DAVProperties {
        propstats.filter(\.status.isSuccess).map(\.properties).reduce(DAVProperties()) { $0.merging($1) }
    }

    /// The properties asked for that the server did not give (from non-2xx propstats).
    public var unavailableProperties: [DAVName] {
        propstats.filter { !$0.status.isSuccess }.flatMap(\.properties.names)
    }

    /// A sync-collection report's way of saying the member was removed (RFC 6578 §3.5.2): a
    /// 404 status for the whole response and no properties.
    public var isRemoved: Bool { status?.code == 404 && propstats.isEmpty }

    /// The href as an absolute URL, resolved against the URL the request went to, with its
    /// percent-encoding made canonical (see `DAVHref`).
    public func url(relativeTo requestURL: URL) -> URL? {
        DAVHref.url(href, relativeTo: requestURL)
    }

    /// The href's canonical percent-encoded path, the same whichever way the server encoded it.
    public func path(relativeTo requestURL: URL) -> String? {
        DAVHref.path(href, relativeTo: requestURL)
    }
}
