/// One result of the Shell's search provider, as the string the Shell keeps and hands back
/// (`GetResultMetas`, `ActivateResult`): an item, by its id in decimal, or the offer to add the
/// typed text as a new item, "add:" and the text. Any other string is no result of Flick's.
enum SearchProviderResultID: Equatable {
    case item(Int64)
    case add(String)

    private static let addPrefix = "add:"

    init?(_ string: String) {
        if string.hasPrefix(Self.addPrefix) {
            let text = String(string.dropFirst(Self.addPrefix.count))
            guard !text.isEmpty else { return nil }
            self = .add(text)
        } else if let id = Int64(string), id > 0 {
            self = .item(id)
        } else {
            return nil
        }
    }

    var string: String {
        switch self {
        case let .item(id): String(id)
        case let .add(text): Self.addPrefix + text
        }
    }
}
