/// The other ways to open and close rows (DESIGN 2.1 and 2.5): keyboard, clicks,
/// scrolling, and changes to the items.
extension ListInteractionController {
    /// Opens the item's menu (Menu key, Shift+F10, right-click, long-press), closing
    /// any other. A drag in progress is cancelled. Does nothing when there is no room
    /// for a menu.
    public func openMenu(item: ID) -> [InteractionEffect<ID>] {
        record {
            cancelDrag()
            if canOpen { slide(item, open: true, velocity: 0) }
        }
    }

    /// Closes the open menu with a bounce (Esc, or after one of its actions). A drag
    /// of the open row is cancelled; a drag of another row goes on.
    public func closeMenu() -> [InteractionEffect<ID>] {
        record {
            guard let open = openItem else { return }
            if slideState.pressedItem == open { cancelDrag() }
            slide(open, open: false, velocity: 0)
        }
    }

    /// Closes everything: the list scrolled, a click elsewhere, editing, deleting or
    /// moving an item. Cancels any drag; a pinch goes on.
    public func closeAll() -> [InteractionEffect<ID>] {
        record {
            cancelDrag()
            if let open = openItem { slide(open, open: false, velocity: 0) }
        }
    }

    /// The item left the list. Its state is dropped without effects (its row widget
    /// now shows another item); a drag of it is cancelled.
    public func itemRemoved(_ id: ID) -> [InteractionEffect<ID>] {
        forget(id)
        return record {
            if slideState.pressedItem == id {
                cancelDrag()
                forget(id)
            }
        }
    }

    private func forget(_ id: ID) {
        rows[id] = nil
        forgetTold(id)
        if openItem == id { openItem = nil }
        if announcedOpen == id { announcedOpen = nil }
    }
}
