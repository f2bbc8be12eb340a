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
        /// Left out at a phone's width (`RowBackView.setNarrow`), where the menu's 44 px buttons
        /// have room for seven in a 360 px row.
        var isLeftOutWhenNarrow = false
    }

    var buttons: [Button]

    /// An item's menu: Complete / Reopen, Postpone, Edit, Details, Subtasks, Select, Move to…,
    /// Delete. Eight 44 px buttons do not fit a phone's 360 px row (8 × 44 + 7 × 3 + 24 = 397):
    /// there, Edit gives way to Select (issue 60). Edit is the one the row itself already
    /// offers to a finger: a double tap edits the title, as a double-click does, and Details
    /// edits it too; nothing else on a phone says that a row can be selected.
    static var items: RowMenu {
        RowMenu(buttons: [
            Button(icon: "object-select-symbolic", label: tr("Complete"), action: "win.toggle-complete-item",
                   completedIcon: "edit-undo-symbolic", completedLabel: tr("Reopen")),
            Button(icon: "media-seek-forward-symbolic", label: tr("Postpone"), action: "win.postpone-item"),
            Button(icon: "document-edit-symbolic", label: tr("Edit"), action: "win.edit-item", isLeftOutWhenNarrow: true),
            Button(icon: "document-properties-symbolic", label: tr("Details"), action: "win.show-item-details"),
            Button(icon: "view-list-symbolic", label: tr("Subtasks"), action: "win.open-item-subtasks"),
            Button(icon: "selection-mode-symbolic", label: tr("Select"), action: "win.select-item"),
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
