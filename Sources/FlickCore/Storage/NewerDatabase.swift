import Foundation

/// The database was written by a newer Flick: its schema version is above the one this Flick
/// knows (`Schema.version`), or it records a migration this Flick does not have. It is refused
/// and left exactly as it is, never set aside or migrated: the newer Flick reads it, and a
/// fresh list in its place would hide the user's lists (Firefox and Thunderbird refuse a
/// profile from a newer version the same way).
public struct NewerDatabase: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file's schema version, nil when only an unknown migration tells (its `user_version`
    /// is not above this Flick's).
    public var version: Int?
    /// The highest schema version this Flick reads.
    public var readable: Int
    /// What was found, for the log.
    public var detail: String

    init(version: Int?, readable: Int = Schema.version, detail: String) {
        self.version = version
        self.readable = readable
        self.detail = detail
    }

    public var description: String { "written by a newer Flick: \(detail) (this Flick reads schema versions up to \(readable))" }

    /// The refusal, when the header of the file at `url` says it is Flick's with a newer schema.
    /// Only the header is read: see `DatabaseHeader`.
    static func inHeader(of url: URL) -> NewerDatabase? {
        guard let header = DatabaseHeader.read(url), header.applicationID == Schema.applicationID,
              Int(header.userVersion) > Schema.version else { return nil }
        return NewerDatabase(version: Int(header.userVersion), detail: "user_version \(header.userVersion)")
    }
}
