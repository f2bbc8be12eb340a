/// Thrown inside the write that would put a deleted item back when it is stored again by now
/// (Recently Deleted's Restore, a sync that brought it back): nothing is written, and the undo
/// that asked drops its step (`ListDocument.undo`).
struct ItemBackAlready: Error {
    let itemID: Int64
}
