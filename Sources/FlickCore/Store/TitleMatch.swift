/// Which of some entries a text typed on the command line names (`flick --restore TEXT`,
/// `flick --delete TEXT`): those whose title is exactly the text, else those whose title holds
/// it, ignoring case. Only one may be named: acting on the wrong one of two is worse than a
/// question.
public enum TitleMatch<Entry> {
    case one(Entry)
    /// Several entries match; nothing should be done.
    case several([Entry])
    case none

    public init(_ text: String, among entries: [Entry], title: (Entry) -> String) {
        let exact = entries.filter { title($0) == text }
        let found = exact.isEmpty ? entries.filter { title($0).localizedCaseInsensitiveContains(text) } : exact
        switch found.count {
        case 0: self = .none
        case 1: self = .one(found[0])
        default: self = .several(found)
        }
    }
}

extension TitleMatch: Equatable where Entry: Equatable {}
extension TitleMatch: Sendable where Entry: Sendable {}
