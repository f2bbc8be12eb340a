import FlickCore
import Foundation

/// Reading a file of any format Flick imports into lists for `TodoStore.importLists`: the
/// format told by the content (`ArrivalFormat.detect`), then that format's reader. The whole
/// file is read before anything is stored, so a broken one is refused whole.
public enum ArrivalImport {
    public enum Failure: Error, Equatable {
        /// An iCalendar file (or a file of no format Flick knows, read as one) that is not valid.
        case calendar(ICalendarError)
        /// A file of another app's format that cannot be read.
        case export(ArrivalError)
    }

    /// The lists of `data`; `fileName` helps only to take a plain-text file as todo.txt.
    public static func lists(from data: Data, fileName: String = "", zone: TimeZone = .current,
                             now: Date = Date()) throws(Failure) -> [ImportedList] {
        do {
            let format = ArrivalFormat.detect(data, fileName: fileName)
            switch format {
            case .planify: return try checked(PlanifyBackup.lists(from: data, zone: zone), .planify)
            case .errands: return try checked(ErrandsDataFile.lists(from: data, zone: zone), .errands)
            case .gtg: return try checked(GTGDataFile.lists(from: data, zone: zone), .gtg)
            case .todoTxt: return try checked(TodoTxtFile.lists(from: data, zone: zone), .todoTxt)
            case .todoist: return try checked(TodoistCSV.lists(from: data, zone: zone), .todoist)
            case .iCalendar, nil: break
            }
        } catch {
            throw .export(error)
        }
        // Anything else goes the .ics way, which says at which line it stops being a calendar.
        do {
            return try ICSImport.lists(from: data, localZone: zone)
        } catch {
            throw .calendar(error)
        }
    }

    /// `lists`, unless a text in them holds a NUL, which JSON can write as "\u0000": SQLite's
    /// text would end there, so the file is refused as the .ics way refuses one.
    private static func checked(_ lists: [ImportedList], _ format: ArrivalFormat) throws(ArrivalError) -> [ImportedList] {
        let texts = lists.flatMap { list in [list.name ?? ""] + list.items.flatMap { [$0.uid, $0.title, $0.notes] + $0.tags } }
        if texts.contains(where: { $0.utf8.contains(0) }) { throw ArrivalError(format, .notText) }
        return lists
    }

    /// The lists of Evolution's task files (`EvolutionTaskFolder.taskFiles`), each named from
    /// its source; without one, as the calendar names itself, or (`folderNames`, for files found
    /// in Evolution's folders) after its folder. `read` gives a file's bytes.
    public static func lists(ofTaskFiles files: [URL], configFolder: URL = EvolutionTaskFolder.defaultConfigFolder,
                             folderNames: Bool = true, zone: TimeZone = .current, now: Date = Date(),
                             read: (URL) throws -> Data) throws -> [ImportedList] {
        var lists: [ImportedList] = []
        for file in files {
            let source = EvolutionTaskFolder.listName(ofTaskFile: file, configFolder: configFolder)
            let folder = folderNames ? file.deletingLastPathComponent().lastPathComponent : nil
            lists += try ICSImport.lists(from: read(file), localZone: zone).map { list in
                ImportedList(name: source ?? list.name ?? folder, items: list.items)
            }
        }
        return lists
    }
}
