import FlickCore
import FlickSync
import Foundation

/// A file the user gives Flick (on the command line, in the file chooser, by dropping it on the
/// window): an .ics file, another app's export (`ArrivalImport`: Planify, Errands, GTG,
/// todo.txt, Todoist) or a folder of Evolution's local task lists (GNOME To Do, Endeavour).
/// Read and checked whole before anything is stored, then stored in one transaction, so a
/// broken file adds nothing. The file itself is only read.
enum ICSFileImport {
    /// Larger files are refused before they are read: no to-do file is this big, and reading a
    /// disk image or a log by mistake should not take the memory.
    static let largestFileSize = 256 << 20

    enum Failure: Error {
        /// The file cannot be read (missing, a folder, no permission), in the system's words.
        case unreadable(String)
        case tooLarge
        case invalid(ICalendarError)
        /// Another app's export that cannot be read.
        case invalidExport(ArrivalError)
        /// A calendar without tasks (only events, or nothing).
        case noTasks
        /// The store refused the import (a full disk, a locked database).
        case notSaved(StorageFailure)
        /// New tasks would go into this list, which is read-only on its server.
        case readOnlyList(String)
    }

    /// The lists of the file (or Evolution task folder) at `url`.
    static func lists(inFileAt url: URL) -> Result<[ImportedList], Failure> {
        do {
            let size = try url.resourceValues(forKeys: [.fileSizeKey, .isDirectoryKey])
            if size.isDirectory == true { return lists(inFolder: url) }
            if (size.fileSize ?? 0) > largestFileSize { return .failure(.tooLarge) }
        } catch {
            return .failure(.unreadable(Self.systemReason(error)))
        }
        // Evolution's tasks.ics, chosen as a file: the list's name is its source's, if it has one
        // (another tasks.ics is named as any .ics file is).
        if url.lastPathComponent == "tasks.ics" { return lists(ofTaskFiles: [url], folderNames: false) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return .failure(.unreadable(Self.systemReason(error)))
        }
        do {
            let lists = try ArrivalImport.lists(from: data, fileName: url.lastPathComponent)
            return lists.isEmpty ? .failure(.noTasks) : .success(lists)
        } catch {
            switch error {
            case let .calendar(error): return .failure(.invalid(error))
            case let .export(error): return .failure(.invalidExport(error))
            }
        }
    }

    /// A folder is Evolution's local store of task lists, or one list of it; any other is refused.
    private static func lists(inFolder url: URL) -> Result<[ImportedList], Failure> {
        let files = EvolutionTaskFolder.taskFiles(in: url)
        guard !files.isEmpty else { return .failure(.unreadable(tr("It is a folder."))) }
        return lists(ofTaskFiles: files)
    }

    private static func lists(ofTaskFiles files: [URL], folderNames: Bool = true) -> Result<[ImportedList], Failure> {
        do {
            let lists = try ArrivalImport.lists(ofTaskFiles: files, folderNames: folderNames) { file in
                let size = try file.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0
                if size > largestFileSize { throw Failure.tooLarge }
                return try Data(contentsOf: file)
            }
            return lists.isEmpty ? .failure(.noTasks) : .success(lists)
        } catch let error as ICalendarError {
            return .failure(.invalid(error))
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(.unreadable(Self.systemReason(error)))
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
