@preconcurrency import CGtk
import FlickCore
import Foundation

/// The details view's reminder: none, at the due time or a while before it, or at a date and
/// time of its own.
@MainActor
final class ReminderEditor {
    let root: UnsafeMutablePointer<GtkWidget>
    private unowned let editing: any DetailsEditing
    private let choice: UnsafeMutablePointer<GtkWidget>
    private let model: OpaquePointer
    /// The chosen time's date and time, side by side, or on a phone one above the other.
    let chosenRow: UnsafeMutablePointer<GtkWidget>
    private let dateButton: DateButton
    private let time: TimeEditor
    private let hint: UnsafeMutablePointer<GtkWidget>
    /// What each line of the drop-down stands for, in order; nil is "At a chosen time".
    private var choices: [Reminder??] = []
    private var isShowing = false

    /// The offsets offered before the due time, in minutes.
    private static let offsets = [0, 5, 15, 30, 60, 24 * 60]

    init(editing: any DetailsEditing) {
        self.editing = editing
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        model = gtk_string_list_new(nil)
        choice = gtk_drop_down_new(model, nil)!
        Widgets.setAccessibleLabel(choice, tr("Reminder"))
        Widgets.nameButtonAfterChoice(of: choice)
        dateButton = DateButton(accessibleName: tr("Reminder date"))
        time = TimeEditor(accessibleName: tr("Reminder time"))
        chosenRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_box_append(cast(chosenRow), dateButton.root)
        gtk_box_append(cast(chosenRow), time.root)
        hint = gtk_label_new(tr("A reminder tied to the due time needs a due date"))!
        gtk_label_set_xalign(OpaquePointer(hint), 0)
        gtk_label_set_wrap(OpaquePointer(hint), 1)
        Widgets.addClass(hint, "dim-label")
        gtk_widget_set_halign(choice, GTK_ALIGN_START)
        for child in [choice, chosenRow, hint] { gtk_box_append(cast(root), child) }
        Signal.connectObject(choice.raw, "notify::selected") { [weak self] _ in self?.chose() }
        dateButton.onPick = { [weak self] day in self?.setChosen(day: day) }
        time.onChange = { [weak self] minutes in self?.setChosen(minutes: minutes) }
    }

    func show(_ reminder: Reminder?, due: DueDate?) {
        isShowing = true
        defer { isShowing = false }
        choices = [.some(nil)] + Self.offsets.map { .some(.beforeDue(minutes: $0)) } + [nil]
        if case let .beforeDue(minutes)? = reminder, !Self.offsets.contains(minutes) {
            choices.insert(.some(reminder), at: choices.count - 1)
        }
        let labels = choices.map(Self.label)
        gtk_string_list_splice(model, 0, UInt32(g_list_model_get_n_items(model)), nil)
        for label in labels { gtk_string_list_append(model, label) }
        let selected: Int
        if case .at? = reminder { selected = choices.count - 1 } else {
            selected = choices.firstIndex { $0 == .some(reminder) } ?? 0
        }
        gtk_drop_down_set_selected(OpaquePointer(choice), UInt32(selected))
        Widgets.nameButton(ofDropDown: choice)
        let chosen = Self.chosenTime(reminder, due: due)
        gtk_widget_set_visible(chosenRow, reminder.map { if case .at = $0 { return 1 } else { return 0 } } ?? 0)
        dateButton.show(chosen.dateOnly, placeholder: "")
        time.show(minutesAfterMidnight: chosen.minutesAfterMidnight ?? Reminder.dateOnlyHour * 60)
        let needsDue: Bool
        if case .beforeDue? = reminder { needsDue = due == nil } else { needsDue = false }
        gtk_widget_set_visible(hint, needsDue ? 1 : 0)
    }

    private static func label(_ choice: Reminder??) -> String {
        switch choice {
        case .none: return tr("At a Chosen Time")
        case .some(.none): return tr("None")
        case let .some(.some(.beforeDue(minutes))):
            if minutes == 0 { return tr("At the Due Time") }
            if minutes % (24 * 60) == 0 {
                return trPlural("{count} day before", "{count} days before", minutes / (24 * 60), ["count": countText(minutes / (24 * 60))])
            }
            if minutes % 60 == 0 {
                return trPlural("{count} hour before", "{count} hours before", minutes / 60, ["count": countText(minutes / 60)])
            }
            return trPlural("{count} minute before", "{count} minutes before", minutes, ["count": countText(minutes)])
        case .some(.some(.at)): return tr("At a Chosen Time")
        }
    }

    /// The time a chosen-time reminder shows: its own, else the due time, else tomorrow morning.
    private static func chosenTime(_ reminder: Reminder?, due: DueDate?) -> DueDate {
        if case let .at(time)? = reminder { return time }
        let zone = TimeZone.current.identifier
        if let due {
            return DueDate(year: due.year, month: due.month, day: due.day, hour: due.hour ?? Reminder.dateOnlyHour,
                           minute: due.minute ?? 0, timeZone: due.timeZone ?? zone)
        }
        let tomorrow = Calendar.current.date(byAdding: .day, value: 1, to: Date()) ?? Date()
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: tomorrow)
        return DueDate(year: parts.year!, month: parts.month!, day: parts.day!, hour: Reminder.dateOnlyHour, minute: 0,
                       timeZone: zone)
    }

    private func chose() {
        let index = Int(gtk_drop_down_get_selected(OpaquePointer(choice)))
        guard !isShowing, choices.indices.contains(index) else { return }
        let fields = editing.fields
        let new = choices[index] ?? .at(Self.chosenTime(fields.reminder, due: fields.due))
        editing.apply { $0.reminder = new }
    }

    private func setChosen(day: DueDate) {
        guard case let .at(time)? = editing.fields.reminder else { return }
        editing.apply {
            $0.reminder = .at(DueDate(year: day.year, month: day.month, day: day.day, hour: time.hour, minute: time.minute,
                                      timeZone: time.timeZone))
        }
    }

    private func setChosen(minutes: Int) {
        guard case let .at(time)? = editing.fields.reminder else { return }
        editing.apply {
            $0.reminder = .at(DueDate(year: time.year, month: time.month, day: time.day, hour: minutes / 60,
                                      minute: minutes % 60, timeZone: time.timeZone ?? TimeZone.current.identifier))
        }
    }
}
