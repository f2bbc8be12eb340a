import Foundation

/// Where Flick keeps its database: `--data-dir`, else `$FLICK_DATA_DIR`, else
/// `$XDG_DATA_HOME/io.github.flicktodo.Flick` (with the XDG default `~/.local/share`).
public enum DataDirectory {
    public static let applicationID = "io.github.flicktodo.Flick"
    public static let environmentVariable = "FLICK_DATA_DIR"
    public static let databaseFileName = "flick.sqlite"

    public static func resolve(option: String?, environment: [String: String]) -> URL {
        if let option, !option.isEmpty {
            return URL(fileURLWithPath: option, isDirectory: true)
        }
        if let override = environment[environmentVariable], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        let dataHome: URL
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            dataHome = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share")
        }
        return dataHome.appendingPathComponent(applicationID, isDirectory: true)
    }

    /// Creates the directory (and parents) if needed and makes it private (0700).
    public static func prepare(_ directory: URL) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw StoreError.dataDirectoryIsAFile(directory.path) }
        } else {
            try PrivateFile.createFolders(directory)
        }
        // An existing folder may have been made by hand, or by an older Flick, with a looser mode.
        guard chmod(directory.path, 0o700) == 0 else { throw PrivateFile.lastError() }
    }
}
