import FlickCore

/// What another writer committed to items (a sync, an import, a reminder's Complete, another
/// Flick): a list's page takes it in place, keeping its undo history. Its own writes are not
/// read back: its document holds what it wrote.
extension ItemsPage {
    func storeChanged(_ change: StoreChange) {
        switch change {
        case let .committed(commit):
            if !commit.itemIDs.isEmpty, commit.writer != document.asWriter { storeItemsChanged(commit.itemIDs) }
            if let id = document.list.id, screen.isOneList, commit.listIDs.contains(id) { listCommitted(id) }
        case .otherProgram:
            externalCommitArrived()
        case .writerFinished:
            writerFinished()
        }
    }

    /// A subtasks page took the sync's commits in, and its title is its item's; the list's
    /// level reads again what a query gathers, or the list's name (a sync may rename it). Reading
    /// again ends a title being typed, which is stored first (else it would be lost), as after
    /// another program's commit.
    private func writerFinished() {
        guard screen.followsWritersEnd else { return }
        guard needsReadingAgain() else { return readNameAgain() }
        if host.commitCurrentEdit() { readAgain() }
    }

    func storeItemsChanged(_ ids: Set<Int64>) {
        guard screen.isOneList, !isShutDown else { return }
        // A lifted row moves the list view's rows apart from the document until it is put down,
        // and a row being typed in would lose what was typed when the rows change around it
        // (found with a new item typed while a sync brought one): what came meanwhile waits
        // for the drop or the end of the typing (looked at again a moment later).
        heldStoreChanges.formUnion(ids)
        guard !list.liftView.isLifted, !list.isEditing else {
            if heldStoreChangesTimer == nil {
                heldStoreChangesTimer = MainLoop.after(seconds: 0.25) { [weak self] in
                    self?.heldStoreChangesTimer = nil
                    self?.storeItemsChanged([])
                }
            }
            return
        }
        let changed = heldStoreChanges
        heldStoreChanges = []
        guard !changed.isEmpty else { return }
        host.runner.refresh { try self.document.absorb(changedItemIDs: changed) }
        updateEmptyState()
        host.pageChanged()
    }

    /// A commit touched the page's list. Renamed (by the overview, a sync, an undo there), the
    /// header says the new name. Gone (deleted, its creation undone), the level of a list holds
    /// another: New Item and `flick --add` would write to a list that no longer exists. A
    /// subtasks page of that list stays as it is until it is left. The overview, at the bottom
    /// of the stack, has taken the commit in first, so `lists` knows.
    private func listCommitted(_ id: Int64) {
        if screen.isReplacedWhenItsListGoes, lists.index(of: id) == nil { return holdAnotherList(ifGone: id, lists: lists) }
        readNameAgain()
    }

    /// Another program committed to the file: the items are taken in as they are in it. Today,
    /// Upcoming and a search are read again, as is a list that is gone; that ends a title being
    /// typed, as a sync does (elsewhere the rows change around it).
    private func externalCommitArrived() {
        var ids: Set<Int64> = []
        host.runner.refresh { ids = try self.document.itemIDsHereAndStored() }
        storeItemsChanged(ids)
        if needsReadingAgain(), host.commitCurrentEdit() { readAgain() }
    }
}
