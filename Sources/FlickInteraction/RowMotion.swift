/// Where one row's front view is and, while it settles, how it moves.
/// Rows that are closed and still have no `RowMotion` at all.
struct RowMotion {
    /// Logical offset: negative towards the menu, positive towards the completion cue.
    var offset: Double
    /// Present while the row settles after a release or a keyboard action.
    var animation: SlideAnimation?

    init(offset: Double, animation: SlideAnimation? = nil) {
        self.offset = offset
        self.animation = animation
    }
}
