import Foundation
import Glibc

/// The names of the files created in a directory while it is watched (inotify), for tests that
/// check what SQLite writes outside the data folder. SQLite removes its temporary files as soon
/// as it opens them, so only their creation can be seen.
final class CreatedFilesWatch {
    private let descriptor: Int32

    init(directory: String) throws {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0, inotify_add_watch(descriptor, directory, UInt32(IN_CREATE)) >= 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    deinit { close(descriptor) }

    /// The names created since the watch began (or since the last call).
    func createdNames() -> [String] {
        var names: [String] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return names }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let length = buffer.withUnsafeBytes { Int($0.load(fromByteOffset: offset, as: inotify_event.self).len) }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let bytes = buffer[nameStart..<nameStart + length].prefix { $0 != 0 }
                names.append(String(decoding: bytes, as: UTF8.self))
                offset = nameStart + length
            }
        }
    }

    /// The directory SQLite puts its temporary files in on Unix: the first of these that is a
    /// directory it can write to (os_unix.c, `unixTempFileDir`).
    static func sqliteTemporaryDirectory() -> String? {
        let environment = ProcessInfo.processInfo.environment
        let candidates = [environment["SQLITE_TMPDIR"], environment["TMPDIR"], "/var/tmp", "/usr/tmp", "/tmp", "."]
        return candidates.compactMap { $0 }.first { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
                && access(path, W_OK | X_OK) == 0
        }
    }
}
