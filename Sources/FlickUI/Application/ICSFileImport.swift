import FlickCore
import FlickSync
import Foundation

/// An .ics file the user gives Flick (on the command line, in the file chooser, by dropping it
/// on the window): read and checked whole before anything is stored, then stored in one
/// transaction, so a broken file adds nothing. The file itself is only read.
enum ICSFileImport {
    /// Larger files are refused before they are read: no to-do file is this big, and reading a
    /// disk image or a log by mistake should not take the memory.
    static let largestFileSize = 256 << 20

    enum Failure: Error {
        /// The file cannot be read (missing, a folder, no permission), in the system's words.
        case unreadable(String)
        case tooLarge
        case invalid(ICalendarError)
        /// A calendar without tasks (only events, or nothing).
        case noTasks
        /// The store refused the import (a full disk, a locked database).
        case notSaved(StorageFailure)
        /// New tasks would go into this list, which is read-only on its server.
        case readOnlyList(String)
    }

    /// The lists of the file at `url`.
    static func lists(inFileAt url: URL) -> Result<[ImportedList], Failure> {
        let data: Data
        do {
            let size = try url.resourceValues(forKeys: [.fileSizeKey, .isDirectoryKey])
            if size.isDirectory == true { return .failure(.unreadable(tr("It is a folder."))) }
            if (size.fileSize ?? 0) > largestFileSize { return .failure(.tooLarge) }
            data = try Data(contentsOf: url)
        } catch {
            return .failure(.unreadable(Self.systemReason(error)))
        }
        do {
            let lists = try ICSImport.lists(from: data)
            return lists.isEmpty ? .failure(.noTasks) : .success(lists)
        } catch {
            return .failure(.invalid(error))
        }
    }

    /// Imports the file at `url` into `store`: into the list called `listName` (made if
    /// needed), or each calendar into the list of its name (the file's name for one without).
    static func run(_ url: URL, into listName: String?, store: TodoStore) -> Result<ImportSummary, Failure> {
        lists(inFileAt: url).flatMap { lists in
            let target = listName.map(ImportTarget.listNamed)
                ?? .listsByName(fallbackName: url.deletingPathExtension().lastPathComponent)
            do {
                return .success(try store.importLists(lists, into: target))
            } catch let StoreError.listIsReadOnly(name) {
                return .failure(.readOnlyList(name))
            } catch {
                let folder = URL(fileURLWithPath: store.queue.path).deletingLastPathComponent()
                return .failure(.notSaved(StorageFailure(error, folder: folder).checkingFolder()))
            }
        }
    }

    /// The reason of a file error, without Foundation's wrapping ("The file … couldn't be opened").
    private static func systemReason(_ error: Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let posix = underlying, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError {
            return String(cString: strerror(ENOENT))
        }
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoPermissionError {
            return String(cString: strerror(EACCES))
        }
        return nsError.localizedDescription
    }
}
