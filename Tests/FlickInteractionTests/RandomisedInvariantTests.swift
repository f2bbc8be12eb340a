import XCTest

/// DESIGN 5: randomised sequences that check the invariants after every call.
final class RandomisedInvariantTests: XCTestCase {
    func testRandomSequencesKeepInvariants() {
        // FLICK_RANDOM_SEED picks another series; the default keeps runs repeatable.
        let base = ProcessInfo.processInfo.environment["FLICK_RANDOM_SEED"].flatMap { UInt64($0) } ?? 0xF11C_0000
        for run in 0..<10_000 {
            let seed = base &+ UInt64(run)
            if let failure = RandomScenario(seed: seed).run(steps: 40) {
                XCTFail("seed \(seed): \(failure)")
                return
            }
        }
    }
}
