import Foundation

/// The process's environment, read without Foundation's copy of it: each read of
/// `ProcessInfo.processInfo.environment` builds a dictionary of every variable, about 0.1 ms,
/// and start-up read it eleven times (callgrind: 4.9 million instructions on the way to the
/// first frame).
enum ProcessEnvironment {
    /// The variable's value; nil when it is not set.
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Every variable, for what takes the whole environment (the data folder's rules): built
    /// once, since Flick never changes its own environment after start-up.
    static let all: [String: String] = ProcessInfo.processInfo.environment
}
