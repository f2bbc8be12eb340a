@preconcurrency import CGtk
import FlickCore
import Foundation

/// "Run in the background and start at login": Flick started without a window at
/// login, so reminders come without the window open, and kept running when its window closes.
///
/// Where the desktop's Background portal runs, Flick asks it (`BackgroundPortal`),
/// and the portal writes the autostart entry if the user allows it; what the portal allowed is
/// kept in the setting `run-in-background`. Without the portal Flick writes an XDG autostart
/// entry itself, and the entry is the setting: the switch is on while the file exists, so
/// removing it by hand turns it off.
struct BackgroundPreference {
    static let fileName = "io.github.flicktodo.Flick.desktop"
    /// What the autostart entry runs: this executable, without a window.
    static let backgroundOption = "--background"
    /// The GSettings key that holds what the portal allowed.
    static let settingKey = "run-in-background"
    /// The entry's comment, by which an entry Flick wrote is told from one the portal wrote,
    /// which may be at the same path (the portal names it after the application's id).
    static let comment = "Shows Flick's reminders"

    let autostartDirectory: URL
    let executablePath: String
    /// Flick's settings; nil when the schema is not installed (the portal's answer is then
    /// not kept, and only the autostart entry counts).
    let settings: UnsafeMutablePointer<GSettings>?

    init(environment: [String: String] = ProcessEnvironment.all,
         executablePath: String = Bundle.main.executablePath ?? "flick",
         settings: UnsafeMutablePointer<GSettings>? = nil) {
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".config")
        autostartDirectory = URL(fileURLWithPath: config, isDirectory: true).appendingPathComponent("autostart")
        self.executablePath = executablePath
        self.settings = settings
    }

    var entryURL: URL { autostartDirectory.appendingPathComponent(Self.fileName) }

    /// On: an autostart entry is there, or the portal allowed Flick to run in the background.
    var isOn: Bool { hasEntry || allowedByPortal }

    var hasEntry: Bool { FileManager.default.fileExists(atPath: entryURL.path) }

    /// What the portal last allowed (`run-in-background`).
    var allowedByPortal: Bool {
        get { settings.map { g_settings_get_boolean($0, Self.settingKey) != 0 } ?? false }
        nonmutating set { if let settings { g_settings_set_boolean(settings, Self.settingKey, newValue ? 1 : 0) } }
    }

    /// The command line that starts Flick in the background, for the portal's autostart entry.
    var commandLine: [String] { [executablePath, Self.backgroundOption] }

    /// Whether the entry there is one Flick wrote (not the portal's).
    var hasOwnEntry: Bool {
        guard let text = try? String(contentsOf: entryURL, encoding: .utf8) else { return false }
        return text.contains("\nComment=\(Self.comment)\n")
    }

    /// Removes the autostart entry Flick wrote, if there is one, leaving the portal's: with
    /// the portal's entry, Flick's own would start it a second time at login, and would keep
    /// starting it after the portal was told no.
    func removeOwnEntry() throws {
        if hasOwnEntry { try FileManager.default.removeItem(at: entryURL) }
    }

    /// Writes or removes the autostart entry.
    func set(_ on: Bool) throws {
        if on {
            // Private as the data folder is: the entry tells where Flick is installed.
            try PrivateFile.createFolders(autostartDirectory)
            try PrivateFile.write(Data(entry.utf8), to: entryURL)
        } else if hasEntry {
            try FileManager.default.removeItem(at: entryURL)
        }
    }

    /// The desktop entry; the program is quoted as the Desktop Entry specification asks for an
    /// argument with spaces or reserved characters, and no shell runs it.
    var entry: String {
        """
        [Desktop Entry]
        Type=Application
        Name=Flick
        Comment=\(Self.comment)
        Exec=\(Self.quoted(executablePath)) \(Self.backgroundOption)
        Icon=io.github.flicktodo.Flick
        NoDisplay=true
        X-GNOME-Autostart-enabled=true

        """
    }

    static func quoted(_ argument: String) -> String {
        let reserved = CharacterSet(charactersIn: " \t\n\"'\\><~|&;$*?#()`=%")
        guard argument.rangeOfCharacter(from: reserved) != nil else { return argument }
        var escaped = ""
        for character in argument {
            if "\"`$\\".contains(character) { escaped += "\\\\" }
            escaped.append(character)
            if character == "%" { escaped.append("%") }  // A literal % is written %%.
        }
        return "\"\(escaped)\""
    }
}
