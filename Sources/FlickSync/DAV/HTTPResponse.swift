import Foundation

/// The answer to an `HTTPRequest`: the status, the headers sync reads, the body.
public struct HTTPResponse: Sendable {
    public var status: Int
    /// By lowercased name: etag, location, content-type, retry-after, dav.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The ETag when it is a strong one (DESIGN 6: a weak or missing ETag means "fetch it again").
    public var strongETag: String? {
        guard let etag = headers["etag"]?.trimmingCharacters(in: .whitespaces), etag.hasPrefix("\"") else { return nil }
        return etag
    }

    public var text: String { String(decoding: body, as: UTF8.self) }
}
