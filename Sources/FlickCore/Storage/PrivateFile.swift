import Foundation

/// Files and folders that only the user may read: the data folder, the database, the autostart
/// entry, an exported list. Made with their final mode from the start, so no umask (not even
/// 000) leaves them open to others, not even for a moment: FileManager and `Data.write` make
/// them 0777 or 0666 less the umask and change the mode only afterwards, if at all.
public enum PrivateFile {
    /// `mkdir` with mode 0700 for the folder and each missing parent, as the XDG base directory
    /// specification asks of the folders it creates; existing folders are left as they are.
    public static func createFolders(_ folder: URL) throws {
        let parent = folder.deletingLastPathComponent()
        if parent.path != folder.path, !FileManager.default.fileExists(atPath: parent.path) {
            try createFolders(parent)
        }
        // EEXIST: made meanwhile (by another process), which is as good.
        if mkdir(folder.path, 0o700) != 0, errno != EEXIST { throw lastError() }
    }

    /// Writes `data` to `url` whole or not at all, with mode 0600: a new file in the same folder
    /// (`writeTemporary`), renamed over `url` once written and synced.
    public static func write(_ data: Data, to url: URL) throws {
        let temporary = try writeTemporary(data, in: url.deletingLastPathComponent(), name: url.lastPathComponent)
        guard rename(temporary, url.path) == 0 else {
            let error = lastError()
            unlink(temporary)
            throw error
        }
    }

    /// `data` written and synced to a new hidden file of `folder` named after `name` (mkstemp
    /// makes it 0600); its path. Nothing is left behind when it fails.
    static func writeTemporary(_ data: Data, in folder: URL, name: String) throws -> String {
        var template = Array((folder.path + "/.\(name).XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw lastError() }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        do {
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            try handle.write(contentsOf: data)
            try handle.synchronize()
            try handle.close()
        } catch {
            unlink(temporary)
            throw error
        }
        return temporary
    }

    /// Makes the file at `path` 0600 if it exists; one that does not (never made, or deleted
    /// by another process a moment ago) is no failure.
    static func restrictMode(ofPath path: String) throws {
        guard chmod(path, 0o600) == 0 || errno == ENOENT else { throw lastError() }
    }

    static func lastError() -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}
