/// The whole items of the rows a list showed last (`ListDocument.item(at:)`), by id, in two
/// generations: an item is looked up in the newer, then in the older (and brought forward);
/// when the newer is full, the older is dropped and the newer takes its place. So at most
/// twice `capacity` items are held, and the rows on screen (GTK 4.8 binds about 200) stay.
/// A row's rank, list and completion are its `ItemRow`'s, laid over what is cached here.
struct ItemCache {
    let capacity: Int
    private var newer: [Int64: TodoItem] = [:]
    private var older: [Int64: TodoItem] = [:]

    init(capacity: Int = 1024) {
        self.capacity = capacity
    }

    mutating func item(_ id: Int64) -> TodoItem? {
        if let item = newer[id] { return item }
        guard let item = older.removeValue(forKey: id) else { return nil }
        store(item)
        return item
    }

    mutating func store(_ item: TodoItem) {
        guard let id = item.id else { return }
        if newer.count >= capacity, newer[id] == nil {
            older = newer
            newer = [:]
            newer.reserveCapacity(capacity)
        }
        newer[id] = item
        older[id] = nil
    }

    /// Whether the item is held, without bringing it forward.
    func holds(_ id: Int64) -> Bool {
        newer[id] != nil || older[id] != nil
    }

    /// After a write to the item, so that it is read again as stored.
    mutating func forget(_ id: Int64) {
        newer[id] = nil
        older[id] = nil
    }

    /// The ids of every item held, in both generations (for `ListDocument.checkInvariants`).
    var ids: Set<Int64> {
        Set(newer.keys).union(older.keys)
    }

    mutating func forgetAll() {
        newer = [:]
        older = [:]
    }
}
