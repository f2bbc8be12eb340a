import Foundation

/// Where the installed (or built) schema, translations and icons are, relative to the
/// executable: `<prefix>/bin/flick` finds `<prefix>/share` (whatever the prefix, so an install
/// into `~/.local` or `/opt/flick` works without environment variables); a build finds the
/// `share` that `make data` puts beside the binary.
struct ResourceLocations {
    let shareDirectories: [String]

    init() {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        let binDirectory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        shareDirectories = [
            binDirectory.appendingPathComponent("share").path,
            binDirectory.deletingLastPathComponent().appendingPathComponent("share").path,
        ].filter { FileManager.default.fileExists(atPath: $0) }
    }

    var localeDirectory: String {
        shareDirectories.map { $0 + "/locale" }.first { FileManager.default.fileExists(atPath: $0) }
            ?? "/usr/share/locale"
    }

    var schemaDirectories: [String] {
        shareDirectories.map { $0 + "/glib-2.0/schemas" }
            .filter { FileManager.default.fileExists(atPath: $0 + "/gschemas.compiled") }
    }

    /// Appends the share directories that `$XDG_DATA_DIRS` lacks (a `make install
    /// PREFIX=/opt/flick`, or the build directory) to it, so that the icon theme finds Flick's
    /// icon for the window and the About window. Done before GTK starts: adding a search path
    /// to the display's icon theme afterwards makes GTK load the whole theme again on the main
    /// thread, about 8 ms on the path to the first frame (make bench). A later place in the
    /// list never shadows an icon of the desktop's own directories.
    func addToDataDirectories() {
        let current = ProcessEnvironment.value("XDG_DATA_DIRS").flatMap { $0.isEmpty ? nil : $0 }
            ?? "/usr/local/share:/usr/share"  // The XDG base directory specification's default.
        var directories = current.split(separator: ":").map(String.init)
        let known = Set(directories.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        for directory in shareDirectories where !known.contains(URL(fileURLWithPath: directory).standardizedFileURL.path) {
            directories.append(directory)
        }
        setenv("XDG_DATA_DIRS", directories.joined(separator: ":"), 1)
    }
}
