/// Why a request got no answer.
public enum HTTPError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The address cannot be used ("htp:/x").
    case badAddress(String)
    /// No answer in time.
    case timedOut
    /// The server's certificate is not trusted (never accepted silently, DESIGN 6).
    case untrustedCertificate(String)
    /// No connection (no network, refused, the name not found, the connection dropped), in
    /// the system's words.
    case noConnection(String)

    public var description: String {
        switch self {
        case let .badAddress(address): return "not a usable address: \(address)"
        case .timedOut: return "the server did not answer in time"
        case let .untrustedCertificate(reason): return "the server's certificate is not trusted: \(reason)"
        case let .noConnection(reason): return "no connection to the server: \(reason)"
        }
    }
}
