import Foundation
import GRDB

/// How long every connection to Flick's database waits for another one's lock before it gives
/// up: two Flick processes on one file are ordinary (a cron's `flick --add` while `flick --list`
/// runs, a timer's `--sync` while the window is open), and SQLite's default is to answer "busy"
/// at once. That answer, read as damage while opening, set a healthy file aside (issue 53).
enum BusyWait {
    static let seconds: TimeInterval = 5

    /// `configuration` waiting for locks (read-only connections too: a reader waits while a
    /// closing writer checkpoints and removes the write-ahead log).
    static func apply(to configuration: inout Configuration) {
        configuration.busyMode = .timeout(seconds)
    }

    /// A read-only connection's configuration, waiting as every connection does.
    static func readOnly(label: String? = nil) -> Configuration {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = label
        apply(to: &configuration)
        return configuration
    }
}
