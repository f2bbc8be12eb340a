@preconcurrency import CGtk
import FlickCore
import Foundation

/// A button showing a date that opens a calendar to pick another (keyboard: Space opens it,
/// arrows move the day, Enter picks it, Escape keeps the date there was). The day is taken
/// when the calendar closes, so moving through days with the arrows is one change, not many.
/// On a desktop the calendar is a menu button's popover; while the window is a phone's
/// (`narrow`) it opens in place below the button (`InlineCalendar`) with 44 px
/// days, by the same rules, and the button follows the window's width as it changes.
@MainActor
final class DateButton {
    /// The button, and below it the calendar when it is open in place.
    let root: UnsafeMutablePointer<GtkWidget>
    private let menuButton: UnsafeMutablePointer<GtkWidget>
    private let popover: UnsafeMutablePointer<GtkWidget>
    private let inline: InlineCalendar
    private let calendar: UnsafeMutablePointer<GtkWidget>
    private var narrowWatch: NarrowWindowWatch?
    /// Whether the calendar opens in place (the window is a phone's) rather than in the popover.
    private(set) var isInline = false
    /// What the field is ("Start date"), as screen readers are told.
    private let accessibleName: String
    private var isShowing = false
    /// The day selected in the open calendar, taken when it closes.
    private var selected: DueDate?
    /// Told of the day picked, as a date without a time.
    var onPick: ((DueDate) -> Void)?

    init(accessibleName: String) {
        self.accessibleName = accessibleName
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        menuButton = gtk_menu_button_new()!
        Widgets.setAccessibleLabel(menuButton, accessibleName)
        calendar = gtk_calendar_new()!
        Widgets.setAccessibleLabel(calendar, accessibleName)
        popover = gtk_popover_new()!
        gtk_popover_set_child(cast(popover), calendar)
        gtk_menu_button_set_popover(OpaquePointer(menuButton), popover)
        inline = InlineCalendar(accessibleName: accessibleName)
        for widget in [menuButton, inline.button, inline.revealer] { gtk_box_append(cast(root), widget) }
        gtk_widget_set_visible(inline.button, 0)
        inline.onPress = { [weak self] in self?.inlinePressed() }
        Signal.connect(calendar.raw, "day-selected") { [weak self] in self?.daySelected() }
        Signal.connect(popover.raw, "closed") { [weak self] in self?.closed() }
        // Unmapped open (the details closed, the row hidden), it closes as the popover would.
        Signal.connect(root.raw, "unmap") { [weak self] in self?.closeInline() }
        narrowWatch = NarrowWindowWatch(root) { [weak self] narrow in self?.showInline(narrow) }
        passMnemonicToShownButton()
        closeOnClickOrEnter()
        show(nil, placeholder: "")
    }

    /// Shows `date` (or `placeholder` when there is none) and selects it in the calendar.
    func show(_ date: DueDate?, placeholder: String) {
        isShowing = true
        defer { isShowing = false }
        let text = date.map(Self.text) ?? placeholder
        gtk_menu_button_set_label(OpaquePointer(menuButton), text)
        // GTK 4.8 names the button inside after its label, the date: Orca said "Tomorrow push
        // button". From GTK 4.12 it takes the menu button's name, and GTK 4.18's said the field
        // alone ("Start date toggle button", never its date): the name says both.
        if flickBuiltGtkMinor >= 12 { Widgets.setAccessibleLabel(menuButton, accessibleName + ", " + text) }
        inline.setLabel(text)
        guard let date, let zone = g_time_zone_new_local() else { return }
        defer { g_time_zone_unref(zone) }
        if let day = g_date_time_new(zone, Int32(date.year), Int32(date.month), Int32(date.day), 12, 0, 0) {
            gtk_calendar_select_day(OpaquePointer(calendar), day)
            g_date_time_unref(day)
        }
    }

    /// Whether the calendar is open, in place or in the popover.
    var isOpen: Bool { inline.isOpen || gtk_widget_get_visible(popover) != 0 }

    /// The calendar in place (a phone's window) or in the popover (a desktop's): an open one
    /// closes first, taking its day, and the calendar moves to the other.
    private func showInline(_ narrow: Bool) {
        guard narrow != isInline else { return }
        if isOpen { close() }
        isInline = narrow
        g_object_ref(UnsafeMutableRawPointer(calendar))
        defer { g_object_unref(UnsafeMutableRawPointer(calendar)) }
        if narrow {
            gtk_popover_set_child(cast(popover), nil)
            gtk_revealer_set_child(OpaquePointer(inline.revealer), calendar)
        } else {
            gtk_revealer_set_child(OpaquePointer(inline.revealer), nil)
            gtk_popover_set_child(cast(popover), calendar)
        }
        gtk_widget_set_margin_top(calendar, narrow ? 6 : 0)
        gtk_widget_set_visible(menuButton, narrow ? 0 : 1)
        gtk_widget_set_visible(inline.button, narrow ? 1 : 0)
    }

    /// A label's mnemonic (the details' Alt+D) leads to the root, whichever button is shown:
    /// that one takes it and opens the calendar, in place as in the popover.
    private func passMnemonicToShownButton() {
        Signal.connectMnemonic(root.raw) { [weak self] groupCycling in
            guard let self else { return false }
            let shown = Widgets.firstFocusable(in: self.isInline ? self.inline.button : self.menuButton)
            return gtk_widget_mnemonic_activate(shown, groupCycling ? 1 : 0) != 0
        }
    }

    /// Pressing the button opens the calendar in place; pressing it again closes it, taking
    /// the day moved to, as a click beside a popover does.
    private func inlinePressed() {
        if inline.isOpen { closeInline() } else { inline.open() }
    }

    private func closeInline() {
        guard inline.isOpen else { return }
        inline.close()
        closed()
    }

    private func close() {
        if isInline { closeInline() } else { gtk_popover_popdown(cast(popover)) }
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

    /// A click on a day, or Enter, picks it; Escape closes without picking (in place, Escape
    /// is taken here: it must not also close the details view around it).
    private func closeOnClickOrEnter() {
        InputAdapters.click(on: calendar, released: { [weak self] _ in
            guard let self else { return }
            self.daySelected()
            self.close()
        })
        let keys = gtk_event_controller_key_new()!
        Signal.connectKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] key, _ in
            guard let self else { return false }
            switch Int32(key) {
            case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_space:
                self.daySelected()
                self.close()
                return true
            case GDK_KEY_Escape:
                self.selected = nil
                guard self.inline.isOpen else { return false }
                self.closeInline()
                return true
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
