/// A title being typed, on whichever page: the window saves it before it goes anywhere, and
/// the lift is followed over the whole window on whichever list holds one.
extension PageStack {
    /// Whether a title is being typed on any page.
    var isEditing: Bool { pages.contains { $0.madeList?.isEditing == true } }

    /// Saves the title being typed on any page, as Enter would; false when it could not be.
    func commitCurrentEdit() -> Bool {
        pages.allSatisfy { $0.madeList?.commitCurrentEdit() ?? true }
    }

    /// The gesture lists made so far, on every page.
    var madeLists: [GestureList] { pages.compactMap(\.madeList) }
}
