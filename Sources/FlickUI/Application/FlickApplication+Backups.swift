@preconcurrency import CGtk
import FlickCore
import Foundation

/// The database could not be read at start-up and was set aside: the window says so and, when
/// a daily backup reads well, offers to open it; the new list is kept beside it.
extension FlickApplication {
    func tellUnreadable(_ problem: UnreadableDatabase, over window: UnsafeMutablePointer<GtkWidget>) {
        let databaseURL = URL(fileURLWithPath: problem.keptAsideURL.deletingLastPathComponent().path)
            .appendingPathComponent(DataDirectory.databaseFileName)
        guard let backup = DatabaseBackups.newestSound(besides: databaseURL) else {
            MessageWindow.present(heading: UnreadableDatabaseMessage.heading,
                                  body: UnreadableDatabaseMessage.body(for: problem), over: window)
            return
        }
        QuestionDialog.present(
            heading: UnreadableDatabaseMessage.heading,
            body: UnreadableDatabaseMessage.body(for: problem) + "\n\n" + Self.backupOfferText(backup),
            keep: .init(mnemonic: tr("_Start With the New List"), name: tr("Start with the new list")),
            use: .init(mnemonic: tr("_Open the Backup"), name: tr("Open the backup")),
            over: window) { [weak self] in self?.reopenAtQuit(.backup(backup.url)) }
    }

    static func backupOfferText(_ backup: SetAsideDatabase.Readable) -> String {
        let modified = (try? FileManager.default.attributesOfItem(atPath: backup.url.path)[.modificationDate]) as? Date
        let when = modified.map { DateFormatter.localizedString(from: $0, dateStyle: .full, timeStyle: .short) }
            ?? backup.url.lastPathComponent
        return trPlural("A backup from {date} reads well and holds {count} item. Open it? Flick starts again on it, and the new list is kept beside it.",
                        "A backup from {date} reads well and holds {count} items. Open it? Flick starts again on it, and the new list is kept beside it.",
                        backup.items, ["date": when, "count": countText(backup.items)])
    }
}
