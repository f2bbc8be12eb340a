import Foundation

/// One HTTP request of a sync.
public struct HTTPRequest: Sendable {
    public var method: String
    public var url: URL
    public var headers: [(name: String, value: String)]
    public var body: Data?
    public var contentType: String?

    public init(method: String, url: URL, headers: [(name: String, value: String)] = [], body: Data? = nil,
                contentType: String? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.contentType = contentType
    }
}
