import FlickCore
import Foundation
import GestureShim

/// Makes the daily backup (`DatabaseBackups`) a little after start-up and checks every hour
/// whether a new day wants one, on a thread of its own: the copy reads the whole file.
@MainActor
final class BackupSchedule {
    static let firstDelaySeconds = 5.0
    static let checkSeconds = 3600.0
    private let databaseURL: URL
    private var timer: UInt32?
    private var isRunning = false

    init(databaseURL: URL) {
        self.databaseURL = databaseURL
        _ = MainLoop.after(seconds: Self.firstDelaySeconds) { [weak self] in
            guard let self else { return }
            self.backUpIfDue()
            self.timer = MainLoop.every(seconds: Self.checkSeconds) { [weak self] in self?.backUpIfDue() }
        }
    }

    /// The days and weeks the backups are named and thinned by: the local clock's, in weeks
    /// that begin where the date buttons' calendar begins them (`LocaleWeek`). A Gregorian
    /// calendar of no locale, not `Calendar.current`: that one made ICU open the user's locale's
    /// calendar and week data each day, about 1 MiB that stayed resident.
    nonisolated static func calendar() -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        calendar.firstWeekday = LocaleWeek.firstWeekday()
        return calendar
    }

    private func backUpIfDue() {
        guard !isRunning else { return }
        isRunning = true
        let databaseURL = databaseURL
        Thread.detachNewThread {
            do {
                try DatabaseBackups.backUpIfDue(databaseURL, calendar: Self.calendar())
            } catch {
                // A full disk is said when an edit cannot be saved; a missed backup is tried again in an hour.
                FileHandle.standardError.write(Data("flick: the daily backup was not made: \(error)\n".utf8))
            }
            // The copy's pages went through this thread's own malloc arena, which glibc keeps
            // when they are freed: 4 MiB stayed resident after a backup of 100,000 items.
            flick_free_memory_trim()
            _ = MainLoop.idle { [weak self] in self?.isRunning = false }
        }
    }
}
