import FlickCore
import Foundation

/// Plain words for a storage failure: what happened, that nothing saved before was lost, and
/// what to do. SQLite's own words go to the log, never into these sentences.
enum StorageProblemMessage {
    /// For a change that could not be saved while Flick runs.
    static func changeNotSaved(_ failure: StorageFailure) -> String {
        let folder = displayPath(failure.folder)
        switch failure.problem {
        case .diskFull:
            return tr("The disk is full. Your change was not saved; free some space and press Retry. Nothing saved before was lost.")
        case .readOnly:
            return tr("Flick cannot write to {folder} (it is read-only, or you may not change it). Your change was not saved; make the folder writable and press Retry. Nothing saved before was lost.",
                      ["folder": folder])
        case .diskError:
            return tr("The disk reported an error while saving to {folder}. Your change was not saved; check the disk and press Retry. Nothing saved before was lost.",
                      ["folder": folder])
        case .locked:
            return tr("Another program is using Flick’s list. Your change was not saved; close that program and press Retry. Nothing saved before was lost.")
        case .damaged:
            return tr("Flick’s list file in {folder} is damaged, so your change was not saved. Quit Flick and start it again: it keeps the damaged file aside and tells you what it found.",
                      ["folder": folder])
        case .notAFolder:
            return tr("{folder} is a file, not a folder. Your change was not saved.", ["folder": folder])
        case let .newerFlick(version, readable):
            return newerFlick(version: version, readable: readable, folder: folder)
        case .unknown:
            return tr("Your change could not be saved. Press Retry to try again. Nothing saved before was lost.")
        }
    }

    /// For an import that could not be saved: what to do before importing again.
    static func importNotSaved(_ failure: StorageFailure) -> String {
        let folder = displayPath(failure.folder)
        switch failure.problem {
        case .diskFull:
            return tr("The disk is full; free some space and import the file again.")
        case .readOnly:
            return tr("Flick cannot write to {folder}; make it writable and import the file again.", ["folder": folder])
        case .diskError:
            return tr("The disk reported an error while saving to {folder}; check the disk and import the file again.",
                      ["folder": folder])
        case .locked:
            return tr("Another program is using Flick’s list; close it and import the file again.")
        case .damaged:
            return tr("Flick’s list file in {folder} is damaged; start Flick again to have it kept aside.", ["folder": folder])
        case .notAFolder:
            return tr("{folder} is a file, not a folder.", ["folder": folder])
        case let .newerFlick(version, readable):
            return newerFlick(version: version, readable: readable, folder: folder)
        case .unknown:
            return tr("Import the file again to try once more.")
        }
    }

    /// For `flick --add` run without a window, whose item could not be stored.
    static func addNotSaved(_ failure: StorageFailure) -> String {
        switch failure.problem {
        case .diskFull:
            return tr("The disk is full; free some space and add the item again.")
        case .readOnly, .notAFolder:
            return tr("Flick cannot write to {folder}; make it writable and add the item again.",
                      ["folder": displayPath(failure.folder)])
        case let .newerFlick(version, readable):
            return newerFlick(version: version, readable: readable, folder: displayPath(failure.folder))
        default:
            return tr("Flick could not store it ({detail}); add the item again.", ["detail": failure.detail])
        }
    }

    /// For a data folder or database that Flick could not open at start.
    static func cannotStart(_ failure: StorageFailure) -> String {
        let folder = displayPath(failure.folder)
        switch failure.problem {
        case .notAFolder:
            return tr("{folder} is a file, not a folder. Flick keeps your lists in a folder: move the file away, or choose another folder with --data-dir.",
                      ["folder": folder])
        case .readOnly:
            return tr("Flick cannot write to {folder} (it is read-only, or you may not change it). Make the folder writable, or choose another folder with --data-dir.",
                      ["folder": folder])
        case .diskFull:
            return tr("The disk is full, so Flick cannot open its list in {folder}. Free some space and start Flick again.",
                      ["folder": folder])
        case .diskError:
            return tr("The disk reported an error while Flick opened {folder}. Check the disk and start Flick again.",
                      ["folder": folder])
        case .locked:
            return tr("Another program is using Flick’s list in {folder}. Close that program and start Flick again.",
                      ["folder": folder])
        case .damaged, .unknown:
            return tr("Flick could not open its list in {folder}. Start Flick again; if this keeps happening, choose another folder with --data-dir.",
                      ["folder": folder])
        case let .newerFlick(version, readable):
            return newerFlick(version: version, readable: readable, folder: folder)
        }
    }

    /// The system's or SQLite's own words, on a line of their own under a message that cannot
    /// name the cause (a disk error, damage, anything unknown), as the window shows them under
    /// its explanation: what a bug report needs. Empty when the message says it all.
    static func commandLineDetail(_ failure: StorageFailure) -> String {
        switch failure.problem {
        case .diskError, .damaged, .locked, .unknown: return "  \(failure.detail)\n"
        default: return ""
        }
    }

    /// The heading of the window that says Flick cannot start.
    static func cannotStartHeading(_ failure: StorageFailure) -> String {
        guard case .newerFlick = failure.problem else { return tr("Flick Cannot Start") }
        return tr("Your Lists Need a Newer Flick")
    }

    /// For a data folder whose database a newer Flick wrote, which this Flick leaves as it is
    /// (`NewerDatabase`). The schemas are numbered as NEWS numbers them with each release;
    /// `version` is nil when only the file's migrations say it is newer.
    static func newerFlick(version: Int?, readable: Int, folder: String) -> String {
        var values = ["folder": folder, "release": FlickApplication.version, "readable": "\(readable)"]
        guard let version else {
            return tr("Your lists in {folder} were saved by a newer version of Flick. This Flick, {release}, reads database schemas up to {readable}: update Flick to use them. Nothing in that folder was changed.",
                      values)
        }
        values["version"] = "\(version)"
        return tr("Your lists in {folder} were saved by a newer version of Flick (database schema {version}). This Flick, {release}, reads schemas up to {readable}: update Flick to use them. Nothing in that folder was changed.",
                  values)
    }

    /// The path with the home folder shown as "~", as file managers and terminals do.
    static func displayPath(_ path: String, home: String = NSHomeDirectory()) -> String {
        guard !home.isEmpty, home != "/" else { return path }
        if path == home { return "~" }
        return path.hasPrefix(home + "/") ? "~" + path.dropFirst(home.count) : path
    }
}
