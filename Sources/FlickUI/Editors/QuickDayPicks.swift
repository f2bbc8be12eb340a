@preconcurrency import CGtk
import FlickCore
import Foundation

/// The details view's quick days, for the due date and the start date alike: None, Today,
/// Tomorrow and Next Week, a toggle button each, pressed when the date is that day. None
/// clears the date.
@MainActor
final class QuickDayPicks {
    let root: UnsafeMutablePointer<GtkWidget>
    private var picks: [DueQuickPick] = []
    /// Told of the day picked (nil: None), as a date without a time.
    var onPick: ((DueDate?) -> Void)?
    /// The date shown, which decides the button pressed after a click.
    private var shown: DueDate?

    init(accessibleName: String) {
        // A named group of toggle buttons, one pressed for the day the date is, which a
        // screen reader reads as radio buttons, checked or not ("None push button" was
        // all Orca said; GTK 4.8 gives a toggle button the role of a plain button, and Orca 43
        // says no pressed state for one).
        root = AccessibleRole.widget(gtk_box_get_type(), role: GTK_ACCESSIBLE_ROLE_GROUP)
        Widgets.setAccessibleLabel(root, accessibleName)
        Widgets.addClass(root, "linked")
        let days: [(String, @MainActor () -> DueDate?)] = [
            (tr("None"), { nil }), (tr("Today"), { Self.day(inDays: 0) }),
            (tr("Tomorrow"), { Self.day(inDays: 1) }), (tr("Next Week"), { Self.nextMonday() }),
        ]
        picks = days.map { label, day in
            let toggle = AccessibleRole.widget(gtk_toggle_button_get_type(), role: GTK_ACCESSIBLE_ROLE_RADIO)
            gtk_button_set_label(cast(toggle), label)
            gtk_box_append(cast(root), toggle)
            return DueQuickPick(button: toggle, day: day)
        }
        for pick in picks {
            Signal.connect(pick.button.raw, "clicked") { [weak self] in self?.clicked(pick) }
        }
    }

    /// Presses the pick that is the date's day, and only that one.
    func show(_ date: DueDate?) {
        shown = date
        for pick in picks {
            let pressed: Bool
            switch (date, pick.day()) {
            case (nil, nil): pressed = true
            case let (date?, day?): pressed = (date.year, date.month, date.day) == (day.year, day.month, day.day)
            default: pressed = false
            }
            gtk_toggle_button_set_active(cast(pick.button), pressed ? 1 : 0)
            Widgets.setAccessibleChecked(pick.button, pressed)
        }
    }

    /// A click toggles the button itself; the date decides which one stays pressed (a click on
    /// the pressed one changes nothing and leaves it pressed).
    private func clicked(_ pick: DueQuickPick) {
        onPick?(pick.day())
        show(shown)
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
