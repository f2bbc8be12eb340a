/// The properties of a task a server did not keep: those Flick sent that the text the server
/// stored lacks. Only RELATED-TO (subtasks) and X- properties (the order, other apps' fields)
/// are looked for: those are what servers are known to drop (tasks.org #695: a server that
/// keeps no RELATED-TO flattens every subtask), while a server may rightly rewrite others
/// (DTSTAMP, PRODID, the line folding).
enum DroppedProperties {
    static let subtasks = "RELATED-TO"

    /// The dropped names, sorted; empty when either text is not a task.
    static func names(sent: String, stored: String) -> [String] {
        guard let sentNames = names(in: sent), let storedNames = names(in: stored) else { return [] }
        return sentNames.subtracting(storedNames).filter(isWatched).sorted()
    }

    /// Whether `text` holds properties a server may drop, so that a strong ETag is no proof that
    /// they were kept and the stored text is worth reading back once.
    static func carriesSubtask(_ text: String) -> Bool {
        names(in: text)?.contains(subtasks) == true
    }

    private static func names(in text: String) -> Set<String>? {
        (try? ICalendarFile(text: text))?.task?.ownPropertyNames
    }

    private static func isWatched(_ name: String) -> Bool {
        name == subtasks || name.hasPrefix("X-")
    }
}
