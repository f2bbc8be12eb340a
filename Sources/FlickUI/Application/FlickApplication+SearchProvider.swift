@preconcurrency import CGtk
import FlickCore
import Foundation

/// What the GNOME Shell's search does in Flick (`SearchProvider`): it searches the store as the
/// window's search does, a chosen item opens in the window, "more results" opens the window's
/// search, and the add entry adds the typed text as `flick --add` adds it, quick entry and all.
extension FlickApplication: SearchProviderHost {
    /// Opened as the window opens it (a damaged file is set aside and explained when the window
    /// is next shown), but a data folder that cannot be used is not told here: the user is
    /// typing in the Shell, where a window would be in the way. Opening the window tells it.
    func searchProviderResults() -> SearchProviderResults? {
        guard let store = openStore(tellingFailure: false) else { return nil }
        return SearchProviderResults(store: store, addListID: windowState.int64("last-list"))
    }

    func activateSearchResult(_ result: SearchProviderResultID) {
        switch result {
        case let .item(id): showFoundItem(id)
        case let .add(text): addFromSearch(text)
        }
    }

    func launchSearch(_ text: String) {
        guard let window = openWindow() else { return }
        presentWindow()
        window.search.start(typing: text)
    }

    /// The window, on the item's list with the item focused (at its level, if a subtask); an
    /// item deleted since the Shell found it leaves the window as it was.
    private func showFoundItem(_ id: Int64) {
        guard let window = openWindow() else { return }
        if let listID = try? store?.listID(ofItem: id) { window.go(to: .searchResult(id, inList: listID)) }
        presentWindow()
    }

    /// Adds the text at the top of the list the window shows or would open, as `--add` does,
    /// and says so: in the window when it is open (a screen reader hears it too), else in a
    /// notification, which opens the item. No window is opened for it: the user added from the
    /// Shell and may go on there.
    private func addFromSearch(_ text: String) {
        guard let store = openStore() else { return }
        let title = ItemText.normalised(text)
        do {
            guard let document = try store.document(listID: windowState.int64("last-list")) else { return }
            if let id = document.list.id, try store.readOnlyListIDs().contains(id) {
                return tellAdded(tr("“{list}” is read-only on its server: new items cannot be added to it",
                                    ["list": document.list.name]), itemID: nil)
            }
            guard let (id, due) = try Self.addAtTop(title, of: document) else { return }
            itemsChanged()
            let line = Self.addedLine(document.item(id)?.title ?? title, list: document.list.name, due: due)
            tellAdded(line.trimmingCharacters(in: .whitespacesAndNewlines), itemID: id)
        } catch {
            let failure = StorageFailure(error, folder: openDirectory ?? URL(fileURLWithPath: ".")).checkingFolder()
            tellAdded(tr("“{title}” was not added. {problem}",
                         ["title": title, "problem": StorageProblemMessage.addNotSaved(failure)]), itemID: nil)
        }
    }

    private func tellAdded(_ message: String, itemID: Int64?) {
        if let window = mainWindow {
            // After the window has taken the new item in (the store's commits reach it on the
            // main loop, and a search shown is read again, which hides any notice).
            MainLoop.idle { [weak window] in window?.notice.show(message, undoable: false) }
            return
        }
        let notification = g_notification_new(message)!
        defer { g_object_unref(UnsafeMutableRawPointer(notification)) }
        if let itemID {
            g_notification_set_default_action_and_target_value(notification, "app.open-item", g_variant_new_int64(Int(itemID)))
        }
        g_application_send_notification(gApplication, "search-provider-added", notification)
    }
}
