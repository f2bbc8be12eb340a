@preconcurrency import CGtk
import GestureShim

/// Flick's style sheet: row sizes, the heat map, completed rows, the undo notice.
@MainActor
package enum AppStyle {
    /// Rows about 56 px high at the default text size (DESIGN.md 2).
    package static let rowHeight = 56

    /// The style sheet installed, loaded again when the look changes (`loadStyleSheet`).
    private static var provider: UnsafeMutablePointer<GtkCssProvider>?
    /// The window classes of the heat map palette the style sheet holds; nil before it is loaded.
    private static var loadedPalette: [String]?

    /// Installs the style sheet for the look Flick draws in now: `follow` first, or the light one.
    static func install() {
        let provider = gtk_css_provider_new()!
        Self.provider = provider
        loadedPalette = nil
        loadStyleSheet()
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(provider),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    /// Loads the style sheet with the heat map palette of the look Flick draws in now
    /// (`isDark`, `isHighContrast`), unless it holds that one already. It held the four
    /// palettes' rules at once before, each behind its window classes: GTK parsed 104 rules at
    /// every start where 26 are drawn, a third of the style sheet's 7 M instructions on the
    /// main thread (callgrind, 9 items). A rule of another palette never decided a colour: each
    /// sets the background and the text of its classes, and the one whose window classes match
    /// most wins, the palette of the look in use; in the light look only the plain rules match.
    static func loadStyleSheet() {
        let palette = HeatMapPalette.drawn(dark: isDark, highContrast: isHighContrast)
        guard let provider, palette.windowClasses != loadedPalette else { return }
        flick_css_provider_load(provider, css(heatMap: palette))  // load_from_string from GTK 4.12 on
        loadedPalette = palette.windowClasses
    }

    /// The style sheet, with the heat map drawn in `palette`.
    static func css(heatMap palette: HeatMapPalette) -> String {
        """
        listview.flick-list { background-color: @theme_base_color; }
        /* Every side gets the separator's colour, though only the bottom is drawn: GTK 4.8's
           cairo renderer draws a border whose sides differ in colour through a mesh pattern over
           the whole row, and that was half of the painting of an edit's frame (callgrind). */
        listview.flick-list > row { padding: 0; border: 0 solid alpha(black, 0.12); border-bottom-width: 1px; }
        listview.flick-list > row:selected { background: none; color: inherit; }
        listview.flick-list > row .row-front.focused-row { box-shadow: inset 6px 0 0 alpha(currentColor, 0.8); }
        listview.flick-list > row:focus-visible { outline: 2px solid alpha(currentColor, 0.7); outline-offset: -3px; }
        shortcut:focus-visible { outline: 2px solid alpha(currentColor, 0.7); outline-offset: 2px; border-radius: 4px; }
        .row-front { min-height: \(rowHeight)px; padding: 0 16px; }
        .row-title { font-weight: bold; font-size: 1.1em; }
        .row-title.placeholder { font-style: italic; opacity: 0.7; }
        .row-entry { font-weight: bold; font-size: 1.1em; margin: 8px 0; }
        .row-front.completed { background-color: mix(@theme_base_color, @theme_fg_color, 0.1); color: @theme_fg_color; }
        .row-front.completed .row-title { text-decoration-line: line-through; opacity: 0.55; }
        /* Selected to act on together: a frame inside the row, in the row's own text
           colour (so in every style and in high contrast), and no taller; the focused row has a
           left bar (`focused-row`, GestureList+FocusMark). GTK's :selected is on these rows. */
        .row-front.selected-item { box-shadow: inset 0 0 0 3px currentColor; background-image: linear-gradient(alpha(currentColor, 0.12), alpha(currentColor, 0.12)); }
        .row-back { background-color: #3d3846; color: white; }
        .row-back.completing { background-color: #26a269; }
        .row-back.armed { background-color: #2ec27e; }
        .row-back .completion-cue { -gtk-icon-size: 24px; }
        .row-back.postponing { background-color: #1c71d8; }
        .row-back.postponing.armed { background-color: #3584e4; }
        .row-back .postpone-cue { font-weight: bold; font-size: 1.1em; }
        .row-back .postpone-cue image { -gtk-icon-size: 24px; }
        .row-menu { margin: 0 12px; border-spacing: 6px; }
        .row-menu button { color: white; background: alpha(white, 0.18); border: none; box-shadow: none; }
        .row-menu button.destructive-action { background: #c01c28; }
        .undo-notice { background-color: alpha(black, 0.82); color: white; border-radius: 10px;
                       padding: 6px 6px 6px 16px; margin: 12px; }
        .undo-notice button { color: white; }
        .undo-notice button:not(.flat) { background: alpha(white, 0.2); border-color: alpha(white, 0.3); box-shadow: none; }
        .undo-notice button:not(.flat):hover { background: alpha(white, 0.3); }
        .problem-notice { background-color: #241f31; color: white; border-radius: 10px;
                          border-left: 6px solid #e01b24; padding: 12px 12px 8px 16px; margin: 12px; }
        .problem-notice button { color: white; }
        .problem-notice button:not(.flat) { background: alpha(white, 0.2); }
        .sync-status { padding: 4px 12px; font-size: 0.9em; border-top: 1px solid alpha(currentColor, 0.15); }
        .sync-status label { opacity: 0.8; }
        .sync-status.error label { opacity: 1; color: #c01c28; }
        .list-count { font-weight: bold; font-size: 1.1em; opacity: 0.8; }
        .row-front.today-row { background-color: #3584e4; color: white; }
        .dark .row-front.today-row { background-color: #1a5fb4; color: white; }
        .row-front.upcoming-row { background-color: #813d9c; color: white; }
        .dark .row-front.upcoming-row { background-color: #613583; color: white; }
        .due-chip { font-weight: bold; font-size: 0.85em; padding: 2px 8px; border-radius: 10px; background-color: alpha(black, 0.16); }
        .due-chip.overdue { background-color: white; color: #c01c28; }
        .row-front.completed .due-chip, .row-front.completed .row-marks { opacity: 0.55; }
        .row-marks { opacity: 0.85; }
        .row-tags { font-size: 0.85em; font-weight: bold; }
        .subtask-chip { font-weight: bold; font-size: 0.85em; padding: 2px 8px; border-radius: 10px;
                        border: 1px solid alpha(currentColor, 0.6); }
        .row-front.upcoming-heading { background-color: mix(@theme_base_color, @theme_fg_color, 0.04); color: @theme_fg_color; }
        .row-front.upcoming-heading .row-title { font-weight: bold; font-size: 0.9em; opacity: 0.75; }
        .row-front.upcoming-occurrence { background-color: @theme_base_color; color: @theme_fg_color; }
        .row-front.upcoming-occurrence .row-title { font-style: italic; opacity: 0.6; }
        .row-front.list-done { background-color: mix(@theme_base_color, @theme_fg_color, 0.06); color: @theme_fg_color; }
        .row-front.list-done .row-title { opacity: 0.55; }
        .row-front.not-started { background-color: mix(@theme_base_color, @theme_fg_color, 0.04); color: @theme_fg_color; }
        .row-front.not-started .row-title, .row-front.not-started .due-chip, .row-front.not-started .row-marks,
        .row-front.not-started .row-tags { opacity: 0.55; }
        .pull-area { background-color: mix(@theme_base_color, @theme_fg_color, 0.12); }
        .pull-label { font-weight: bold; opacity: 0.8; }
        .lifted { box-shadow: 0 6px 16px alpha(black, 0.35); }
        .lifted.carrying-many { box-shadow: 0 6px 16px alpha(black, 0.35), 6px 6px 0 -1px @theme_base_color,
                                6px 6px 0 0 alpha(@theme_fg_color, 0.25), 12px 12px 0 -1px @theme_base_color,
                                12px 12px 0 0 alpha(@theme_fg_color, 0.2); }
        .lift-count { background-color: @theme_selected_bg_color; color: @theme_selected_fg_color; font-weight: bold;
                      border-radius: 12px; min-width: 24px; min-height: 24px; padding: 0 6px; }
        .empty-state { font-size: 1.2em; opacity: 0.6; margin: 24px; }
        \(HeatMapStyle.css(for: palette))
        \(phoneCSS)
        """
    }

    /// A window as narrow as a phone (`PhoneWidth`'s class `narrow`) makes what a finger presses
    /// 44 px tall (GNOME's and Apple's touch target): the row menu's seven buttons, 32
    /// px before, still fit a 360 px row at 44 px square with 3 px between them (308 + 18 + 24).
    /// Buttons lose their padding there, or four in the header would leave the title no room,
    /// and linked ones keep 6 px a side: the details' None, Today, Tomorrow and Next Week
    /// needed 346 px of the 336 a 360 px window leaves inside its margins. An expander's title
    /// row is pressed too: a message's Details was 16 px tall. A calendar's days (24 px) are
    /// 44 px, upright and sideways: there the calendar opens in place (`InlineCalendar`), where
    /// a popover of 379 px did not fit sideways. 39 px wide asked gives 44: GTK 4.8's
    /// homogeneous grid asks for its hidden week-number column too (8 columns) but gives the
    /// width to the seven days, so 8 x 39 = 312 px asked is at least 7 x 44.6 given; 44 asked
    /// made the calendar 354 px wide, more than the 326 a 360 px window has inside its margins.
    /// The phone's file picker's folders and files are pressed (`PhoneFilePicker`).
    static let phoneCSS = """
        window.narrow button, window.narrow dropdown > button, window.narrow modelbutton { min-height: 44px; }
        window.narrow headerbar button, window.narrow windowcontrols > button { min-width: 44px; padding: 0; }
        .row-back.narrow .row-menu button { min-width: 44px; min-height: 44px; padding: 0; }
        .row-back.narrow .row-menu { border-spacing: 3px; }
        window.narrow .linked > button { padding-left: 6px; padding-right: 6px; }
        window.narrow checkbutton, window.narrow switch { min-height: 44px; }
        window.narrow expander-widget > box > title { min-height: 44px; }
        window.narrow calendar > grid > label.day-number { min-height: 44px; min-width: 39px; padding: 0; }
        window.narrow .file-picker row { min-height: 44px; }
        """
}
