@preconcurrency import CGtk

/// About Flick over a phone-sized window, where GtkAboutDialog, never narrower than
/// 420 px, does not fit: the same `AboutFacts` one under another in a `PhoneWindow`, centred
/// as the dialog has them, what its About page says and then what its Credits page says. The
/// two links are buttons a finger can press, not links inside a line of text.
@MainActor
enum PhoneAboutWindow {
    @discardableResult
    static func present(_ facts: AboutFacts, over parent: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let frame = PhoneWindow(title: tr("About Flick"), over: parent, spacing: 12)
        for widget in about(facts) + credits(facts) { gtk_box_append(cast(frame.column), widget) }
        gtk_window_present(cast(frame.window))
        return frame.window
    }

    /// The icon, name, version and comments, the website, the copyright and the licence.
    private static func about(_ facts: AboutFacts) -> [UnsafeMutablePointer<GtkWidget>] {
        let icon = gtk_image_new_from_icon_name(facts.iconName)!
        gtk_image_set_pixel_size(OpaquePointer(icon), 96)
        return [
            icon,
            PhoneWindow.label(facts.name, centred: true, classes: ["title-1"]),
            PhoneWindow.label(facts.version, centred: true, classes: ["dim-label"]),
            PhoneWindow.label(facts.comments, centred: true),
            link(facts.websiteLabel, to: facts.website),
            PhoneWindow.label(facts.copyright, centred: true, classes: ["caption"]),
            PhoneWindow.label(tr("This program comes with absolutely no warranty."), centred: true, classes: ["caption"]),
            link(facts.licenceName, to: facts.licenceURL),
        ]
    }

    /// Who made Flick and, in a language whose translators are named, who translated it.
    private static func credits(_ facts: AboutFacts) -> [UnsafeMutablePointer<GtkWidget>] {
        var widgets = [PhoneWindow.label(tr("Created by"), centred: true, classes: ["heading"]),
                       PhoneWindow.label(facts.authors.joined(separator: "\n"), centred: true)]
        if let translators = facts.translators {
            widgets += [PhoneWindow.label(tr("Translated by"), centred: true, classes: ["heading"]),
                        PhoneWindow.label(translators, centred: true)]
        }
        gtk_widget_set_margin_top(widgets[0], 12)
        return widgets
    }

    /// A link button whose words wrap within the column (the licence's name is 300 px wide).
    private static func link(_ label: String, to address: String) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_link_button_new_with_label(address, label)!
        gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
        if let text = gtk_button_get_child(cast(button)) {
            gtk_label_set_wrap(OpaquePointer(text), 1)
            // Wrapped only where the column is too narrow: GTK's guess of a wrapped label's
            // width broke the licence's name after "Public" with room to spare.
            gtk_label_set_natural_wrap_mode(OpaquePointer(text), GTK_NATURAL_WRAP_NONE)
            gtk_label_set_justify(OpaquePointer(text), GTK_JUSTIFY_CENTER)
        }
        return button
    }
}
