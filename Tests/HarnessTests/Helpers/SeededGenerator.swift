import Foundation

/// SplitMix64: a tiny seeded generator, so that synthetic noise is the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// `count` values spread uniformly over `center` ± `percent`%.
    mutating func jittered(around center: Double, percent: Double, count: Int) -> [Double] {
        (0..<count).map { _ in center * (1 + Double.random(in: -percent...percent, using: &self) / 100) }
    }
}

extension SeededGenerator {
    /// A standard normal value (Box-Muller, one of the pair), from two uniforms in (0, 1].
    mutating func nextNormal() -> Double {
        let first = Double((next() >> 11) + 1) * 0x1p-53, second = Double(next() >> 11) * 0x1p-53
        return (-2 * Foundation.log(first)).squareRoot() * Foundation.cos(2 * Double.pi * second)
    }
}
