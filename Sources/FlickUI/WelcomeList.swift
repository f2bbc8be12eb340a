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
            tr("Double-click or press F2 to edit an item"),
            tr("Move items with Alt+Up and Alt+Down"),
            tr("Delete with the Delete key; Ctrl+Z brings it back"),
            tr("Press Ctrl+? to see every shortcut"),
            tr("Press Ctrl+N to add your first item"),
        ]
    }

    static var listsName: String { tr("Many Lists") }

    static var listsTitles: [String] {
        [
            tr("Press Alt+Left or Escape to see all your lists"),
            tr("Click a list or press Enter to open it"),
            tr("Ctrl+Page Up and Ctrl+Page Down open the previous and next list"),
            tr("Press Ctrl+Shift+N to make a new list"),
            tr("On the lists, F2 renames one and Delete deletes it"),
            tr("Ctrl+Shift+Delete clears the completed items of a list"),
        ]
    }
}
