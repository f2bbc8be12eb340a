/// A CalDAV account: the server address the user gave and the user name. Its password is
/// in the Secret Service, never here.
public struct SyncAccount: Sendable, Equatable {
    public var id: Int64
    /// The address as given ("https://cloud.example.org", "http://127.0.0.1:5232").
    public var url: String
    public var user: String
    /// Found by discovery, so later syncs need not discover again.
    public var principalURL: String?
    public var homeURL: String?

    public init(id: Int64, url: String, user: String, principalURL: String? = nil, homeURL: String? = nil) {
        self.id = id
        self.url = url
        self.user = user
        self.principalURL = principalURL
        self.homeURL = homeURL
    }
}
