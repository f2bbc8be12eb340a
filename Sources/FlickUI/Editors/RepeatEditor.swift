@preconcurrency import CGtk
import FlickCore
import Foundation

/// The details view's repeat rule: never, daily, on weekdays, weekly on chosen days, monthly or
/// yearly; every N of those; forever or until a date. Parts of a rule Flick does not show
/// (from another app) are kept as they are.
@MainActor
final class RepeatEditor {
    let root: UnsafeMutablePointer<GtkWidget>
    private unowned let editing: any DetailsEditing
    private let kind: UnsafeMutablePointer<GtkWidget>
    private let everyRow: UnsafeMutablePointer<GtkWidget>
    private let interval: UnsafeMutablePointer<GtkWidget>
    private let unit: UnsafeMutablePointer<GtkWidget>
    private let dayRow: UnsafeMutablePointer<GtkWidget>
    /// One toggle per weekday in the locale's week order, with Calendar's weekday number.
    private var dayToggles: [(weekday: Int, toggle: UnsafeMutablePointer<GtkWidget>)] = []
    private let untilCheck: UnsafeMutablePointer<GtkWidget>
    /// "Until" and its date, side by side, or on a phone one above the other.
    let untilRow: UnsafeMutablePointer<GtkWidget>
    private let untilButton: DateButton
    private var isShowing = false

    /// The drop-down's lines, in order.
    private enum Kind: Int, CaseIterable {
        case never, daily, weekdays, weekly, monthly, yearly
    }

    init(editing: any DetailsEditing) {
        self.editing = editing
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        let names = [tr("Never"), tr("Daily"), tr("Weekdays"), tr("Weekly"), tr("Monthly"), tr("Yearly")]
        kind = names.withCStringArray { gtk_drop_down_new_from_strings($0)! }
        Widgets.setAccessibleLabel(kind, tr("Repeat"))
        Widgets.nameButtonAfterChoice(of: kind)
        gtk_widget_set_halign(kind, GTK_ALIGN_START)
        interval = gtk_spin_button_new_with_range(1, 99, 1)!
        Widgets.setAccessibleLabel(interval, tr("Repeat every"))
        unit = gtk_label_new(nil)!
        everyRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_box_append(cast(everyRow), gtk_label_new(tr("Every")))
        gtk_box_append(cast(everyRow), interval)
        gtk_box_append(cast(everyRow), unit)
        dayRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        Widgets.addClass(dayRow, "linked")
        let untilLabel = tr("_Until")
        untilCheck = gtk_check_button_new_with_mnemonic(untilLabel)!
        // GTK 4.8 names a check button after its label with the mnemonic's underline left in.
        Widgets.setAccessibleLabel(untilCheck, untilLabel.replacingOccurrences(of: "_", with: ""))
        untilButton = DateButton(accessibleName: tr("Repeat until"))
        untilRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_box_append(cast(untilRow), untilCheck)
        gtk_box_append(cast(untilRow), untilButton.root)
        for child in [kind, everyRow, dayRow, untilRow] { gtk_box_append(cast(root), child) }
        makeDayToggles()
        Signal.connectObject(kind.raw, "notify::selected") { [weak self] _ in self?.kindChosen() }
        Signal.connect(interval.raw, "value-changed") { [weak self] in self?.edit { $0.interval = $1.intervalValue } }
        Signal.connect(untilCheck.raw, "toggled") { [weak self] in self?.untilToggled() }
        untilButton.onPick = { [weak self] day in self?.edit { rule, _ in rule.until = day } }
    }

    /// The weekdays of the toggles, Calendar's numbers, in the order shown.
    var weekdaysShown: [Int] { dayToggles.map(\.weekday) }

    private var intervalValue: Int { Int(gtk_spin_button_get_value(OpaquePointer(interval))) }

    /// The toggles in the order GtkCalendar has its columns (`LocaleWeek`): only the order shown
    /// follows the locale, the rule keeps its days by number.
    private func makeDayToggles() {
        let calendar = LocaleWeek.calendar()
        for weekday in LocaleWeek.weekdays(startingOn: calendar.firstWeekday) {
            let symbol = calendar.shortWeekdaySymbols[weekday - 1]  // Sunday first, as weekday 1 is
            let toggle = gtk_toggle_button_new_with_label(symbol)!
            Widgets.setAccessibleLabel(toggle, calendar.weekdaySymbols[weekday - 1])
            Signal.connect(toggle.raw, "toggled") { [weak self] in self?.daysToggled() }
            gtk_box_append(cast(dayRow), toggle)
            dayToggles.append((weekday, toggle))
        }
    }

    func show(_ rule: RepeatRule?, due: DueDate?) {
        isShowing = true
        defer { isShowing = false }
        let shown = Self.kind(of: rule)
        gtk_drop_down_set_selected(OpaquePointer(kind), UInt32(shown.rawValue))
        Widgets.nameButton(ofDropDown: kind)
        gtk_widget_set_visible(everyRow, shown == .never || shown == .weekdays ? 0 : 1)
        gtk_spin_button_set_value(OpaquePointer(interval), Double(rule?.interval ?? 1))
        gtk_label_set_text(OpaquePointer(unit), Self.unitText(rule))
        gtk_widget_set_visible(dayRow, shown == .weekly ? 1 : 0)
        let days = rule?.weekdays ?? []
        for (weekday, toggle) in dayToggles {
            gtk_toggle_button_set_active(cast(toggle), days.contains(weekday) ? 1 : 0)
        }
        gtk_widget_set_visible(untilRow, rule == nil ? 0 : 1)
        gtk_check_button_set_active(cast(untilCheck), rule?.until == nil ? 0 : 1)
        gtk_widget_set_sensitive(untilButton.root, rule?.until == nil ? 0 : 1)
        untilButton.show(rule?.until ?? due?.dateOnly, placeholder: tr("Pick a Date…"))
    }

    private static func kind(of rule: RepeatRule?) -> Kind {
        guard let rule else { return .never }
        switch rule.frequency {
        case .daily: return .daily
        case .weekly: return rule.interval == 1 && rule.weekdays == RepeatRule.weekdaysOnly.weekdays ? .weekdays : .weekly
        case .monthly: return .monthly
        case .yearly: return .yearly
        }
    }

    private static func unitText(_ rule: RepeatRule?) -> String {
        let count = rule?.interval ?? 1
        switch rule?.frequency {
        case .weekly?: return trPlural("week", "weeks", count, [:])
        case .monthly?: return trPlural("month", "months", count, [:])
        case .yearly?: return trPlural("year", "years", count, [:])
        default: return trPlural("day", "days", count, [:])
        }
    }

    private func kindChosen() {
        guard !isShowing else { return }
        let old = editing.fields.repeatRule
        let chosen = Kind(rawValue: Int(gtk_drop_down_get_selected(OpaquePointer(kind)))) ?? .never
        let new: RepeatRule?
        switch chosen {
        case .never: new = nil
        case .weekdays: new = RepeatRule(frequency: .weekly, weekdays: RepeatRule.weekdaysOnly.weekdays, until: old?.until)
        case .daily: new = RepeatRule(frequency: .daily, interval: old?.interval ?? 1, until: old?.until)
        case .weekly: new = RepeatRule(frequency: .weekly, interval: old?.interval ?? 1, until: old?.until)
        case .monthly: new = RepeatRule(frequency: .monthly, interval: old?.interval ?? 1, until: old?.until)
        case .yearly: new = RepeatRule(frequency: .yearly, interval: old?.interval ?? 1, until: old?.until)
        }
        editing.apply { $0.repeatRule = new }
    }

    private func daysToggled() {
        let days = Set(dayToggles.filter { gtk_toggle_button_get_active(cast($0.toggle)) != 0 }.map(\.weekday))
        edit { rule, _ in rule.weekdays = days }
    }

    private func untilToggled() {
        let on = gtk_check_button_get_active(cast(untilCheck)) != 0
        edit { rule, editor in rule.until = on ? (editor.editing.fields.due?.dateOnly ?? Self.today()) : nil }
    }

    /// Changes the rule there is; nothing while the view is being filled in.
    private func edit(_ change: (inout RepeatRule, RepeatEditor) -> Void) {
        guard !isShowing, var rule = editing.fields.repeatRule else { return }
        change(&rule, self)
        editing.apply { $0.repeatRule = rule }
    }

    private static func today() -> DueDate {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        return DueDate(year: parts.year!, month: parts.month!, day: parts.day!)
    }
}
