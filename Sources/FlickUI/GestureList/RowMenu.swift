/// The buttons of a level's row menu, behind a slid row (DESIGN 2.2). Each button activates a
/// window action with the row's id as its target, so it works on any row, focused or not.
struct RowMenu {
    struct Button {
        var icon: String
        var label: String
        var action: String
        /// Shown instead on a completed row (Reopen for Complete), if it differs.
        var completedIcon: String?
        var completedLabel: String?
        var isDestructive = false
        /// At which widths the button is there (`RowBackView.setNarrow`).
        var shown = Widths.all
    }

    /// A phone's 360 px row has room for seven of the menu's 44 px buttons; a wider window's
    /// menu keeps its width, so that a drag past it postpones where it did.
    enum Widths {
        case all, wide, narrow
    }

    var buttons: [Button]

    /// An item's menu: Complete / Reopen, Postpone, Edit, Details, Subtasks, Move to…, Delete;
    /// at a phone's width Select stands in Edit's place. Eight 44 px buttons do not
    /// fit its 360 px row (8 × 44 + 7 × 3 + 24 = 397), and an eighth button on a wider window
    /// would move the point a drag postpones at (a drag that postponed must still).
    /// Edit is the one the row itself already offers to a finger: a double tap edits the title,
    /// as a double-click does, and Details edits it too; nothing else on a phone says that a row
    /// can be selected, where a wider window has Ctrl+click and Shift+arrows.
    static var items: RowMenu {
        RowMenu(buttons: [
            Button(icon: "object-select-symbolic", label: tr("Complete"), action: "win.toggle-complete-item",
                   completedIcon: "edit-undo-symbolic", completedLabel: tr("Reopen")),
            Button(icon: "media-seek-forward-symbolic", label: tr("Postpone"), action: "win.postpone-item"),
            Button(icon: "document-edit-symbolic", label: tr("Edit"), action: "win.edit-item", shown: .wide),
            Button(icon: "document-properties-symbolic", label: tr("Details"), action: "win.show-item-details"),
            Button(icon: "view-list-symbolic", label: tr("Subtasks"), action: "win.open-item-subtasks"),
            Button(icon: "selection-mode-symbolic", label: tr("Select"), action: "win.select-item", shown: .narrow),
            Button(icon: "go-jump-symbolic", label: tr("Move to Another List"), action: "win.move-item-to-list"),
            Button(icon: "user-trash-symbolic", label: tr("Delete"), action: "win.delete-item", isDestructive: true),
        ])
    }

    /// A list's menu on the overview: Complete All Items, Rename, Delete.
    static var lists: RowMenu {
        RowMenu(buttons: [
            Button(icon: "object-select-symbolic", label: tr("Complete All Items"), action: "win.complete-list"),
            Button(icon: "document-edit-symbolic", label: tr("Rename"), action: "win.rename-list-id"),
            Button(icon: "user-trash-symbolic", label: tr("Delete"), action: "win.delete-list-id", isDestructive: true),
        ])
    }
}
