@preconcurrency import CGtk
import FlickCore
import Foundation

/// The details view's due date: none, a quick pick (Today, Tomorrow, Next Week), a day from
/// the calendar, and optionally a time of day.
@MainActor
final class DueEditor {
    let root: UnsafeMutablePointer<GtkWidget>
    private unowned let editing: any DetailsEditing
    /// The calendar button, where the Due label's Alt+D leads.
    let dateButton: DateButton
    /// The quick picks and the calendar button, side by side, or on a phone one above the other.
    let dateRow: UnsafeMutablePointer<GtkWidget>
    /// "At a time" and the time, side by side, or on a phone one above the other.
    let timeRow: UnsafeMutablePointer<GtkWidget>
    private let timeCheck: UnsafeMutablePointer<GtkWidget>
    private let time: TimeEditor
    /// None, Today, Tomorrow and Next Week: a toggle button each, pressed when the due date is
    /// that day.
    private let quickPicks = QuickDayPicks(accessibleName: tr("Quick due dates"))
    private var isShowing = false
    /// The hour a date gets when "At a time" is first ticked.
    private static let defaultHour = 9

    init(editing: any DetailsEditing) {
        self.editing = editing
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        dateRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        timeRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        dateButton = DateButton(accessibleName: tr("Due date"))
        let timeLabel = tr("_At a time")
        timeCheck = gtk_check_button_new_with_mnemonic(timeLabel)!
        // GTK 4.8 names a check button after its label with the mnemonic's underline left in.
        Widgets.setAccessibleLabel(timeCheck, timeLabel.replacingOccurrences(of: "_", with: ""))
        time = TimeEditor(accessibleName: tr("Due time"))
        quickPicks.onPick = { [weak self] in self?.pick($0) }
        gtk_box_append(cast(dateRow), quickPicks.root)
        gtk_box_append(cast(dateRow), dateButton.root)
        gtk_box_append(cast(timeRow), timeCheck)
        gtk_box_append(cast(timeRow), time.root)
        gtk_box_append(cast(root), dateRow)
        gtk_box_append(cast(root), timeRow)
        dateButton.onPick = { [weak self] in self?.pick($0) }
        Signal.connect(timeCheck.raw, "toggled") { [weak self] in self?.timeToggled() }
        time.onChange = { [weak self] in self?.setTime($0) }
    }

    func show(_ due: DueDate?) {
        isShowing = true
        defer { isShowing = false }
        dateButton.show(due, placeholder: tr("Pick a Date…"))
        quickPicks.show(due)
        gtk_check_button_set_active(cast(timeCheck), due?.hasTime == true ? 1 : 0)
        gtk_widget_set_sensitive(timeCheck, due == nil ? 0 : 1)
        gtk_widget_set_sensitive(time.root, due?.hasTime == true ? 1 : 0)
        time.show(minutesAfterMidnight: due?.minutesAfterMidnight ?? Self.defaultHour * 60)
    }

    /// A new day keeps the time of day the due date had.
    private func pick(_ day: DueDate?) {
        let old = editing.fields.due
        let new = day.map { day in
            DueDate(year: day.year, month: day.month, day: day.day, hour: old?.hour, minute: old?.minute,
                    timeZone: old?.timeZone ?? TimeZone.current.identifier)
        }
        editing.apply { $0.setDue(new) }
    }

    private func timeToggled() {
        guard !isShowing, let due = editing.fields.due else { return }
        let on = gtk_check_button_get_active(cast(timeCheck)) != 0
        editing.apply { $0.setDue(on ? Self.due(due, at: Self.defaultHour * 60) : due.dateOnly) }
    }

    private func setTime(_ minutes: Int) {
        guard let due = editing.fields.due, due.hasTime else { return }
        editing.apply { $0.setDue(Self.due(due, at: minutes)) }
    }

    private static func due(_ day: DueDate, at minutes: Int) -> DueDate {
        DueDate(year: day.year, month: day.month, day: day.day, hour: minutes / 60, minute: minutes % 60,
                timeZone: day.timeZone ?? TimeZone.current.identifier)
    }
}
