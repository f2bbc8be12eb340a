/// Which entries of Recently Deleted a text names (`flick --restore TEXT`): the entries whose
/// title is exactly the text, else those whose title holds it, ignoring case. Only one entry
/// may be named: a restore of the wrong one of two is worse than a question.
public enum DeletedItemMatch: Equatable, Sendable {
    case one(DeletedItem)
    /// Several entries match; nothing should be done.
    case several([DeletedItem])
    case none

    public init(_ text: String, among entries: [DeletedItem]) {
        let exact = entries.filter { $0.title == text }
        let found = exact.isEmpty ? entries.filter { $0.title.localizedCaseInsensitiveContains(text) } : exact
        switch found.count {
        case 0: self = .none
        case 1: self = .one(found[0])
        default: self = .several(found)
        }
    }
}
