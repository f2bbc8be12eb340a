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
    }

    var buttons: [Button]

    /// An item's menu: Complete / Reopen, Postpone, Edit, Details, Subtasks, Move to…, Delete.
    static var items: RowMenu {
        RowMenu(buttons: [
            Button(icon: "object-select-symbolic", label: tr("Complete"), action: "win.toggle-complete-item",
                   completedIcon: "edit-undo-symbolic", completedLabel: tr("Reopen")),
            Button(icon: "media-seek-forward-symbolic", label: tr("Postpone"), action: "win.postpone-item"),
            Button(icon: "document-edit-symbolic", label: tr("Edit"), action: "win.edit-item"),
            Button(icon: "document-properties-symbolic", label: tr("Details"), action: "win.show-item-details"),
            Button(icon: "view-list-symbolic", label: tr("Subtasks"), action: "win.open-item-subtasks"),
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
