/// Why a sync (of an account, or of a list) stopped. Nothing is lost: the outbox keeps every
/// change for the next sync.
public enum SyncFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// No password is stored and none was given.
    case noPassword
    /// The Secret Service could not be asked.
    case noSecretService(String)
    /// The server refused the user name and password (401).
    case notAuthorized
    case offline(String)
    case timedOut
    case untrustedCertificate(String)
    /// The server answered something sync cannot go on from.
    case server(String)
    /// The store could not be written (a full disk …).
    case storage(String)

    public var description: String {
        switch self {
        case .noPassword: return "no password is stored for the account"
        case let .noSecretService(reason): return "the Secret Service cannot be reached: \(reason)"
        case .notAuthorized: return "the server refused the user name or password"
        case let .offline(reason): return "no connection to the server: \(reason)"
        case .timedOut: return "the server did not answer in time"
        case let .untrustedCertificate(reason): return "the server's certificate is not trusted: \(reason)"
        case let .server(reason): return reason
        case let .storage(reason): return "the changes could not be saved: \(reason)"
        }
    }

    /// The failure an error thrown during a sync stands for.
    public static func from(_ error: Error) -> SyncFailure {
        switch error {
        case let failure as SyncFailure:
            return failure
        case let error as HTTPError:
            return from(httpError: error)
        case let PasswordStore.Failure.noSecretService(reason):
            return .noSecretService(reason)
        case let CalendarServerError.transport(error):
            return from(httpError: error)
        case CalendarServerError.status(401, _):
            return .notAuthorized
        case let error as CalendarServerError:
            return .server(error.description)
        default:
            return .storage("\(error)")
        }
    }

    private static func from(httpError: HTTPError) -> SyncFailure {
        switch httpError {
        case .timedOut: return .timedOut
        case let .untrustedCertificate(reason): return .untrustedCertificate(reason)
        case let .noConnection(reason): return .offline(reason)
        case let .badAddress(address): return .server("not a usable address: \(address)")
        }
    }
}
