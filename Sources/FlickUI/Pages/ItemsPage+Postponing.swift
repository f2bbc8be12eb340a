import FlickCore
import Foundation

/// Postponing: a row dragged past its menu and let go there, the Postpone key, or the
/// menu's Postpone button, each one undoable step with a notice.
extension ItemsPage {
    /// Where postponing goes: the preference `postpone-to`, Tomorrow unless it says otherwise.
    var postponeTarget: PostponeTarget {
        host.windowState.string("postpone-to").flatMap(PostponeTarget.init(rawValue:)) ?? .tomorrow
    }

    /// Open items can be postponed; a completed one has nothing to wait for.
    func canPostpone(_ id: Int64) -> Bool {
        document.item(id).map { !$0.isCompleted } ?? false
    }

    var postponeWord: String { PostponeText.word(for: postponeTarget) }

    func swipedPastMenu(_ id: Int64) {
        postpone(id)
    }

    func postponeFocused() {
        if isSelecting { return postponeSelection() }
        if let id = focusedItemID { postpone(id) }
    }

    func postpone(_ id: Int64) {
        // A selected row's swipe past its menu, or its menu's Postpone: all of the selection.
        if actsOnSelection(id) { return postponeSelection() }
        guard canPostpone(id), list.commitCurrentEdit() else { return }
        list.driver.closeMenu()
        host.runner.run(.postpone(itemID: id, to: postponeTarget, today: DueDate.today()), on: self)
    }

    /// Seen on the row's chip, said by the notice, which Orca hears (`UndoNotice`).
    func postponeSaved(_ id: Int64, due: DueDate?) {
        host.notice.show(PostponeText.notice(for: due), undoable: true)
    }
}
