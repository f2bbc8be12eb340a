import FlickCore

/// The row menu's actions (`win.*-item`): each names its item, so it works on any row, focused
/// or not. They act on whichever items page is shown.
extension ItemsPage {
    static func rowActions(on shownPage: @escaping @MainActor () -> ItemsPage?) -> [Actions.ItemEntry] {
        [
            .init(name: "toggle-complete-item") { id in
                shownPage()?.list.driver.closeMenu()
                shownPage()?.toggle(id)
            },
            .init(name: "postpone-item") { id in shownPage()?.postpone(id) },
            .init(name: "edit-item") { id in shownPage()?.list.startEditing(id) },
            .init(name: "show-item-details") { id in
                shownPage()?.list.driver.closeMenu()
                shownPage()?.showDetails(id)
            },
            .init(name: "delete-item") { id in shownPage()?.delete(id) },
            .init(name: "move-item-to-list") { id in shownPage()?.askWhereToMove(id) },
            .init(name: "open-item-subtasks") { id in shownPage()?.openSubtasks(id) },
            .init(name: "select-item") { id in shownPage()?.selectFromMenu(id) },
            .init(name: "open-item-menu") { id in shownPage()?.list.driver.openMenu(id, fromKeyboard: true) },
        ]
    }
}
