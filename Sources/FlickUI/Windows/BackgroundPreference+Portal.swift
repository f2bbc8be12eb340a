@preconcurrency import CGtk
import Foundation

/// Switching "Run in the background and start at login": through the desktop's
/// Background portal where it runs, else with Flick's own autostart entry, as before.
extension BackgroundPreference {
    /// What came of switching: the switch's position now, and what to tell the user, if anything.
    struct Outcome: Equatable {
        var isOn: Bool
        var message: String?
    }

    /// Why Flick asks, shown in the portal's dialog.
    static var reason: String { tr("Reminders come when the window is closed, and after you log in") }

    /// Turns running in the background on or off; `done` is told once the portal answered (or
    /// at once, without a portal). Turning it off asks the portal with autostart false. The
    /// portal's dialog, if it shows one, is over `window`, the one the user switched it in.
    @MainActor
    func apply(_ on: Bool, window: UnsafeMutablePointer<GtkWindow>?, done: @escaping @MainActor (Outcome) -> Void) {
        guard let portal = BackgroundPortal() else {
            done(writingEntry(on))
            return
        }
        portal.request(autostart: on, reason: Self.reason, commandLine: commandLine, parent: window) { answer in
            done(self.outcome(of: answer, askedFor: on))
        }
    }

    /// The portal's answer to a request to turn it `on` (or off), applied.
    @MainActor
    func outcome(of answer: BackgroundPortal.Answer, askedFor on: Bool) -> Outcome {
        switch answer {
        case .noPortal:
            return writingEntry(on)
        case .failed(let error):
            // The portal is there but failed: Flick's own entry still does what was asked.
            FileHandle.standardError.write(Data("flick: the Background portal failed (\(error)); using the autostart entry\n".utf8))
            return writingEntry(on)
        case .allowed(let autostart):
            allowedByPortal = on
            removeEntryQuietly()
            guard on, !autostart else { return Outcome(isOn: on) }
            return Outcome(isOn: true, message: tr("Flick may run in the background, but your desktop will not start it when you log in."))
        case .refused:
            allowedByPortal = false
            removeEntryQuietly()
            guard on else { return Outcome(isOn: false) }
            return Outcome(isOn: false, message: tr("Your desktop did not allow Flick to run in the background. You can allow it in the desktop’s settings for apps, then switch this on again."))
        }
    }

    /// Without a portal: the autostart entry written or removed, as before the portal.
    private func writingEntry(_ on: Bool) -> Outcome {
        allowedByPortal = false
        do {
            try set(on)
        } catch {
            FileHandle.standardError.write(Data("flick: the autostart entry could not be written: \(error)\n".utf8))
        }
        return Outcome(isOn: isOn)
    }

    /// With the portal: Flick's own entry goes (the portal's stays), see `removeOwnEntry`.
    private func removeEntryQuietly() {
        do {
            try removeOwnEntry()
        } catch {
            FileHandle.standardError.write(Data("flick: the autostart entry could not be removed: \(error)\n".utf8))
        }
    }
}
