/// What a `FuzzCampaign` found.
public struct FuzzResult {
    public let name: String
    public let seed: UInt64
    public let cases: Int
    /// One sentence per failed case, with its seed, index and replay line.
    public let failures: [String]
    public let seconds: Double

    /// The line every run prints, so the number of cases and their time can be read from the log.
    public var summary: String {
        let time = (seconds * 10).rounded() / 10
        return "fuzz \(name): \(cases) cases, seed \(seed), \(time) s, \(failures.count) failed"
    }

    /// The failures for an assertion message: the first ten of them, and how many in all.
    public var report: String {
        let shown = failures.prefix(10).joined(separator: "\n")
        let more = failures.count > 10 ? "\n… and \(failures.count - 10) more" : ""
        return "\(summary)\n\(shown)\(more)"
    }
}
