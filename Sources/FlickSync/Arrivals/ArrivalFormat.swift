import Foundation

/// The kinds of file Flick imports, told apart by what the file holds,
/// not by its name: Planify's backup and Errands' data file are both JSON, GTG's is XML named
/// .xml or .bak, and a todo.txt is whatever its owner called it.
public enum ArrivalFormat: String, Sendable, CaseIterable {
    case iCalendar
    case planify
    case errands
    case gtg
    case todoTxt
    case todoist

    /// The app's own name, for messages ("… looks like a Planify backup").
    public var appName: String {
        switch self {
        case .iCalendar: "iCalendar"
        case .planify: "Planify"
        case .errands: "Errands"
        case .gtg: "Getting Things GNOME"
        case .todoTxt: "todo.txt"
        case .todoist: "Todoist"
        }
    }

    /// The format `data` is in, or nil when it is none Flick knows. `fileName` only decides
    /// between plain text that has no todo.txt mark on half its lines and nothing: a file the
    /// user named "something.txt" is taken as todo.txt.
    public static func detect(_ data: Data, fileName: String = "") -> ArrivalFormat? {
        let head = leadingText(of: data)
        if head.hasPrefix("BEGIN:VCALENDAR") || head.uppercased().hasPrefix("BEGIN:VCALENDAR") { return .iCalendar }
        if head.hasPrefix("{") { return jsonFormat(of: data) }
        if head.hasPrefix("<") { return head.contains("<gtgData") ? .gtg : nil }
        if TodoistCSV.hasHeader(head) { return .todoist }
        if TodoTxtFile.looksLikeTodoTxt(data) || (fileName.lowercased().hasSuffix(".txt") && TodoTxtFile.isText(data)) {
            return .todoTxt
        }
        return nil
    }

    /// The first 4 KB as text, without a byte order mark or the white space before the content.
    private static func leadingText(of data: Data) -> String {
        var text = String(decoding: data.prefix(4096), as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return String(text.drop { $0.isWhitespace })
    }

    /// Planify's backup has "projects" and "items", Errands' data file "lists" and "tasks".
    private static func jsonFormat(of data: Data) -> ArrivalFormat? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            // Broken JSON still names its format by its first keys, so the message can say which.
            let head = String(decoding: data.prefix(4096), as: UTF8.self)
            if head.contains("\"projects\"") || head.contains("\"items\"") { return .planify }
            if head.contains("\"tasks\"") || head.contains("\"lists\"") { return .errands }
            return nil
        }
        if object["projects"] != nil, object["items"] != nil { return .planify }
        if object["lists"] != nil, object["tasks"] != nil { return .errands }
        return nil
    }
}
