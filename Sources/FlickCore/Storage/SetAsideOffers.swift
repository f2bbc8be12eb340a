import Foundation

/// The files set aside that the window has looked at, each once: offered to be used again, or
/// found still unreadable. A note beside the database, a name a line (`SetAsideDatabase`).
public enum SetAsideOffers {
    static func noteURL(besides databaseURL: URL) -> URL {
        URL(fileURLWithPath: databaseURL.path + "-set-aside-offered")
    }

    /// The names of the files already looked at.
    public static func offered(besides databaseURL: URL) -> Set<String> {
        guard let text = try? String(contentsOf: noteURL(besides: databaseURL), encoding: .utf8) else { return [] }
        return Set(text.split(separator: "\n").map(String.init))
    }

    /// Notes that `file` was looked at. A note that cannot be written means it is looked at again.
    public static func remember(_ file: URL, besides databaseURL: URL) {
        let names = offered(besides: databaseURL).union([file.lastPathComponent]).sorted()
        try? PrivateFile.write(Data((names.joined(separator: "\n") + "\n").utf8), to: noteURL(besides: databaseURL))
    }
}
