import Foundation
import Glibc

/// The fields of an SQLite file's 100-byte header that say whose file it is and which schema it
/// has, read with `read(2)` and no SQLite at all: opening a file in WAL mode, even read-only,
/// makes SQLite create its -wal and -shm files beside it and leave them there (SQLite 3.40: a
/// read-only connection cannot take the lock it needs to remove them when it closes). A file
/// that Flick will not open must be left as it was found, so this is read first.
struct DatabaseHeader: Equatable {
    /// `PRAGMA application_id`: bytes 68 to 71, big-endian.
    var applicationID: Int32
    /// `PRAGMA user_version`: bytes 60 to 63, big-endian.
    var userVersion: Int32

    static let magic = Array("SQLite format 3\0".utf8)
    static let size = 100

    /// The header of the file at `url`; nil when it cannot be read or is not an SQLite file's
    /// (too short, other bytes, encrypted): the full check then says what it is.
    static func read(_ url: URL) -> DatabaseHeader? {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: size)
        guard pread(descriptor, &bytes, size, 0) == size else { return nil }
        return parse(bytes)
    }

    static func parse(_ bytes: [UInt8]) -> DatabaseHeader? {
        guard bytes.count >= size, Array(bytes.prefix(magic.count)) == magic else { return nil }
        return DatabaseHeader(applicationID: bigEndian(bytes, at: 68), userVersion: bigEndian(bytes, at: 60))
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> Int32 {
        let value = bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return Int32(bitPattern: value)
    }
}
