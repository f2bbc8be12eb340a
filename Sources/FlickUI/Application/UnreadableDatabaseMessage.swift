import FlickCore

/// Plain words for a database that could not be read and was kept aside.
enum UnreadableDatabaseMessage {
    static var heading: String { tr("Your List Could Not Be Read") }

    static func body(for problem: UnreadableDatabase) -> String {
        let why: String
        switch problem.reason {
        case .notADatabase:
            why = tr("The file is not a Flick database.")
        case .damaged:
            why = tr("The file is damaged.")
        case .foreign:
            why = tr("The file belongs to another application.")
        }
        return tr("{why} Flick has not changed or deleted it: it is kept at\n{path}\nFlick has started with a new list.",
                  ["why": why, "path": problem.keptAsideURL.path])
    }
}
