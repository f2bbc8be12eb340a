@preconcurrency import CGtk

/// What About Flick says, read by GtkAboutDialog on a desktop (`AboutDialog`) and by
/// `PhoneAboutWindow` on a phone, so that the two cannot come to say different
/// things.
@MainActor
struct AboutFacts {
    var name: String
    var version: String
    var iconName: String
    var comments: String
    var website: String
    var websiteLabel: String
    var copyright: String
    /// The licence as GtkAboutDialog names it; the phone says `licenceName` and links `licenceURL`,
    /// GTK's words and address for it.
    var licence: GtkLicense
    var licenceName: String
    var licenceURL: String
    var authors: [String]
    /// The translators' names, one a line; nil in a language whose catalogue names none (the
    /// message comes back as "translator-credits", which GtkAboutDialog too leaves out).
    var translators: String?

    static var flick: AboutFacts {
        // Translators: put your names here, one per line.
        let translators = tr("translator-credits")
        return AboutFacts(
            name: "Flick", version: FlickApplication.version, iconName: FlickApplication.applicationID,
            comments: tr("A to-do list whose rows move under your hands"),
            website: "https://github.com/flicktodo/flick", websiteLabel: tr("Website"),
            copyright: tr("© 2026 The Flick developers"),
            licence: GTK_LICENSE_GPL_3_0, licenceName: tr("GNU General Public License, version 3 or later"),
            licenceURL: "https://www.gnu.org/licenses/gpl-3.0.html",
            authors: ["The Flick developers"],
            translators: translators == "translator-credits" ? nil : translators)
    }
}
