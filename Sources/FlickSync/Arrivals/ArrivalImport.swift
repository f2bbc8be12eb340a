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
            switch ArrivalFormat.detect(data, fileName: fileName) {
            case .planify: return try PlanifyBackup.lists(from: data, zone: zone)
            case .errands: return try ErrandsDataFile.lists(from: data, zone: zone)
            case .gtg: return try GTGDataFile.lists(from: data, zone: zone)
            case .todoTxt: return try TodoTxtFile.lists(from: data, zone: zone)
            case .todoist: return try TodoistCSV.lists(from: data, zone: zone)
            case .iCalendar, nil: break
            }
        } catch {
            throw .export(error)
        }
        // Anything else goes the .ics way, which says at which line it stops being a calendar.
        do {
            return try ICSImport.lists(from: data, localZone: zone, now: now)
        } catch {
            throw .calendar(error)
        }
    }

    /// The lists of Evolution's task files (`EvolutionTaskFolder.taskFiles`), each named from
    /// its source where the tasks do not name it; `read` gives a file's bytes.
    public static func lists(ofTaskFiles files: [URL], configFolder: URL = EvolutionTaskFolder.defaultConfigFolder,
                             zone: TimeZone = .current, now: Date = Date(),
                             read: (URL) throws -> Data) throws -> [ImportedList] {
        var lists: [ImportedList] = []
        for file in files {
            let name = EvolutionTaskFolder.listName(ofTaskFile: file, configFolder: configFolder)
            lists += try ICSImport.lists(from: read(file), localZone: zone, now: now).map { list in
                ImportedList(name: name ?? list.name ?? file.deletingLastPathComponent().lastPathComponent, items: list.items)
            }
        }
        return lists
    }
}
