@preconcurrency import CGtk

/// The About Flick window: version, licence, website, authors and translators.
@MainActor
enum AboutDialog {
    static func present(over parent: UnsafeMutablePointer<GtkWidget>?) {
        let dialog = gtk_about_dialog_new()!
        let about = OpaquePointer(dialog)
        let aboutWindow: UnsafeMutablePointer<GtkWindow> = cast(dialog)
        gtk_about_dialog_set_program_name(about, "Flick")
        gtk_about_dialog_set_version(about, FlickApplication.version)
        gtk_about_dialog_set_comments(about, tr("A to-do list whose rows move under your hands"))
        gtk_about_dialog_set_website(about, "https://github.com/flicktodo/flick")
        gtk_about_dialog_set_website_label(about, tr("Website"))
        gtk_about_dialog_set_license_type(about, GTK_LICENSE_GPL_3_0)
        gtk_about_dialog_set_logo_icon_name(about, FlickApplication.applicationID)
        gtk_about_dialog_set_copyright(about, tr("© 2026 The Flick developers"))
        // Translators: put your names here, one per line.
        gtk_about_dialog_set_translator_credits(about, tr("translator-credits"))
        let authors = strdup("The Flick developers")
        var list: [UnsafePointer<CChar>?] = [UnsafePointer(authors), nil]
        list.withUnsafeMutableBufferPointer { gtk_about_dialog_set_authors(about, $0.baseAddress) }
        free(authors)
        if let parent {
            gtk_window_set_transient_for(aboutWindow, cast(parent))
            gtk_window_set_modal(aboutWindow, 1)
            DialogWindow.fit(dialog, width: nil, over: parent)
        }
        gtk_window_present(aboutWindow)
    }
}
