@preconcurrency import CGtk
import Foundation
import XCTest

/// A fatal GLib message ends the process even with Swift's crash backtracer on
/// (GestureShim's flick_fatal_messages.c): the backtracer returned from the breakpoint GLib
/// stops on, and make check's test binary ran on past a fatal CRITICAL. The test runs this
/// test binary again on the one test below, which logs a CRITICAL under
/// G_DEBUG=fatal-criticals, and that process must die of SIGTRAP after its backtrace.
final class FatalMessagesTests: XCTestCase {
    private static let askedVariable = "FLICK_TEST_LOG_A_CRITICAL"
    private static let childTest = "FlickUITests.FatalMessagesTests/testLogsACriticalWhenAsked"

    func testAFatalCriticalEndsTheProcessAfterItsBacktrace() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("flick-fatal-\(UUID().uuidString).log")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = [Self.childTest]
        var environment = ProcessInfo.processInfo.environment
        environment["G_DEBUG"] = "fatal-criticals"
        environment["SWIFT_BACKTRACE"] = "enable=yes,interactive=no,images=none"
        environment[Self.askedVariable] = "1"
        child.environment = environment
        let log = try FileHandle(forWritingTo: output)
        child.standardOutput = log
        child.standardError = log
        try child.run()
        let deadline = Date().addingTimeInterval(60)
        while child.isRunning, Date() < deadline { usleep(50_000) }
        if child.isRunning { child.terminate() }
        child.waitUntilExit()
        let printed = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        XCTAssertTrue(printed.contains("a check that fails"), "the CRITICAL was logged:\n\(printed.suffix(2000))")
        XCTAssertTrue(printed.contains("Backtracing"), "Swift's backtracer printed first")
        XCTAssertFalse(printed.contains(Self.ranOn), "nothing ran after the CRITICAL")
        XCTAssertEqual(child.terminationReason, .uncaughtSignal, "ended by a signal:\n\(printed.suffix(2000))")
        XCTAssertEqual(child.terminationStatus, SIGTRAP, "ended by GLib's breakpoint")
    }

    private static let ranOn = "the process ran on past a fatal CRITICAL"

    /// Run only by the test above, in a process of its own.
    func testLogsACriticalWhenAsked() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment[Self.askedVariable] != nil,
                          "run in a process of its own by testAFatalCriticalEndsTheProcessAfterItsBacktrace")
        g_return_if_fail_warning("FlickTest", "testLogsACriticalWhenAsked", "a check that fails")
        print(Self.ranOn)
    }
}
