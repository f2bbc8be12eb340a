import Foundation

/// What the phone's file picker (`PhoneFilePicker`) shows of a folder: its folders, then the
/// files it may offer, each group in the collation's order (as `ls` sorts names), hidden names
/// left out as a file manager leaves them. A folder of thousands (a Downloads) shows its first
/// `shownAtMost` and counts the rest: GtkListBox makes a widget for every row.
struct FolderListing: Equatable {
    struct Entry: Equatable {
        let name: String
        let url: URL
        let isFolder: Bool
    }

    /// Which files a listing shows besides folders.
    enum Files {
        /// None: a folder is being chosen.
        case none
        /// The files Flick imports, by their suffix (`FileChooser.taskFileSuffixes`).
        case taskFiles
        case all
    }

    static let shownAtMost = 500

    let folder: URL
    let entries: [Entry]
    /// Entries beyond `shownAtMost`, not shown.
    let notShown: Int

    /// Reads `folder`; throws what the system said when it cannot be read (no permission, gone).
    static func read(_ folder: URL, files: Files, locale: Locale = Collation.locale) throws -> FolderListing {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        var folders: [Entry] = []
        var shownFiles: [Entry] = []
        for name in names where !name.hasPrefix(".") {
            let url = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            // A link is followed (a Documents linked elsewhere is a folder); a broken one is left out.
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                folders.append(Entry(name: name, url: url, isFolder: true))
            } else if shows(name, files) {
                shownFiles.append(Entry(name: name, url: url, isFolder: false))
            }
        }
        let sorted = Self.sorted(folders, locale) + Self.sorted(shownFiles, locale)
        return FolderListing(folder: folder, entries: Array(sorted.prefix(shownAtMost)),
                             notShown: max(0, sorted.count - shownAtMost))
    }

    private static func shows(_ name: String, _ files: Files) -> Bool {
        switch files {
        case .none: return false
        case .all: return true
        case .taskFiles:
            let suffix = (name as NSString).pathExtension.lowercased()
            return FileChooser.taskFileSuffixes.contains(suffix)
        }
    }

    private static func sorted(_ entries: [Entry], _ locale: Locale) -> [Entry] {
        entries.sorted { first, second in
            let order = first.name.compare(second.name, options: [.caseInsensitive, .numeric], locale: locale)
            return order == .orderedSame ? first.name < second.name : order == .orderedAscending
        }
    }
}
