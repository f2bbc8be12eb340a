@preconcurrency import CGtk
import FlickCore
import FlickSync

/// The details view of an item of the page, kept in step with its list.
extension ItemsPage {
    func showDetails(_ row: Int64) {
        // Upcoming's later occurrence of a repeating item shows that item's details.
        let id = agenda == nil ? row : upcomingItemID(of: row) ?? row
        guard host.isShown(self), document.item(id) != nil else { return }
        if list.isEditing { list.commitCurrentEdit() }
        details?.close()
        var stored: ItemFields?
        var knownTags: [String] = []
        guard host.runner.perform(retry: { [weak self] in self?.showDetails(id) }, {
            // An item stored before schema v8 (v12) has its priority and tags (start) read from its text first.
            try OrganisingBackfill.run(self.host.store, limit: 1, itemIDs: [id])
            stored = try self.document.fields(of: id)
            knownTags = try self.host.store.allTags()
        }), let stored else { return }
        let opened = ItemDetailsWindow(over: host.window, in: host.phoneView, itemID: id, fields: stored,
                                       knownTags: knownTags) { [weak self] change in
            guard let self else { return nil }
            var saved: ItemFields?
            self.host.runner.perform {
                // The change goes to the fields as stored (`update` reads them), which a sync may
                // have changed since this window showed them.
                try self.document.update(id, change)
                saved = try self.document.fields(of: id)
            }
            return saved
        }
        opened.onClose = { [weak self, weak opened] in
            guard let self, let opened, self.details === opened else { return }
            self.details = nil
            // A window gives the focus back to the row as it goes; the view leaves it nowhere.
            if opened.isView { self.focus(id) }
        }
        details = opened
        opened.present()
    }

    /// Shows what is stored after a change of the list (an undo); closes the view when its
    /// item has gone.
    func refreshDetails() {
        guard let details else { return }
        guard document.item(details.itemID) != nil, let stored = try? document.fields(of: details.itemID) else {
            details.close()
            return
        }
        if stored != details.fields { details.show(stored) }
    }
}
