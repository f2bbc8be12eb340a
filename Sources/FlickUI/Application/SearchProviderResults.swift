import FlickCore
import Foundation

/// The Shell's search in Flick's store, without D-Bus (`SearchProvider` carries it): the
/// typed terms give the offer to add them as a new item, then the items they find; result ids
/// give what the Shell shows of each.
///
/// Items are found as the window's search finds them (`ItemSearch`: every word in the title or
/// notes, the last one as a prefix, accents and case ignored; "#word" a tag; open items before
/// completed ones). The Shell's user types no "#", so when the words find fewer than a page of
/// items, they are also tried as tags ("home" finds what is tagged home): an item is found by
/// its words or by its tags, not by some of each.
@MainActor
struct SearchProviderResults {
    /// Items found at most: the Shell shows a few, and asks for the next ones only on "more".
    static let itemLimit = 20
    /// Longer typed text finds nothing and offers nothing: no one types that into a search
    /// field, and each result id carries the text.
    static let maximumTextLength = 1_000
    /// More terms than this are not a search either.
    static let maximumTerms = 64

    let store: TodoStore
    /// The list a new item goes to, as `flick --add` adds it: the one the window shows or
    /// would open (nil or gone: the first list).
    let addListID: Int64?
    var now = Date()

    /// The typed text the terms make, or nil when there is nothing to search for (no terms, only
    /// spaces) or too much.
    static func text(of terms: [String]) -> String? {
        guard terms.count <= maximumTerms, terms.reduce(0, { $0 + $1.count }) <= maximumTextLength else { return nil }
        let text = ItemText.normalised(terms.joined(separator: " "))
        return text.isEmpty ? nil : text
    }

    /// The add entry first, then the items found, as result ids; none for nothing typed.
    func ids(for terms: [String]) throws -> [String] {
        guard let text = Self.text(of: terms) else { return [] }
        let add = try addList() != nil ? [SearchProviderResultID.add(text).string] : []
        return add + (try items(matching: text)).map { SearchProviderResultID.item($0.id).string }
    }

    /// What the Shell shows of each id, in their order; an id of no item (gone since, or not
    /// Flick's) is left out.
    func metas(for ids: [String]) throws -> [SearchProviderMeta] {
        let results = ids.compactMap(SearchProviderResultID.init)
        let itemIDs = results.compactMap { if case let .item(id) = $0 { id } else { nil } }
        let found = Dictionary(try store.searchResults(ids: itemIDs).map { ($0.id, $0) }) { first, _ in first }
        return try results.compactMap { result in
            switch result {
            case let .item(id): found[id].map(meta(of:))
            case let .add(text): try addMeta(text)
            }
        }
    }

    /// The items the text finds by their words, then, if those are fewer than a page, by tags.
    func items(matching text: String) throws -> [SearchResult] {
        let byWords = try store.search(text, limit: Self.itemLimit)
        guard byWords.count < Self.itemLimit, let tags = Self.asTags(text) else { return byWords }
        var seen = Set(byWords.map(\.id))
        let byTags = try store.search(tags, limit: Self.itemLimit).filter { seen.insert($0.id).inserted }
        let all = byWords + byTags
        return Array((all.filter { !$0.isCompleted } + all.filter(\.isCompleted)).prefix(Self.itemLimit))
    }

    /// The text with each word that has a letter and is not a tag already made one ("#home");
    /// nil when that changes nothing.
    static func asTags(_ text: String) -> String? {
        var changed = false
        let words = text.split(whereSeparator: \.isWhitespace).map { word -> String in
            guard !word.hasPrefix("#"), word.contains(where: \.isLetter) else { return String(word) }
            changed = true
            return "#" + word
        }
        return changed ? words.joined(separator: " ") : nil
    }

    /// An item: its title, and its list (results come from every list) with what else the
    /// window's row says at a glance: done, or when it is due.
    private func meta(of result: SearchResult) -> SearchProviderMeta {
        let description: String
        if result.isCompleted {
            description = tr("{list}, completed", ["list": result.listName])
        } else if let due = result.due {
            description = tr("{list}, due {date}", ["list": result.listName, "date": DueChip.label(for: due, now: now).text])
        } else {
            description = result.listName
        }
        return SearchProviderMeta(id: SearchProviderResultID.item(result.id).string, name: result.title,
                                  description: description, iconName: nil)
    }

    /// The add entry: the title as quick entry leaves it, and where it goes with what was read
    /// off it ("New item in Groceries: Due Tomorrow"). Nil when there is no list to add to.
    private func addMeta(_ text: String) throws -> SearchProviderMeta? {
        guard let list = try addList() else { return nil }
        let (title, read) = Self.quickEntry(of: text, now: now)
        let description = QuickEntry.notice(for: read, now: now).map {
            tr("New item in {list}: {marks}", ["list": list.name, "marks": $0])
        } ?? tr("New item in {list}", ["list": list.name])
        return SearchProviderMeta(id: SearchProviderResultID.add(text).string, name: tr("Add “{title}”", ["title": title]),
                                  description: description, iconName: "list-add-symbolic")
    }

    /// What quick entry will read off the typed text once it is added (`QuickEntry.apply`): its
    /// tags and priority from the end, then a date phrase, a repeat and a start from what is left.
    static func quickEntry(of text: String, now: Date) -> (title: String, read: QuickEntry.Result) {
        var read = QuickEntry.Result()
        var title = text
        if let marks = QuickEntry.marksParser.parse(text) {
            (title, read.tags, read.priority) = (marks.title, marks.tags, marks.priority)
        }
        if let plan = QuickDates.plan(title, now: now), let rest = plan.title {
            title = rest
            read.take(plan)
        }
        return (title, read)
    }

    /// The list new items go to, unless it is read-only on its server; nil when there is none.
    func addList() throws -> TodoList? {
        let lists = try store.lists()
        guard let list = lists.first(where: { $0.id == addListID }) ?? lists.first, let id = list.id else { return nil }
        return try store.readOnlyListIDs().contains(id) ? nil : list
    }
}
