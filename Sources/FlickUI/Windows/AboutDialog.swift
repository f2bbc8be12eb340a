@preconcurrency import CGtk

/// The About Flick window: version, licence, website, authors and translators (`AboutFacts`).
@MainActor
enum AboutDialog {
    /// Over a phone-sized window (`PhoneWidth`) the facts are `PhoneAboutWindow`'s column:
    /// GtkAboutDialog is never narrower than 420 px.
    static func present(over parent: UnsafeMutablePointer<GtkWidget>?) {
        let facts = AboutFacts.flick
        if let parent, PhoneWidth.isNarrow(parent) {
            PhoneAboutWindow.present(facts, over: parent)
            return
        }
        let dialog = gtk_about_dialog_new()!
        let about = OpaquePointer(dialog)
        let aboutWindow: UnsafeMutablePointer<GtkWindow> = cast(dialog)
        gtk_about_dialog_set_program_name(about, facts.name)
        gtk_about_dialog_set_version(about, facts.version)
        gtk_about_dialog_set_comments(about, facts.comments)
        gtk_about_dialog_set_website(about, facts.website)
        gtk_about_dialog_set_website_label(about, facts.websiteLabel)
        gtk_about_dialog_set_license_type(about, facts.licence)
        gtk_about_dialog_set_logo_icon_name(about, facts.iconName)
        gtk_about_dialog_set_copyright(about, facts.copyright)
        if let translators = facts.translators { gtk_about_dialog_set_translator_credits(about, translators) }
        facts.authors.withCStringArray { gtk_about_dialog_set_authors(about, UnsafeMutablePointer(mutating: $0)) }
        if let parent {
            gtk_window_set_transient_for(aboutWindow, cast(parent))
            gtk_window_set_modal(aboutWindow, 1)
        }
        gtk_window_present(aboutWindow)
    }
}
