import Foundation

/// An order Sort puts a list's open items in, once: the list keeps it only until the
/// user moves an item, as Clear keeps the order the user's. Each order is stable: items it
/// finds equal keep the order they had, so sorting by priority after sorting by due date leaves
/// the items of one priority by due date.
public enum ItemSortOrder: Sendable, Equatable {
    /// Earliest due first, items without a due date last. On one day, an item due that day
    /// without a time comes before the timed ones, which go by their time (as Today lists them,
    /// `TodayQuery`: a date alone means "some time that day").
    case dueDate
    /// High, medium, low, then items without a priority: the levels a row and the details show
    /// (`ItemPriority`), so two items another program gave 1 and 3, both high, keep their order.
    case priority
    /// By title as `collation`'s language sorts words, ignoring case, with numbers by their
    /// value: "item 2" before "Item 10". Accents are the language's: "Éclair" goes among the
    /// E's, after an "Eclair" (as a dictionary has them), and in German "Äpfel" among the A's,
    /// but in Swedish, whose Ä is a letter of its own, after Z.
    case title(collation: Locale)

    /// The keys in this order; equal ones keep the order they came in.
    func arranged(_ keys: [ItemSortKey]) -> [ItemSortKey] {
        // The place each came in decides between equals: `sort` does not promise stability.
        let placed = keys.enumerated().map { (place: $0.offset, key: $0.element) }
        return placed.sorted { first, second in
            switch compare(first.key, second.key) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: return first.place < second.place
            }
        }.map(\.key)
    }

    private func compare(_ first: ItemSortKey, _ second: ItemSortKey) -> ComparisonResult {
        switch self {
        case .dueDate: return Self.compare(first.dueOrder, second.dueOrder)
        case .priority: return Self.compare(first.priorityOrder, second.priorityOrder)
        case let .title(collation):
            return first.title.compare(second.title, options: Self.titleOptions, range: nil, locale: collation)
        }
    }

    /// Case does not count, nor full-width forms; numbers count by their value. Accents are left
    /// to the collation: Foundation's `.diacriticInsensitive` takes them off before the language
    /// sees the letters, and then sorted "Zucker" before "Äpfel" and "Apfelsaft" in Swedish.
    private static let titleOptions: String.CompareOptions = [.caseInsensitive, .widthInsensitive, .numeric]

    private static func compare<Key: Comparable>(_ first: Key, _ second: Key) -> ComparisonResult {
        first < second ? .orderedAscending : (second < first ? .orderedDescending : .orderedSame)
    }
}
