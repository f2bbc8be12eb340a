import FlickCore
import FlickSync
import Foundation

/// What an import tells the user: what it did, or why it did nothing, in plain words.
enum ICSImportMessage {
    /// "Imported 3 new items from “work.ics” into “Work”." and what was updated or already there.
    static func summary(_ summary: ImportSummary, fileName: String, listNames: [String]) -> String {
        let lists = listNames.map { tr("“{name}”", ["name": $0]) }.joined(separator: ", ")
        var sentences = [trPlural("Imported {count} new item from “{file}” into {lists}.",
                                  "Imported {count} new items from “{file}” into {lists}.", summary.added,
                                  ["count": countText(summary.added), "file": fileName, "lists": lists])]
        if summary.updated > 0 {
            sentences.append(trPlural("{count} item was updated.", "{count} items were updated.", summary.updated,
                                      ["count": countText(summary.updated)]))
        }
        if summary.unchanged > 0 {
            sentences.append(trPlural("{count} item was already there.", "{count} items were already there.",
                                      summary.unchanged, ["count": countText(summary.unchanged)]))
        }
        return sentences.joined(separator: " ")
    }

    /// Why nothing was imported from `fileName`.
    static func failure(_ failure: ICSFileImport.Failure, fileName: String) -> String {
        switch failure {
        case let .unreadable(reason):
            return tr("“{file}” cannot be read: {reason}", ["file": fileName, "reason": reason])
        case .tooLarge:
            return tr("“{file}” is too large to be a list of tasks; nothing was imported.", ["file": fileName])
        case let .invalid(error):
            return tr("“{file}” is not a calendar Flick can read, so nothing was imported. Line {line}: {reason}",
                      ["file": fileName, "line": "\(error.line)", "reason": ICalendarErrorMessage.text(error.kind)])
        case let .invalidExport(error):
            return exportFailure(error, fileName: fileName)
        case .noTasks:
            return tr("“{file}” holds no tasks (only events, or nothing), so nothing was imported.", ["file": fileName])
        case let .notSaved(failure):
            return tr("The tasks of “{file}” could not be saved, so nothing was imported. {problem}",
                      ["file": fileName, "problem": StorageProblemMessage.importNotSaved(failure)])
        case let .readOnlyList(list):
            return tr("“{list}” is read-only on its server, so nothing of “{file}” was imported. Import it into another list.",
                      ["file": fileName, "list": list])
        }
    }

    /// "“data.json” looks like Errands’ data file but cannot be read, so nothing was imported. …"
    private static func exportFailure(_ error: ArrivalError, fileName: String) -> String {
        var reason: String
        switch error.kind {
        case .notText: reason = tr("It is not UTF-8 text.")
        case .malformed: reason = tr("It is cut short or not well-formed.")
        case let .missing(part): reason = tr("“{part}” is missing.", ["part": part])
        case let .badDate(field, value): reason = tr("“{value}” in “{field}” is not a date.", ["value": value, "field": field])
        case .unclosedQuote: reason = tr("A quoted field never closes.")
        }
        if let line = error.line { reason = tr("Line {line}: {reason}", ["line": "\(line)", "reason": reason]) }
        return tr("“{file}” looks like a file of {app} but cannot be read, so nothing was imported. {reason}",
                  ["file": fileName, "app": error.format.appName, "reason": reason])
    }
}
