import Harness
import Testing

/// The expected values come from SciPy 1.17.1: `scipy.stats.wilcoxon(d, zero_method="wilcox",
/// correction=True, method="approx")` for the normal approximation; the exact p-value (ties included)
/// and the Hodges–Lehmann estimate with its 99% interval from an enumeration of every sign pattern and
/// every Walsh average (`rankdata` midranks).
struct WilcoxonSignedRankTests {
    struct Reference: Sendable, CustomTestStringConvertible {
        var name: String
        var differences: [Double]
        var positiveRankSum: Double
        var exact: Double
        var normalApproximation: Double
        var centre: Double
        var low: Double
        var high: Double
        var coverage: Double
        var testDescription: String { name }
    }

    static let references: [Reference] = [
        Reference(
            name: "8 positive of 8", differences: [0.11, 0.15, 0.09, 0.2, 0.13, 0.14, 0.12, 0.16],
            positiveRankSum: 36, exact: 0.0078125, normalApproximation: 0.014266186701446923,
            centre: 0.135, low: 0.09, high: 0.2, coverage: 0.9921875
        ),
        Reference(
            name: "10 mixed", differences: [0.05, -0.02, 0.03, 0.08, -0.01, 0.04, 0.06, -0.03, 0.07, 0.02],
            positiveRankSum: 47, exact: 0.048828125, normalApproximation: 0.052479499559246585,
            centre: 0.03, low: -0.02, high: 0.07, coverage: 0.990234375
        ),
        Reference(
            name: "12 with ties", differences: [1, 2, 2, -1, 3, 3, -2, 4, 5, 5, -5, 6],
            positiveRankSum: 62.5, exact: 0.0654296875, normalApproximation: 0.07010243528785379,
            centre: 2, low: -1.5, high: 4.5, coverage: 0.99072265625
        ),
        // A pair that another process preempted: one wild difference of the wrong sign moves the test by
        // its rank only, and the estimate not at all.
        Reference(
            name: "15 with one wild negative",
            differences: [0.14, 0.15, 0.16, 0.13, 0.17, 0.15, 0.14, 0.16, 0.15, -2.0, 0.13, 0.18, 0.15, 0.14, 0.16],
            positiveRankSum: 105, exact: 0.0078125, normalApproximation: 0.01117533621303538,
            centre: 0.15, low: 0.13, high: 0.16, coverage: 0.99163818359375
        ),
    ]

    @Test(arguments: references)
    func matchesSciPy(_ reference: Reference) throws {
        let test = WilcoxonSignedRank(reference.differences)
        #expect(test.positiveRankSum == reference.positiveRankSum)
        #expect(test.method == .exact)
        #expect(abs(test.pValue - reference.exact) < 1e-12)
        #expect(abs(WilcoxonSignedRank.normalApproximationPValue(reference.differences) - reference.normalApproximation) < 1e-12)
        let estimate = try #require(WilcoxonSignedRank.hodgesLehmann(reference.differences, confidence: 0.99))
        #expect(abs(estimate.centre - reference.centre) < 1e-12)
        #expect(abs(estimate.low - reference.low) < 1e-12)
        #expect(abs(estimate.high - reference.high) < 1e-12)
        #expect(abs(estimate.coverage - reference.coverage) < 1e-12)
    }

    @Test func zerosAreDroppedAndNothingLeftIsPOne() {
        #expect(WilcoxonSignedRank([0, 0, 0]).pValue == 1)
        #expect(WilcoxonSignedRank([0, 0, 0]).count == 0)
        #expect(WilcoxonSignedRank([]).pValue == 1)
        #expect(WilcoxonSignedRank([0, 0.1, 0.2]).count == 2)
    }

    /// Seven pairs can never reach p < 0.01 (all seven of one sign: p = 2/128): `ab` needs at least 8.
    @Test func sevenPairsCannotBeSignificantAtOnePercentAndEightCan() {
        #expect(WilcoxonSignedRank([1, 2, 3, 4, 5, 6, 7]).pValue == 2.0 / 128)
        #expect(WilcoxonSignedRank([1, 2, 3, 4, 5, 6, 7, 8]).pValue == 2.0 / 256)
    }

    @Test func fewDifferencesGiveTheWholeRangeWithTheCoverageItHas() throws {
        let estimate = try #require(WilcoxonSignedRank.hodgesLehmann([0.1, 0.3], confidence: 0.99))
        #expect(estimate.low == 0.1 && estimate.high == 0.3)
        #expect(estimate.coverage == 0.5, "min ... max of 2 differences covers 1 - 2/4")
        #expect(WilcoxonSignedRank.hodgesLehmann([], confidence: 0.99) == nil)
    }

    /// Beyond the exact limit: the normal approximation, which agrees with the exact value closely there.
    @Test func largeCountsUseTheNormalApproximation() {
        let differences = (1...60).map { Double($0 % 7) - 2.5 + Double($0) / 100 }
        let test = WilcoxonSignedRank(differences)
        #expect(test.method == .normalApproximation)
        #expect(abs(test.pValue - WilcoxonSignedRank.exactPValue(differences)) < 0.01)
    }
}
