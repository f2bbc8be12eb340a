@preconcurrency import CGtk

/// What a program of this package other than `flick` may be told of a `FlickApplication`:
/// `flick-bench` (Sources/flick-bench) times start-up's phases and drives the window it is
/// given, through the window's and the pages' own members, as the keyboard and the header do.
/// Package access: it is no part of Flick's API, and `flick` gives no observer, so nothing is
/// called (the shipped binary has no benchmark code).
@MainActor
package protocol ApplicationObserver: AnyObject {
    /// Start-up has reached `phase`.
    func reached(_ phase: StartupPhase)
    /// The main window was made (once per window); `application` is the one that made it.
    func windowBuilt(_ window: MainWindow, by application: FlickApplication)
}
