/// The points start-up passes on the way to the first frame, in the order reached: what an
/// `ApplicationObserver` is told, so that the time from exec to the first frame can be split
/// where it goes. The raw values are the words `make bench` prints.
package enum StartupPhase: String {
    /// The application object is being made (the program's own code has begun).
    case main
    /// The command line was read (`handle-local-options`); the store's preload starts.
    case optionsRead = "options-read"
    /// GTK is initialised and the bus name taken (`startup`).
    case registered
    /// The store is open, with the welcome lists in a new database.
    case storeOpen = "store-open"
    /// The main window is made, its pages too.
    case windowBuilt = "window-built"
    /// The window was presented; its first frame comes next.
    case presented
}
