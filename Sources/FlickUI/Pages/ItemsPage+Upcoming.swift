import FlickCore
import Foundation

/// The Upcoming view is a page of items whose rows are its agenda's: the days'
/// headings, the items under them, and the later occurrences of repeating items. An item's row
/// keeps the item's id, so completing, postponing, deleting and the details work as on Today;
/// a heading and an occurrence (negative ids) do not slide or lift, and an item dropped under
/// another day's heading is due that day.
extension ItemsPage {
    /// The agenda of the document's items as stored now; nil on any other page.
    static func agenda(of document: ListDocument, in store: TodoStore) throws -> UpcomingAgenda? {
        guard case let .upcoming(day, _) = document.scope else { return nil }
        let open = document.items.lazy.filter { !$0.isCompleted }.map(\.id)
        return UpcomingAgenda(entries: try store.upcomingEntries(day: day, of: Array(open)), today: day)
    }

    /// Reads the agenda again after a change of its items and splices its rows into the list
    /// (`RowChanges`): the list keeps its place and the focused row. The agenda is made again
    /// rather than changed in step with the document: a change may move a row across days,
    /// and an occurrence comes and goes with its item's due date; a fortnight's rows are few.
    func upcomingItemsChanged() {
        let old = agenda?.rows.map(\.id) ?? []
        let focused = list.focusedID
        host.runner.refresh { self.agenda = try Self.agenda(of: self.document, in: self.host.store) }
        list.apply(RowChanges.between(old, agenda?.rows.map(\.id) ?? []) { UpcomingRow(id: $0)?.isHeading ?? false })
        // The focused row keeps the focus wherever it went (a day later), and the list its place.
        guard host.isShown(self), let focused, agenda?.index(of: focused) != nil, list.focusedID != focused else { return }
        list.focusAfterLayout(focused)
    }

    /// What the row at `index` of the agenda shows.
    func upcomingContent(of row: UpcomingRow, at index: Int, in agenda: UpcomingAgenda) -> RowContent {
        switch row {
        case .overdueHeading, .dayHeading:
            return UpcomingHeading.content(of: agenda.day(under: index), today: agenda.today, count: agenda.count(under: index))
        case let .item(id):
            guard let itemIndex = document.index(of: id) else { return RowContent(title: "", accessibleName: "") }
            return itemContent(at: itemIndex, dayInHeading: agenda.day(under: index) != nil)
        case let .occurrence(itemID, _):
            return occurrenceContent(of: itemID, due: agenda.due(of: row.id))
        }
    }

    /// A later occurrence looks like its item, drawn faint and without heat (it is not to do
    /// yet), and says it is a repeat.
    private func occurrenceContent(of itemID: Int64, due: DueDate?) -> RowContent {
        guard let index = document.index(of: itemID) else { return RowContent(title: "", accessibleName: "") }
        var inputs = rowInputs(at: index, now: Date())
        // Its start date, if it has one, is as far before it as the item's is (as completing moves it).
        if let due, let itemDue = inputs.item.due { inputs.item.startsOn = inputs.item.startsOn?.addingDays(due.days(since: itemDue)) }
        inputs.item.due = due
        inputs.heatStep = nil
        inputs.dayInHeading = true
        var content = Self.content(from: inputs)
        content.doneClass = "upcoming-occurrence"
        content.detailIsWarning = false
        content.accessibleName = tr("Repeat of {item}", ["item": content.accessibleName])
        return content
    }

    /// The item a row of Upcoming shows: its own, or the repeating item of an occurrence; nil
    /// for a heading.
    func upcomingItemID(of row: Int64) -> Int64? {
        switch UpcomingRow(id: row) {
        case let .item(id)?: id
        case let .occurrence(itemID, _)?: itemID
        case .overdueHeading?, .dayHeading?, nil: nil
        }
    }

    /// Rows that are items slide and lift; headings and occurrences do neither.
    func isUpcomingItemRow(_ id: Int64) -> Bool {
        if case .item = UpcomingRow(id: id) { return true }
        return false
    }

    /// A swipe or Space on a later occurrence: it cannot be completed before the ones before
    /// it. One VTODO holds the whole series (tasks.org's form, which Flick writes): completing
    /// an occurrence that is not the next would need an exception (EXDATE or a RECURRENCE-ID
    /// override) that tasks.org does not read, or would complete the ones before it unseen.
    func completeOccurrence(_ id: Int64) {
        guard case let .occurrence(itemID, _) = UpcomingRow(id: id), let title = document.item(itemID)?.title else { return }
        host.notice.show(tr("“{title}” repeats: complete its next occurrence first", ["title": title]), undoable: false)
    }

    /// A row dropped at `index`, or moved there by Alt+Home and Alt+End: due on the day of the
    /// heading above that place. Among the overdue items, or on its own day, nothing changes,
    /// and the row stays where it was.
    func dropUpcoming(_ id: Int64, at index: Int, in agenda: UpcomingAgenda) {
        guard isUpcomingItemRow(id), let day = agenda.day(droppingRow: id, at: index),
              agenda.day(under: agenda.index(of: id) ?? 0) != day else {
            // The lift has put the row back where it was already.
            return list.focus(id)
        }
        reschedule(id, toDay: day)
    }

    /// Alt+Up and Alt+Down on an item in Upcoming: a day earlier or later (not before today),
    /// as a drop under that day's heading does; the rows between do not count.
    func stepUpcomingDay(_ id: Int64, by step: Int) -> Bool {
        guard let agenda else { return false }
        guard isUpcomingItemRow(id), let due = agenda.due(of: id) else { return true }
        let day = max(due.days(since: agenda.today) + step, 0)
        if day < UpcomingAgenda.dayCount, day != due.days(since: agenda.today) {
            reschedule(id, toDay: agenda.today.addingDays(day))
        }
        return true
    }

    func reschedule(_ id: Int64, toDay day: DueDate) {
        guard list.commitCurrentEdit() else { return }
        list.driver.closeAll()
        host.runner.run(.reschedule(itemID: id, toDay: day), on: self)
    }

    /// Seen on the row, under its new day; said by the notice, which Orca hears.
    func rescheduleSaved(_ id: Int64, due: DueDate?) {
        guard let due, let agenda else { return }
        let day = UpcomingHeading.title(of: due.dateOnly, today: agenda.today)
        host.notice.show(tr("Moved to {day}", ["day": day]), undoable: true)
    }
}
