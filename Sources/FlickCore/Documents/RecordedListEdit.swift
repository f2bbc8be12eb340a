/// A step of a `ListDocument`'s undo history: the edit, with the count of the document's
/// `outsideReorders` when its positions were taken (they are exact while that count stays).
struct RecordedListEdit {
    var edit: ListEdit
    var reorders: Int
}
