import FlickCore
import Foundation

/// "Run in the background and start at login" (issue 9): an XDG autostart entry that starts
/// Flick without a window at login, so reminders come without the window open. The entry itself
/// is the setting: the switch is on while the file exists, so removing it by hand turns it off.
struct BackgroundPreference {
    static let fileName = "io.github.flicktodo.Flick.desktop"
    /// What the autostart entry runs: this executable, without a window.
    static let backgroundOption = "--background"

    let autostartDirectory: URL
    let executablePath: String

    init(environment: [String: String] = ProcessEnvironment.all,
         executablePath: String = Bundle.main.executablePath ?? "flick") {
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".config")
        autostartDirectory = URL(fileURLWithPath: config, isDirectory: true).appendingPathComponent("autostart")
        self.executablePath = executablePath
    }

    var entryURL: URL { autostartDirectory.appendingPathComponent(Self.fileName) }

    var isOn: Bool { FileManager.default.fileExists(atPath: entryURL.path) }

    /// Writes or removes the autostart entry.
    func set(_ on: Bool) throws {
        if on {
            // Private as the data folder is: the entry tells where Flick is installed.
            try PrivateFile.createFolders(autostartDirectory)
            try PrivateFile.write(Data(entry.utf8), to: entryURL)
        } else if isOn {
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
        Comment=Shows Flick's reminders
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
