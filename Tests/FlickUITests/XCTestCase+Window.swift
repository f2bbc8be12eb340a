import XCTest

extension XCTestCase {
    /// Runs `body` with a real window on a list of `titles`, on the main actor (XCTest runs tests
    /// on the main thread, but a test method marked @MainActor crashes), and closes it afterwards.
    func withWindow(_ titles: [String], _ body: @MainActor (WindowHarness) throws -> Void) throws {
        try MainActor.assumeIsolated {
            let harness = try WindowHarness(titles: titles)
            defer { harness.close() }
            try body(harness)
        }
    }
}
