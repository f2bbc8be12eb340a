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

    var iconDirectories: [String] {
        shareDirectories.map { $0 + "/icons" }.filter { FileManager.default.fileExists(atPath: $0) }
    }
}
