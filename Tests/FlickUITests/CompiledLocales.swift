import Foundation
import XCTest

/// Locales compiled for a test into a folder of its own, found through LOCPATH: the machine may
/// have no locale but C, and `setlocale` finds only what is compiled. Needs localedef and the
/// `locales` package's sources; the test is skipped without them.
struct CompiledLocales {
    let folder: URL

    /// Compiles each of `names` ("de_DE") as name.UTF-8 and points LOCPATH at them.
    init(_ names: [String]) throws {
        guard FileManager.default.fileExists(atPath: "/usr/bin/localedef"),
              names.allSatisfy({ FileManager.default.fileExists(atPath: "/usr/share/i18n/locales/\($0)") }) else {
            throw XCTSkip("needs localedef and the locales package's sources")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-locales-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in names { try Self.compile(name, into: folder) }
        setenv("LOCPATH", folder.path, 1)
    }

    /// Unsets LOCPATH and removes the folder.
    func remove() {
        unsetenv("LOCPATH")
        try? FileManager.default.removeItem(at: folder)
    }

    private static func compile(_ name: String, into folder: URL) throws {
        let localedef = Process()
        localedef.executableURL = URL(fileURLWithPath: "/usr/bin/localedef")
        localedef.arguments = ["-i", name, "-f", "UTF-8", folder.appendingPathComponent("\(name).UTF-8").path]
        try localedef.run()
        localedef.waitUntilExit()
        XCTAssertEqual(localedef.terminationStatus, 0, "localedef \(name)")
    }
}
