import FlickCore

/// The lists a new user finds on first run: each item teaches a gesture and its keyboard way.
/// The first teaches items; the second, below it in the overview, teaches lists.
enum WelcomeList {
    static var name: String { tr("Welcome to Flick") }

    static var titles: [String] {
        [
            // Translators: in right-to-left languages the gestures are mirrored: where the
            // welcome items say "left", say "right", and the other way round.
            tr("Drag a row left to open its menu (or press Menu)"),
            tr("Flick a row left quickly: the menu pops open"),
            tr("Drag a row right to complete it (or press Space)"),
            tr("Pinch two rows apart to add an item between them (or Ctrl+Enter)"),
            tr("Pull the list down past its top to add an item there"),
            tr("Double-click or press F2 to edit an item"),
            tr("Hold a row until it lifts, then drag it to move it (or Alt+Up and Alt+Down)"),
            tr("Delete with the Delete key; Ctrl+Z brings it back"),
            tr("Press Ctrl+? to see every shortcut"),
            tr("Press Ctrl+N to add your first item"),
        ]
    }

    static var listsName: String { tr("Many Lists") }

    static var listsTitles: [String] {
        [
            tr("Pinch the items together to see all your lists (or Alt+Left, or Escape)"),
            tr("Click a list, spread two fingers on it or press Enter to open it"),
            tr("Ctrl+Page Up and Ctrl+Page Down open the previous and next list"),
            tr("Pull the lists down to make a new one (or Ctrl+Shift+N)"),
            tr("Drag a list right to complete all its items (or press Space)"),
            tr("On the lists, F2 renames one and Delete deletes it"),
            tr("Pull a list up past its end to clear its completed items (or Ctrl+Shift+Delete)"),
        ]
    }

    /// A new store, or one left without any list (an empty file, a first run interrupted before
    /// the welcome lists were written), gets the welcome lists: the window and the command line
    /// make a new data folder the same way.
    static func addIfNeeded(to store: TodoStore) throws {
        guard try store.isNew || !store.hasLists() else { return }
        try store.createList(name: name, titles: titles)
        try store.createList(name: listsName, titles: listsTitles)
    }
}
