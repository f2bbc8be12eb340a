import FlickCore

/// The overview's changes as values (`ListsChange`): the host's runner performs each and, when
/// it could not be saved, its Retry performs the same value again.
extension ListsPage {
    /// Lists that came, went or changed (a sync, an import, another program) are read again;
    /// items that changed, and Recently Deleted's entries, change the counts, read now if the
    /// overview is shown (else when it is shown next). This page's own commits are not read
    /// back (`ownCommitArrived`).
    func storeChanged(_ change: StoreChange) {
        switch change {
        case let .committed(commit) where commit.writer == document.asWriter:
            ownCommitArrived(commit)
        case let .committed(commit):
            if !commit.listIDs.isEmpty {
                readAgain()
            } else if !commit.itemIDs.isEmpty || commit.changedRecentlyDeleted, madeList != nil, host.isShown(self) {
                host.runner.refresh { try self.refreshCounts() }
            }
        case .otherProgram:
            readAgain()
        case .writerFinished:
            break  // Its commits were taken in as they came.
        }
    }

    /// The overview's own commit: its document holds the lists and their counts as it wrote
    /// them (a rename read every list and count back, five reads). What the document does not
    /// keep is read where the commit touched it: Today's count after items changed (Complete
    /// All), Recently Deleted's after a deletion or its undo.
    private func ownCommitArrived(_ commit: StoreCommit) {
        guard madeList != nil else { return }
        host.runner.refresh {
            if !commit.itemIDs.isEmpty { try self.refreshTodayCount() }
            if commit.changedRecentlyDeleted { try self.refreshRecentlyDeletedCount() }
        }
    }
}

extension ListsPage: ChangeTarget {
    func prepare(_ change: ListsChange) -> Bool {
        // The last list stays: there is always one to add items to.
        if case let .delete(id) = change { return document.index(of: id) != nil && document.summaries.count > 1 }
        return true
    }

    func write(_ change: ListsChange) throws -> ListsChange.Outcome {
        try document.perform(change)
    }

    func saved(_ change: ListsChange, _ outcome: ListsChange.Outcome) {
        switch (change, outcome) {
        case let (.completeAll(id), .completed(count)):
            completedAll(count, ofList: id)
        case let (.move(id, _), .done):
            focus(id)
        case let (.delete, .deleted(list, index)):
            deletedList(list, formerIndex: index)
        case let (.undo, .undone(edit?)), let (.redo, .undone(edit?)):
            undone(edit)
        default:
            break  // The list had gone, or there was nothing to undo.
        }
    }
}
