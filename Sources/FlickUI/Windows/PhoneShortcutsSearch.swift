@preconcurrency import CGtk
import Foundation

/// The phone's shortcuts searched as the desktop's GtkShortcutsWindow searches its own:
/// the header's search button, or typing anywhere in the window, opens a search
/// bar, and only the shortcuts whose title, keys or gesture hold every word typed stay shown.
/// A group with none left hides its heading too, and "No Results Found" says when nothing is
/// left. A screen reader, whose focus stays in the field, hears how many are left, as the
/// items' search says how many items it found. Enter goes to the first one left; Escape, or
/// the bar closed, shows them all again.
@MainActor
final class PhoneShortcutsSearch {
    /// One group of the column: its heading, its list, and each row with the words it is
    /// found by (`Shortcut.spokenName`, folded as `folded` folds what is typed).
    struct Group {
        let heading: UnsafeMutablePointer<GtkWidget>
        let list: UnsafeMutablePointer<GtkWidget>
        let rows: [(row: UnsafeMutablePointer<GtkWidget>, words: String)]
    }

    let bar: SearchBar
    let button: UnsafeMutablePointer<GtkWidget>
    let nothingFound: UnsafeMutablePointer<GtkWidget>
    private let groups: [Group]

    /// - Parameter window: where typing opens the search.
    init(groups: [Group], window: UnsafeMutablePointer<GtkWidget>) {
        self.groups = groups
        bar = SearchBar(placeholder: tr("Search Shortcuts"))
        button = Self.searchButton()
        nothingFound = PhoneWindow.label(tr("No Results Found"), centred: true, classes: ["dim-label"])
        gtk_widget_set_visible(nothingFound, 0)
        g_object_bind_property(button.raw, "active", bar.root.raw, "search-mode-enabled",
                               GBindingFlags(rawValue: G_BINDING_BIDIRECTIONAL.rawValue | G_BINDING_SYNC_CREATE.rawValue))
        gtk_search_bar_set_key_capture_widget(OpaquePointer(bar.root), window)
        bar.onChange = { [weak self] text in self?.show(matching: text) }
        bar.onActivate = { [weak self] in self?.focusFirstShown() }
        bar.onStop = { [weak self] in self?.stop() }
    }

    /// What the words typed, and the words a row is found by, are compared as: without case
    /// or accents, so that "entree" finds "Entrée".
    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: .current)
    }

    private static func searchButton() -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_toggle_button_new()!
        let image = AccessibleRole.widget(gtk_image_get_type(), role: GTK_ACCESSIBLE_ROLE_PRESENTATION)
        gtk_image_set_from_icon_name(OpaquePointer(image), "system-search-symbolic")
        gtk_button_set_child(cast(button), image)
        Widgets.setAccessibleLabel(button, tr("Search Shortcuts"))
        return button
    }

    private func show(matching text: String) {
        let words = Self.folded(text).split(whereSeparator: \.isWhitespace).map(String.init)
        var shown = 0
        for group in groups {
            var groupShown = false
            for (row, rowWords) in group.rows {
                let matches = words.allSatisfy { rowWords.contains($0) }
                gtk_widget_set_visible(row, matches ? 1 : 0)
                if matches { (groupShown, shown) = (true, shown + 1) }
            }
            gtk_widget_set_visible(group.heading, groupShown ? 1 : 0)
            gtk_widget_set_visible(group.list, groupShown ? 1 : 0)
        }
        gtk_widget_set_visible(nothingFound, shown == 0 ? 1 : 0)
        guard !words.isEmpty else { return }
        Announcer.say(shown == 0 ? tr("No shortcut matches.")
                      : trPlural("{count} shortcut found", "{count} shortcuts found", shown, ["count": countText(shown)]),
                      from: bar.entry)
    }

    private func stop() {
        bar.close()
        show(matching: "")
        focusFirstShown()
    }

    private func focusFirstShown() {
        let first = groups.lazy.flatMap(\.rows).first { gtk_widget_get_visible($0.row) != 0 }
        if let first { gtk_widget_grab_focus(first.row) }
    }
}
