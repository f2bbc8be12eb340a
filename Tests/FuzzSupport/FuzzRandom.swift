/// A small seeded generator (SplitMix64): the same seed gives the same cases on every machine
/// and every run, which Swift's own `SystemRandomNumberGenerator` cannot.
public struct FuzzRandom: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// The seed of case `index` of a run seeded `seed`: each case has its own, so one case can
    /// be replayed alone.
    public static func caseSeed(_ seed: UInt64, index: Int) -> UInt64 {
        var generator = FuzzRandom(seed: seed ^ (UInt64(index) &* 0xD6E8_FEB8_6659_FD93))
        return generator.next()
    }

    /// An index below `count` (which must be positive).
    public mutating func below(_ count: Int) -> Int {
        Int.random(in: 0..<count, using: &self)
    }

    /// True with probability `chance`.
    public mutating func chance(_ chance: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < chance
    }

    /// One element of `elements` (which must not be empty).
    public mutating func pick<T>(_ elements: [T]) -> T {
        elements[below(elements.count)]
    }
}
