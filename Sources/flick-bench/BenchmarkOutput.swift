import Foundation

/// What the benchmark hooks read about the process.
enum BenchmarkOutput {
    /// Peak resident memory (VmHWM) in KiB, from /proc/self/status.
    static func peakResidentKiB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
        }
        return 0
    }
}
