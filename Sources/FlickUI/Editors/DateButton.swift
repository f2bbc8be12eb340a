@preconcurrency import CGtk
import FlickCore
import Foundation

/// A button showing a date that opens a calendar to pick another (keyboard: Space opens it,
/// arrows move the day, Enter picks it, Escape keeps the date there was). The day is taken
/// when the calendar closes, so moving through days with the arrows is one change, not many.
@MainActor
final class DateButton {
    let root: UnsafeMutablePointer<GtkWidget>
    private let calendar: UnsafeMutablePointer<GtkWidget>
    private let popover: UnsafeMutablePointer<GtkWidget>
    private var isShowing = false
    /// The day selected in the open calendar, taken when it closes.
    private var selected: DueDate?
    /// Told of the day picked, as a date without a time.
    var onPick: ((DueDate) -> Void)?

    init(accessibleName: String) {
        root = gtk_menu_button_new()!
        Widgets.setAccessibleLabel(root, accessibleName)
        calendar = gtk_calendar_new()!
        Widgets.setAccessibleLabel(calendar, accessibleName)
        popover = gtk_popover_new()!
        gtk_popover_set_child(cast(popover), calendar)
        gtk_menu_button_set_popover(OpaquePointer(root), popover)
        Signal.connect(calendar.raw, "day-selected") { [weak self] in self?.daySelected() }
        Signal.connect(popover.raw, "closed") { [weak self] in self?.closed() }
        closeOnClickOrEnter()
        show(nil, placeholder: "")
    }

    /// Shows `date` (or `placeholder` when there is none) and selects it in the calendar.
    func show(_ date: DueDate?, placeholder: String) {
        isShowing = true
        defer { isShowing = false }
        gtk_menu_button_set_label(OpaquePointer(root), date.map(Self.text) ?? placeholder)
        guard let date, let zone = g_time_zone_new_local() else { return }
        defer { g_time_zone_unref(zone) }
        if let day = g_date_time_new(zone, Int32(date.year), Int32(date.month), Int32(date.day), 12, 0, 0) {
            gtk_calendar_select_day(OpaquePointer(calendar), day)
            g_date_time_unref(day)
        }
    }

    private func daySelected() {
        guard !isShowing, let day = gtk_calendar_get_date(OpaquePointer(calendar)) else { return }
        defer { g_date_time_unref(day) }
        selected = DueDate(year: Int(g_date_time_get_year(day)), month: Int(g_date_time_get_month(day)),
                           day: Int(g_date_time_get_day_of_month(day)))
    }

    private func closed() {
        guard let day = selected else { return }
        selected = nil
        onPick?(day)
    }

    /// A click on a day, or Enter, picks it; Escape closes without picking.
    private func closeOnClickOrEnter() {
        InputAdapters.click(on: calendar, released: { [weak self] _ in
            guard let self else { return }
            self.daySelected()
            gtk_popover_popdown(cast(self.popover))
        })
        let keys = gtk_event_controller_key_new()!
        Signal.connectKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] key, _ in
            guard let self else { return false }
            switch Int32(key) {
            case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_space:
                self.daySelected()
                gtk_popover_popdown(cast(self.popover))
                return true
            case GDK_KEY_Escape:
                self.selected = nil
                return false
            default:
                return false
            }
        }
        gtk_widget_add_controller(calendar, keys)
    }

    /// The date in the locale's medium form ("Fri, 27 Nov 2026").
    static func text(_ date: DueDate) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let day = calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day, hour: 12)) ?? Date()
        return formatters.formatter(template: "EEEdMMMy", timeZone: .current, locale: .current).string(from: day)
    }

    private static let formatters = DateFormatterCache()
}
