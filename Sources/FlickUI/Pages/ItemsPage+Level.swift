@preconcurrency import CGtk
import Foundation
import FlickCore

/// The page's items as the level of its gesture list: what each row shows and what the
/// gestures do to the items.
extension ItemsPage: GestureListLevel {
    var rowCount: Int { agenda?.rows.count ?? document.items.count }

    var rowIDs: [Int64] { agenda?.rows.map(\.id) ?? document.items.map(\.id) }

    func rowID(at index: Int) -> Int64? {
        if let agenda { return agenda.rows.indices.contains(index) ? agenda.rows[index].id : nil }
        return document.items.indices.contains(index) ? document.items[index].id : nil
    }

    func rowIndex(of id: Int64) -> Int? {
        agenda.map { $0.index(of: id) } ?? document.index(of: id)
    }

    /// The heat map spans the open items only (DESIGN 2.7): an open item's colour is its place
    /// among them. A row made from the same inputs as last time is not made again.
    func content(ofRowAt index: Int, drawnAt position: Int, of count: Int) -> RowContent {
        if let agenda, agenda.rows.indices.contains(index) {
            return upcomingContent(of: agenda.rows[index], at: index, in: agenda)
        }
        return itemContent(at: index)
    }

    /// The row of the document's item at `index` (`dayInHeading`: `ItemRowInputs`).
    func itemContent(at index: Int, dayInHeading: Bool = false) -> RowContent {
        var inputs = rowInputs(at: index, now: Date())
        inputs.dayInHeading = dayInHeading
        guard let id = inputs.item.id else { return Self.content(from: inputs) }
        return rowContents.content(of: id, from: inputs, make: Self.content(from:))
    }

    func rowInputs(at index: Int, now: Date) -> ItemRowInputs {
        let item = document.item(at: index)
        // Today and a search gather rows from every list and level: their rows say whose they are.
        return ItemRowInputs(
            item: item,
            heatStep: heatStep(at: index, isCompleted: item.isCompleted),
            minute: Self.minute(of: now),
            listName: screen.isOneList ? nil : lists.name(of: item.listID),
            parentTitle: document.parentTitle(at: index),
            tags: item.marks.contains(.tags) ? document.tags(of: item) : [],
            subtasks: item.id.flatMap { document.subtaskProgress[$0] },
            isSelected: item.id.map(selection.contains) ?? false)
    }

    /// The heat map's hue step of the item at `index`: its place among the open items.
    private func heatStep(at index: Int, isCompleted: Bool) -> Int? {
        guard !isCompleted else { return nil }
        let places = openItemPlaces
        return HeatMapStyle.step(position: places.place(ofItemAt: index), count: places.openCount)
    }

    private nonisolated static func minute(of now: Date) -> Int {
        Int((now.timeIntervalSince1970 / 60).rounded(.down))
    }

    /// A row of one list that a write did not name shows the item it was made from (the
    /// document names every item it changes), so only what the row was made from beside its
    /// item can differ. Today, a search and Upcoming also show other items' titles and lists'
    /// names: their rows are made again.
    func stamp(ofRowAt index: Int) -> RowStamp? {
        guard agenda == nil, screen.isOneList, document.items.indices.contains(index) else { return nil }
        let row = document.items[index]
        return RowStamp(heatStep: heatStep(at: index, isCompleted: row.isCompleted), minute: Self.minute(of: Date()),
                        isCompleted: row.isCompleted, isSelected: selection.contains(row.id),
                        subtasks: document.subtaskProgress[row.id])
    }

    nonisolated static func content(from inputs: ItemRowInputs) -> RowContent {
        let item = inputs.item
        let title = item.title.isEmpty ? tr("New item") : item.title
        // The minute's last second: a time due in that minute has come (due times are to the minute).
        let now = Date(timeIntervalSince1970: Double(inputs.minute + 1) * 60 - 1)
        let chip = item.due.map { DueChip.label(for: $0, now: now) }
        // An item waiting for its start date is drawn dimmed, without the heat map's colour (it
        // is not to be done yet), and says when it starts (ListDocument+Starts).
        let start = item.waitsForStart(on: DueDate.dayNumber(of: now, in: .current))
            ? item.startsOn.map { DueChip.label(for: $0, now: now).text } : nil
        let place = inputs.listName.map { list in inputs.parentTitle.map { "\(list) › \($0)" } ?? list }
        let startText = start.map { tr("Starts {date}", ["date": $0]) }
        // Beside a start, the due date says what it is ("Starts Mon · due Fri", not "Mon · Fri").
        let shownChip = inputs.dayInHeading ? item.due.flatMap { DueChip.timeText(for: $0) } : chip?.text
        let dueText = startText == nil ? shownChip : shownChip.map { tr("due {date}", ["date": $0]) }
        let detail = [place, startText, dueText].compactMap { $0 }.joined(separator: " · ")
        let name = ItemSpeech.name(of: item, title: title, chip: chip, start: start, listName: inputs.listName,
                                   parentTitle: inputs.parentTitle, tags: inputs.tags, subtasks: inputs.subtasks)
        return RowContent(title: title, titleIsPlaceholder: item.title.isEmpty,
                          doneClass: item.isCompleted ? "completed" : start != nil ? "not-started" : nil,
                          heatClass: start != nil ? nil : inputs.heatStep.map(HeatMapStyle.className(step:)),
                          // Said last, as a state: Orca hears it on each selected row.
                          // The row's SELECTED state alone is not said: Orca 43 says "selected"
                          // only in a MULTISELECTABLE list, which GTK 4.8 cannot make one.
                          accessibleName: inputs.isSelected ? tr("{name}, selected", ["name": name]) : name,
                          detail: detail.isEmpty ? nil : detail, detailClass: "due-chip",
                          detailIsWarning: chip.map { $0.isOverdue && !item.isCompleted } ?? false,
                          marks: item.marks, tags: inputs.tags, subtasks: inputs.subtasks,
                          isCompleted: item.isCompleted, isSelected: inputs.isSelected)
    }

    func editableTitle(of id: Int64) -> String? {
        document.item(id)?.title
    }

    func swipedRight(_ id: Int64) {
        if agenda != nil, !isUpcomingItemRow(id) { return completeOccurrence(id) }
        toggle(id)
    }

    /// On Upcoming, headings and later occurrences do not slide: they have no menu.
    func canSlide(_ id: Int64) -> Bool {
        agenda == nil || isUpcomingItemRow(id)
    }

    /// Completed items stay below the open ones (DESIGN 2.7): they are not lifted; Today is in
    /// due order, so nothing is lifted there.
    func canLift(_ id: Int64) -> Bool {
        if agenda != nil { return isUpcomingItemRow(id) && document.item(id).map { !$0.isCompleted } ?? false }
        return screen.isOneList && (document.item(id).map { !$0.isCompleted } ?? false)
    }

    func moveRow(_ id: Int64, to index: Int) {
        if let agenda { return dropUpcoming(id, at: index, in: agenda) }
        move(id, to: index)
    }

    func stepRow(_ id: Int64, by step: Int) -> Bool {
        stepUpcomingDay(id, by: step)
    }

    func activateTrailingEnd(_ id: Int64) -> Bool {
        showDetails(id)
        return true
    }

    /// Enter edits the item; on search results, it opens the item in its list.
    func activate(_ id: Int64) -> Bool {
        // A heading or an occurrence has no title of its own to edit.
        if agenda != nil, !isUpcomingItemRow(id) { return true }
        guard screen.activateOpensInList, let listID = document.item(id)?.listID else { return false }
        host.go(to: .searchResult(id, inList: listID))
        return true
    }

    /// Two fingers spread on one item open its subtasks; across two items they open
    /// a gap to insert between them. Search results and Today are not a tree's levels.
    var spreadOpensRow: Bool { screen.isOneList }

    /// A touchpad's spread (which has no points) over the middle of an item that has subtasks
    /// opens them; anywhere else it opens a gap to insert, as it always has: an item without
    /// subtasks is opened by Alt+Right, its menu or a touch, not by a spread meant to insert.
    func touchpadSpreadOpens(_ id: Int64) -> Bool {
        screen.isOneList && document.subtaskProgress[id] != nil
    }

    func spreadOpen(_ id: Int64) {
        openSubtasks(id)
    }

    func commitTitle(_ title: String, of id: Int64) -> Bool {
        guard !title.isEmpty else {
            // An empty title removes the item, with Undo, as Delete does.
            list.endEdit()
            delete(id)
            return true
        }
        return host.runner.perform(retry: { [weak self] in self?.list.commitCurrentEdit() }) {
            try self.document.rename(id, to: title)
            try self.applyQuickEntry(to: id)
        }
    }

    /// Not in a list whose calendar the account may only read: the server would refuse the
    /// item, and the sync would have nowhere to keep it.
    func mayAddRow() -> Bool {
        guard let reason = whyNoNewRows else { return true }
        host.notice.show(reason, undoable: false)
        return false
    }

    /// Why no item can be added to the open list, or nil when items can be.
    var whyNoNewRows: String? {
        guard let id = document.list.id, (try? host.store.readOnlyListIDs())?.contains(id) == true else { return nil }
        return tr("“{list}” is read-only on its server: new items cannot be added to it", ["list": document.list.name])
    }

    func commitNewRow(titled title: String, at index: Int) -> Int64? {
        var created: TodoItem?
        guard host.runner.perform(retry: { [weak self] in self?.list.commitCurrentEdit() }, {
            created = try self.document.insert(title: title, at: index)
        }), let id = created?.id else { return nil }
        host.runner.perform { try self.applyQuickEntry(to: id) }
        return id
    }

    /// Takes trailing tags, priority and date phrase off the item's title and makes them its
    /// tags, priority and due date, each as a step of its own: Ctrl+Z (or the notice's Undo)
    /// gives back the title as typed, one part at a time.
    func applyQuickEntry(to id: Int64) throws {
        let result = try QuickEntry.apply(to: id, in: document)
        guard let notice = QuickEntry.notice(for: result, now: Date()) else { return }
        host.notice.show(notice, undoable: true)
    }

    func rowCountChanged() {
        updateEmptyState()
        host.pageChanged()
    }
}

/// The items' pulls: a long pull down goes up a level, a pull up clears the completed items.
extension ItemsPage: EdgePullTarget {
    var pullDownGoesUp: Bool { true }

    var completedCount: Int? {
        document.items.lazy.filter(\.isCompleted).count
    }

    func pullGoesUp() {
        host.goUp()
    }

    func pullClearsCompleted() {
        clearCompleted()
    }
}
