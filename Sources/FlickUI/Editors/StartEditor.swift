@preconcurrency import CGtk
import FlickCore
import Foundation

/// The details view's start date, "not before": none, a quick pick (Today,
/// Tomorrow, Next Week) or a day from the calendar. A day only: a start kept with a time (as
/// another program wrote it) keeps its time and zone when only its day is picked again. A
/// start after the due date moves the due date to its day (`ItemFields.setStart`), which the
/// line under the picks says as it happens, and Orca hears.
@MainActor
final class StartEditor {
    let root: UnsafeMutablePointer<GtkWidget>
    private unowned let editing: any DetailsEditing
    /// The calendar button, where the Starts label's Alt+S leads.
    let dateButton: DateButton
    /// The quick picks and the calendar button, side by side, or on a phone one above the other.
    let dateRow: UnsafeMutablePointer<GtkWidget>
    private let quickPicks = QuickDayPicks(accessibleName: tr("Quick start dates"))
    /// What the last pick did to the due date, if anything.
    private let note: UnsafeMutablePointer<GtkWidget>

    init(editing: any DetailsEditing) {
        self.editing = editing
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        dateRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        dateButton = DateButton(accessibleName: tr("Start date"))
        note = gtk_label_new(nil)!
        gtk_label_set_xalign(OpaquePointer(note), 0)
        gtk_label_set_wrap(OpaquePointer(note), 1)
        Widgets.addClass(note, "dim-label")
        gtk_widget_set_visible(note, 0)
        gtk_box_append(cast(dateRow), quickPicks.root)
        gtk_box_append(cast(dateRow), dateButton.root)
        gtk_box_append(cast(root), dateRow)
        gtk_box_append(cast(root), note)
        quickPicks.onPick = { [weak self] in self?.pick($0) }
        dateButton.onPick = { [weak self] in self?.pick($0) }
    }

    /// The start as stored; what a pick did to the due date is said after this (`pick`), and
    /// no longer once anything else changed the fields (an undo, a sync).
    func show(_ start: DueDate?) {
        gtk_widget_set_visible(note, 0)
        dateButton.show(start, placeholder: tr("Pick a Date…"))
        quickPicks.show(start)
    }

    /// A new day keeps the time and zone the start had (one read from another program).
    private func pick(_ day: DueDate?) {
        let old = editing.fields.start
        let new = day.map { day in
            DueDate(year: day.year, month: day.month, day: day.day, hour: old?.hour, minute: old?.minute,
                    timeZone: old?.timeZone)
        }
        var movedDue = false
        editing.apply { movedDue = $0.setStart(new) }
        showNote(movedDue ? editing.fields.due : nil)
    }

    /// "The due date moved to Mon, 30 Nov 2026: an item does not start after it is due."
    private func showNote(_ movedDue: DueDate?) {
        guard let movedDue else {
            gtk_widget_set_visible(note, 0)
            return
        }
        let text = tr("The due date moved to {date}: an item does not start after it is due.",
                      ["date": DateButton.text(movedDue)])
        gtk_label_set_text(OpaquePointer(note), text)
        gtk_widget_set_visible(note, 1)
        Announcer.say(text, from: root)
    }
}
