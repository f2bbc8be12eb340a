internal import CLibsecret
import Foundation

/// Account passwords in the Secret Service (GNOME Keyring, KeePassXC …) through libsecret, never
/// in the database, a settings key or a log (DESIGN 6). Items carry Flick's own schema with the
/// server address and the user name.
///
/// The calls block (the keyring may ask to be unlocked): they run on sync's thread or in the
/// command line, never in the window's.
public enum PasswordStore {
    public enum Failure: Error, Equatable, Sendable {
        /// No Secret Service answers (none runs, or no D-Bus session): Flick must ask each time.
        case noSecretService(String)
    }

    static let schemaName = "io.github.flicktodo.Flick.Account"

    /// Stores the password of `user` at `server`, replacing an older one.
    public static func store(_ password: String, server: String, user: String) throws(Failure) {
        var error: UnsafeMutablePointer<GError>?
        let label = "Flick: \(user) at \(server)"
        let stored = withSchema { schema in
            withAttributes(server: server, user: user) { attributes in
                secret_password_storev_sync(schema, attributes, nil, label, password, nil, &error)
            }
        }
        if let error { throw failure(error) }
        if stored == 0 { throw .noSecretService("the password was not stored") }
    }

    /// The stored password, or nil when there is none.
    public static func lookup(server: String, user: String) throws(Failure) -> String? {
        var error: UnsafeMutablePointer<GError>?
        let found = withSchema { schema in
            withAttributes(server: server, user: user) { attributes in
                secret_password_lookupv_sync(schema, attributes, nil, &error)
            }
        }
        if let error { throw failure(error) }
        guard let found else { return nil }
        defer { secret_password_free(found) }
        return String(cString: found)
    }

    /// Forgets the password (the account is removed).
    public static func clear(server: String, user: String) throws(Failure) {
        var error: UnsafeMutablePointer<GError>?
        _ = withSchema { schema in
            withAttributes(server: server, user: user) { attributes in
                secret_password_clearv_sync(schema, attributes, nil, &error)
            }
        }
        if let error { throw failure(error) }
    }

    private static func withSchema<T>(_ body: (UnsafePointer<SecretSchema>) -> T) -> T {
        let types = g_hash_table_new(g_str_hash, g_str_equal)
        defer { g_hash_table_unref(types) }
        let string = UnsafeMutableRawPointer(bitPattern: Int(SECRET_SCHEMA_ATTRIBUTE_STRING.rawValue))
        return "server".withCString { server in
            "user".withCString { user in
                g_hash_table_insert(types, UnsafeMutableRawPointer(mutating: server), string)
                g_hash_table_insert(types, UnsafeMutableRawPointer(mutating: user), string)
                let schema = secret_schema_newv(schemaName, SECRET_SCHEMA_NONE, types)!
                defer { secret_schema_unref(schema) }
                return body(schema)
            }
        }
    }

    private static func withAttributes<T>(server: String, user: String, _ body: (OpaquePointer) -> T) -> T {
        let attributes = g_hash_table_new(g_str_hash, g_str_equal)!
        defer { g_hash_table_unref(attributes) }
        return "server".withCString { serverKey in
            "user".withCString { userKey in
                server.withCString { serverValue in
                    user.withCString { userValue in
                        g_hash_table_insert(attributes, UnsafeMutableRawPointer(mutating: serverKey),
                                            UnsafeMutableRawPointer(mutating: serverValue))
                        g_hash_table_insert(attributes, UnsafeMutableRawPointer(mutating: userKey),
                                            UnsafeMutableRawPointer(mutating: userValue))
                        return body(attributes)
                    }
                }
            }
        }
    }

    private static func failure(_ error: UnsafeMutablePointer<GError>) -> Failure {
        defer { g_error_free(error) }
        return .noSecretService(error.pointee.message.map { String(cString: $0) } ?? "")
    }
}
