import Foundation

/// The name of the copy made before an upgrade, `flick-before-upgrade-from-version-13-2026-11-27.sqlite`:
/// the schema version the file had and the local day of the upgrade; a second one that day from
/// the same version (a backup of that version put back and upgraded again) ends `…-27-2.sqlite`.
enum UpgradeCopyName {
    static let prefix = "flick-before-upgrade-from-version-"
    static let suffix = ".sqlite"

    static func fileName(fromVersion version: Int, on date: Date, calendar: Calendar, counter: Int = 1) -> String {
        let day = BackupName.dayText(for: date, calendar: calendar)
        return prefix + "\(version)-" + day + (counter > 1 ? "-\(counter)" : "") + suffix
    }

    /// The day a copy's name says (the start of that day), nil for any other file.
    static func day(of name: String, calendar: Calendar) -> Date? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        let parts = name.dropFirst(prefix.count).dropLast(suffix.count).split(separator: "-")
        guard parts.count == 4 || parts.count == 5, parts.allSatisfy({ Int($0) != nil }) else { return nil }
        return BackupName.day(in: Substring(parts[1...3].joined(separator: "-")), calendar: calendar)
    }
}
