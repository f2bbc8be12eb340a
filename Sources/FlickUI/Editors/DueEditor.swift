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
    private let timeCheck: UnsafeMutablePointer<GtkWidget>
    private let time: TimeEditor
    /// None, Today, Tomorrow and Next Week: a toggle button each, pressed when the due date is
    /// that day.
    private var quickPicks: [DueQuickPick] = []
    private var isShowing = false
    /// The hour a date gets when "At a time" is first ticked.
    private static let defaultHour = 9

    init(editing: any DetailsEditing) {
        self.editing = editing
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        dateButton = DateButton(accessibleName: tr("Due date"))
        let timeLabel = tr("_At a time")
        timeCheck = gtk_check_button_new_with_mnemonic(timeLabel)!
        // GTK 4.8 names a check button after its label with the mnemonic's underline left in.
        Widgets.setAccessibleLabel(timeCheck, timeLabel.replacingOccurrences(of: "_", with: ""))
        time = TimeEditor(accessibleName: tr("Due time"))
        // A named group of toggle buttons, one pressed for the day the due date is, which a
        // screen reader reads as radio buttons, checked or not (issue 31: "None push button" was
        // all Orca said; GTK 4.8 gives a toggle button the role of a plain button, and Orca 43
        // says no pressed state for one).
        let picks = AccessibleRole.widget(gtk_box_get_type(), role: GTK_ACCESSIBLE_ROLE_GROUP)
        Widgets.setAccessibleLabel(picks, tr("Quick due dates"))
        Widgets.addClass(picks, "linked")
        let days: [(String, @MainActor () -> DueDate?)] = [
            (tr("None"), { nil }), (tr("Today"), { Self.day(inDays: 0) }),
            (tr("Tomorrow"), { Self.day(inDays: 1) }), (tr("Next Week"), { Self.nextMonday() }),
        ]
        quickPicks = days.map { label, day in
            let toggle = AccessibleRole.widget(gtk_toggle_button_get_type(), role: GTK_ACCESSIBLE_ROLE_RADIO)
            gtk_button_set_label(cast(toggle), label)
            gtk_box_append(cast(picks), toggle)
            return DueQuickPick(button: toggle, day: day)
        }
        for quickPick in quickPicks {
            Signal.connect(quickPick.button.raw, "clicked") { [weak self] in self?.pick(quickPick) }
        }
        let dateRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_box_append(cast(dateRow), picks)
        gtk_box_append(cast(dateRow), dateButton.root)
        let timeRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
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
        showQuickPicks(due)
        gtk_check_button_set_active(cast(timeCheck), due?.hasTime == true ? 1 : 0)
        gtk_widget_set_sensitive(timeCheck, due == nil ? 0 : 1)
        gtk_widget_set_sensitive(time.root, due?.hasTime == true ? 1 : 0)
        time.show(minutesAfterMidnight: due?.minutesAfterMidnight ?? Self.defaultHour * 60)
    }

    /// Presses the quick pick that is the due date's day, and only that one.
    private func showQuickPicks(_ due: DueDate?) {
        for quickPick in quickPicks {
            let pressed: Bool
            switch (due, quickPick.day()) {
            case (nil, nil): pressed = true
            case let (due?, day?): pressed = (due.year, due.month, due.day) == (day.year, day.month, day.day)
            default: pressed = false
            }
            gtk_toggle_button_set_active(cast(quickPick.button), pressed ? 1 : 0)
            Widgets.setAccessibleChecked(quickPick.button, pressed)
        }
    }

    /// A click toggles the button itself; the due date decides which one stays pressed (a click
    /// on the pressed one changes nothing and leaves it pressed).
    private func pick(_ quickPick: DueQuickPick) {
        pick(quickPick.day())
        showQuickPicks(editing.fields.due)
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

    private static func day(inDays days: Int) -> DueDate {
        let date = Calendar.current.date(byAdding: .day, value: days, to: Date()) ?? Date()
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: date)
        return DueDate(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    /// Next week's Monday, as "next week" typed in a title means.
    private static func nextMonday() -> DueDate {
        let weekday = Calendar(identifier: .gregorian).component(.weekday, from: Date())  // 1 is Sunday
        return day(inDays: (9 - weekday) % 7 == 0 ? 7 : (9 - weekday) % 7)
    }
}
