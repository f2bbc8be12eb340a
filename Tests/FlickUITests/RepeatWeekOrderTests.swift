@preconcurrency import CGtk
import FlickCore
import Foundation
import XCTest
@testable import FlickUI

/// Issue 61: the repeat editor's weekday toggles begin their week where the date buttons'
/// GtkCalendar does, on the locale's first weekday (LC_TIME: Sunday in C and en_US, Monday in
/// de_DE); they began on Monday beside a calendar beginning on Sunday. A rule's days in words
/// follow the same week. Only the order shown follows the locale: the rule keeps its days by
/// name (BYDAY).
final class RepeatWeekOrderTests: XCTestCase {
    private var locales: CompiledLocales?
    private var savedTime: String?

    override func setUpWithError() throws {
        locales = try CompiledLocales(["de_DE", "en_US"])
        savedTime = setlocale(LC_TIME, nil).map { String(cString: $0) }
    }

    override func tearDownWithError() throws {
        setlocale(LC_TIME, savedTime ?? "C")
        locales?.remove()
    }

    func testTheWeekdaysBeginWhereGtkCalendarBeginsTheWeekAndTheRuleKeepsItsDays() throws {
        try MainActor.assumeIsolated {
            _ = WindowHarness.application  // GTK initialised.
            for (locale, first, firstDay) in [("C", 1, "SU"), ("en_US.UTF-8", 1, "SU"), ("de_DE.UTF-8", 2, "MO")] {
                XCTAssertNotNil(setlocale(LC_TIME, locale), "the locale \(locale) is found")
                let editing = Editing()
                let editor = RepeatEditor(editing: editing)
                let shown = editor.weekdaysShown
                XCTAssertEqual(shown, LocaleWeek.weekdays(startingOn: first), "\(locale): the week begins on weekday \(first)")
                // 1 November 2026 is a Sunday: GtkCalendar puts it in the column of Sunday.
                let column = try XCTUnwrap(Self.columnOfFirstDay(year: 2026, month: 11), "\(locale): the 1st in the calendar")
                XCTAssertEqual(shown[column], 1, "\(locale): the calendar's column \(column) is the toggles' Sunday")
                // The notice after quick entry names the days in the same week.
                let said = RepeatRuleText.text(for: RepeatRule(frequency: .weekly, weekdays: [1, 2]))
                let names = Calendar.current.weekdaySymbols
                let sunday = try XCTUnwrap(said.range(of: names[0])), monday = try XCTUnwrap(said.range(of: names[1]))
                XCTAssertEqual(sunday.lowerBound < monday.lowerBound, first == 1, "\(locale): \(said)")

                editor.show(editing.fields.repeatRule, due: nil)
                let firstToggle = try XCTUnwrap(Self.dayToggles(of: editor).first)
                gtk_toggle_button_set_active(cast(firstToggle), 1)
                XCTAssertEqual(editing.fields.repeatRule?.rrule, "FREQ=WEEKLY;BYDAY=\(firstDay)",
                               "\(locale): the first toggle is stored by its day's name")
            }
        }
    }

    /// The column (0 at the start of the week) in which a new GtkCalendar, made under the locale
    /// set now as GTK reads it when one is made, shows the first of `month`.
    @MainActor
    private static func columnOfFirstDay(year: Int32, month: Int32) -> Int? {
        let calendar = gtk_calendar_new()!
        g_object_ref_sink(UnsafeMutableRawPointer(calendar))
        defer { g_object_unref(UnsafeMutableRawPointer(calendar)) }
        let zone = g_time_zone_new_local()!
        defer { g_time_zone_unref(zone) }
        let date = g_date_time_new(zone, year, month, 1, 12, 0, 0)!
        defer { g_date_time_unref(date) }
        gtk_calendar_select_day(OpaquePointer(calendar), date)
        // Six weeks of days, row by row; the month's own 1st is the first "1" (the days before
        // it are the last of the month before).
        let days = WidgetTree.descendants(of: calendar).filter { gtk_widget_has_css_class($0, "day-number") != 0 }
        return days.firstIndex { WidgetTree.labelText($0) == "1" }.map { $0 % 7 }
    }

    /// The editor's seven day toggles, in the order shown.
    @MainActor
    private static func dayToggles(of editor: RepeatEditor) -> [UnsafeMutablePointer<GtkWidget>] {
        var child = gtk_widget_get_first_child(editor.root)
        while let row = child {
            let toggles = WidgetTree.descendants(of: row).filter {
                gtk_widget_get_parent($0) == row && WidgetTree.isA($0, gtk_toggle_button_get_type())
            }
            if toggles.count == 7 { return toggles }
            child = gtk_widget_get_next_sibling(row)
        }
        return []
    }

    /// The details' fields as the repeat editor edits them: a weekly rule with no days yet.
    @MainActor
    private final class Editing: DetailsEditing {
        var fields = ItemFields(title: "Water the plants", repeatRule: RepeatRule(frequency: .weekly))

        func apply(_ change: (inout ItemFields) -> Void) {
            change(&fields)
        }
    }
}
