import FlickCore
import Foundation

/// GNOME To Do's and Endeavour's local task lists: Evolution's local store, one folder per list
/// (~/.local/share/evolution/tasks/<source uid>/tasks.ics) whose name is in the source's key file
/// (~/.config/evolution/sources/<source uid>.source, "DisplayName" in [Data Source]), as
/// evolution-data-server's local backend (src/calendar/backends/file) and ESource key files
/// keep them (fixture: tests/fixtures/arrivals/evolution). The tasks themselves are iCalendar
/// and go the .ics way, keeping everything they hold.
public enum EvolutionTaskFolder {
    /// The name Evolution gives the list it makes itself, which has no key file of its own.
    static let builtInNames = ["system-task-list": "Personal"]

    /// The `tasks.ics` files of `folder`: its own (a list's folder), or those of its subfolders
    /// (the "tasks" folder of all lists), sorted by folder name. Empty when it has none.
    public static func taskFiles(in folder: URL) -> [URL] {
        let own = folder.appendingPathComponent("tasks.ics")
        if FileManager.default.fileExists(atPath: own.path) { return [own] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0).appendingPathComponent("tasks.ics") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The name of the list whose tasks.ics is `file`, from its source's key file under
    /// `configFolder` (XDG_CONFIG_HOME); nil when it cannot be read.
    public static func listName(ofTaskFile file: URL, configFolder: URL = defaultConfigFolder) -> String? {
        let uid = file.deletingLastPathComponent().lastPathComponent
        let keyFile = configFolder.appendingPathComponent("evolution/sources/\(uid).source")
        if let data = try? Data(contentsOf: keyFile), let name = displayName(inKeyFile: String(decoding: data, as: UTF8.self)) {
            return name
        }
        return builtInNames[uid]
    }

    public static var defaultConfigFolder: URL {
        if let config = ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return URL(fileURLWithPath: config)
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config")
    }

    /// DisplayName in the [Data Source] group of a GKeyFile, its escapes read (\s, \n, \t, \\).
    static func displayName(inKeyFile text: String) -> String? {
        var group = ""
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                group = line
            } else if group == "[Data Source]", line.hasPrefix("DisplayName") {
                let parts = line.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "DisplayName" else { continue }
                let value = unescaped(parts[1].trimmingCharacters(in: .whitespaces))
                return value.isEmpty ? nil : value
            }
        }
        return nil
    }

    private static func unescaped(_ value: String) -> String {
        var result = "", escaping = false
        for character in value {
            if escaping {
                switch character {
                case "s": result.append(" ")
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
