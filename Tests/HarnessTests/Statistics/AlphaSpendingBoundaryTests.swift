import Foundation
import Harness
import Testing

/// The boundaries that let `ab` look at a cell's pairs more than once (``AlphaSpendingBoundary``).
struct AlphaSpendingBoundaryTests {
    /// One look spends the whole level: the boundary is the normal quantile.
    @Test func oneLookIsTheFixedSampleTest() {
        let boundary = AlphaSpendingBoundary(fractions: [1], level: 0.005)
        #expect(abs(boundary.critical[0] - 2.5758293035489) < 1e-9, "\(boundary.critical)")
    }

    /// The published boundary of Lan and DeMets' Pocock-type spending at five equally spaced looks, two-sided
    /// 0.05 (Jennison and Turnbull, "Group Sequential Methods", 2000; R's gsDesign `sfLDPocock`): 2.438,
    /// 2.427, 2.410, 2.397, 2.386. One-sided at 0.025 it differs only by the chance of crossing both ways.
    @Test func pocockTypeSpendingMatchesThePublishedBoundary() {
        let boundary = AlphaSpendingBoundary(fractions: [0.2, 0.4, 0.6, 0.8, 1], level: 0.025)
        for (computed, published) in zip(boundary.critical, [2.438, 2.427, 2.410, 2.397, 2.386]) {
            #expect(abs(computed - published) < 0.002, "\(boundary.critical)")
        }
    }

    /// A Gaussian random walk looked at as `ab` looks at a cell (12 looks, one-sided 0.005) crosses the
    /// boundary about as often as the level says; at the fixed-sample critical value every look, about
    /// four times as often.
    @Test func aRandomWalkCrossesAtTheLevel() {
        let fractions = (1...12).map { Double($0) / 12 }
        let boundary = AlphaSpendingBoundary(fractions: fractions, level: 0.005)
        var generator = SeededGenerator(seed: 35)
        let walks = 100_000
        var crossed = 0, crossedNaively = 0
        for _ in 0..<walks {
            var sum = 0.0, crossing = false, naive = false
            for (look, critical) in boundary.critical.enumerated() {
                sum += generator.nextNormal() * (1.0 / 12).squareRoot()
                let z = sum / fractions[look].squareRoot()
                crossing = crossing || z >= critical
                naive = naive || z >= 2.5758293035489
            }
            crossed += crossing ? 1 : 0
            crossedNaively += naive ? 1 : 0
        }
        let rate = Double(crossed) / Double(walks), naiveRate = Double(crossedNaively) / Double(walks)
        #expect(rate > 0.004 && rate < 0.006, "\(crossed) of \(walks)")
        #expect(naiveRate > 0.015, "\(crossedNaively) of \(walks)")
    }
}
