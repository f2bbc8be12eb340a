import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Says which case was running when a fuzz case crashes or hangs, since a crash ends the test
/// process before XCTest can print anything and a hang never ends it: a signal handler writes the
/// case (prepared before the case starts, because a handler may only write), and a watchdog
/// thread aborts a case that runs longer than `hangSeconds`.
enum FuzzWatch {
    /// Signals a crash in Swift or C code raises: a trap, a bad access, an abort.
    private static let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE]
    /// A case slower than this hangs. Long: the debug build is slow and the machine shared.
    static let hangSeconds: Double = Double(ProcessInfo.processInfo.environment["FLICK_FUZZ_HANG_SECONDS"] ?? "") ?? 60

    private static let lock = NSLock()
    nonisolated(unsafe) private static var caseStarted: Double?
    nonisolated(unsafe) private static var installed = false
    /// The sentence the handler writes, and its length: set before each case.
    nonisolated(unsafe) private static var message = UnsafeMutablePointer<CChar>.allocate(capacity: 1024)
    nonisolated(unsafe) private static var messageLength = 0
    /// The handlers that were there before (Swift's backtracer): called after the message.
    nonisolated(unsafe) private static var previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)

    /// Marks the start of a case, described by `description` (seed, index, how to replay).
    static func begin(_ description: String) {
        installOnce()
        let bytes = Array(("\nfuzz: CRASH in " + description + "\n").utf8.prefix(1023))
        lock.lock()
        for (offset, byte) in bytes.enumerated() { message[offset] = CChar(bitPattern: byte) }
        messageLength = bytes.count
        caseStarted = Date().timeIntervalSince1970
        lock.unlock()
    }

    /// Marks the end of the case: no crash can be blamed on it any more.
    static func end() {
        lock.lock()
        messageLength = 0
        caseStarted = nil
        lock.unlock()
    }

    private static func installOnce() {
        lock.lock()
        defer { lock.unlock() }
        guard !installed else { return }
        installed = true
        for signal in crashSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                if FuzzWatch.messageLength > 0 { _ = write(2, FuzzWatch.message, FuzzWatch.messageLength) }
                // Then whatever was there before (the backtrace), as if this handler were not.
                sigaction(number, FuzzWatch.previous + Int(number), nil)
                raise(number)
            }
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, previous + Int(signal))
        }
        Thread.detachNewThread { watchForHangs() }
    }

    private static func watchForHangs() {
        while true {
            Thread.sleep(forTimeInterval: 1)
            lock.lock()
            let started = caseStarted
            let text = String(decoding: UnsafeBufferPointer(start: UnsafeMutableRawPointer(message)
                .assumingMemoryBound(to: UInt8.self), count: messageLength), as: UTF8.self)
            lock.unlock()
            if let started, Date().timeIntervalSince1970 - started > hangSeconds {
                let hang = text.replacingOccurrences(of: "fuzz: CRASH in", with: "fuzz: HANG (over \(hangSeconds) s) in")
                FileHandle.standardError.write(Data(hang.utf8))
                lock.lock()
                messageLength = 0  // The abort below is this watchdog's, not a crash of the case.
                lock.unlock()
                // The hung case cannot be stopped from here: end the run so it does not block `make check`.
                abort()
            }
        }
    }
}
