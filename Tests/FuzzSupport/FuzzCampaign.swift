import Foundation

/// One fuzz test's run: how many cases, from which seed, and the loop that runs them.
///
/// The environment chooses:
/// - `FLICK_FUZZ_SEED`: the run's seed (default 1, so `make check` tries the same cases each time);
/// - `FLICK_FUZZ_SCALE`: a factor on every test's number of cases (`make stress` raises it);
/// - `FLICK_FUZZ_CASE`: run only this case, to replay a failure.
/// Every failure, crash and hang names the seed and the case, with the line that replays it.
public struct FuzzCampaign {
    public let name: String
    public let seed: UInt64
    public let count: Int
    private let only: Int?

    /// - Parameters:
    ///   - name: the test class; with `function`, the test as `swift test --filter` takes it.
    ///   - cases: the number of cases at scale 1.
    ///   - scales: false for a sweep whose cases are all there are (every line of a file, say).
    public init(_ name: String, cases: Int, scales: Bool = true, function: String = #function,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.name = name + "/" + function.replacingOccurrences(of: "()", with: "")
        seed = environment["FLICK_FUZZ_SEED"].flatMap { UInt64($0) } ?? 1
        let scale = environment["FLICK_FUZZ_SCALE"].flatMap { Double($0) } ?? 1
        count = scales ? max(1, Int((Double(cases) * scale).rounded())) : cases
        only = environment["FLICK_FUZZ_CASE"].flatMap { Int($0) }
    }

    /// How to run case `index` again alone.
    public func replay(_ index: Int) -> String {
        "FLICK_FUZZ_SEED=\(seed) FLICK_FUZZ_CASE=\(index) swift test --filter \(name)"
    }

    /// Runs `body` for every case with that case's own generator. `body` returns nil when the
    /// case went well, or what went wrong; an error thrown counts as what went wrong.
    public func run(_ body: (_ index: Int, _ random: inout FuzzRandom) throws -> String?) -> FuzzResult {
        let started = Date()
        var failures: [String] = []
        let indices = only.map { [$0] } ?? Array(0..<count)
        for index in indices {
            var random = FuzzRandom(seed: FuzzRandom.caseSeed(seed, index: index))
            FuzzWatch.begin("\(name), seed \(seed), case \(index); replay: \(replay(index))")
            let problem: String?
            do {
                problem = try body(index, &random)
            } catch {
                problem = "unexpected error: \(error)"
            }
            FuzzWatch.end()
            if let problem {
                failures.append("seed \(seed), case \(index): \(problem.prefix(2000))\n    replay: \(replay(index))")
            }
        }
        let result = FuzzResult(name: name, seed: seed, cases: indices.count, failures: failures,
                                seconds: Date().timeIntervalSince(started))
        print(result.summary)
        return result
    }
}
