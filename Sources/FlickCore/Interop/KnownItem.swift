/// An item an import finds by its UID: where it is and when it last changed, to update it in
/// place unless it changed after the file's copy.
struct KnownItem {
    var id: Int64
    /// Milliseconds since 1970, as `item.modified_at` stores them.
    var modifiedAt: Int64
    var listID: Int64
}
