import Harness
import Testing

/// The expected values come from SciPy 1.17.1: `scipy.stats.mannwhitneyu(x, y, method=...)` for U, the
/// normal approximation and the exact p-value without ties; `scipy.stats.permutation_test` over every
/// split (`n_resamples=np.inf`, statistic U of x) for the exact p-value with ties, which
/// `mannwhitneyu(method="exact")` computes as if there were none.
struct MannWhitneyUTests {
    struct Reference: Sendable, CustomTestStringConvertible {
        var name: String
        var first: [Double]
        var second: [Double]
        var u: Double
        var normalApproximation: Double
        var exact: Double
        var testDescription: String { name }
    }

    static let references: [Reference] = [
        Reference(
            name: "5 against 5, fully separated", first: [1.1, 2.3, 3.0, 4.5, 5.2], second: [6.1, 7.4, 8.2, 9.0, 10.5],
            u: 0, normalApproximation: 0.012185780355344813, exact: 0.007936507936507936
        ),
        Reference(
            name: "6 against 7, interleaved", first: [1, 4, 5, 8, 9, 12], second: [2, 3, 6, 7, 10, 11, 13],
            u: 18, normalApproximation: 0.7209848619016708, exact: 0.7307692307692307
        ),
        Reference(
            name: "7 against 8 with ties", first: [1, 2, 2, 3, 4, 4, 7], second: [2, 3, 3, 5, 6, 6, 8, 9],
            u: 15, normalApproximation: 0.14437652319832986, exact: 0.1445221445221445
        ),
        Reference(
            name: "3 against 3, fully separated", first: [100, 101, 102], second: [120, 121, 122],
            u: 0, normalApproximation: 0.08085559837005224, exact: 0.1
        ),
        // ns per element of `map` from the committed reference run: builtin against structBridge.
        Reference(
            name: "11 against 11 timings",
            first: [185.109, 260.584, 217.514, 231.613, 228.678, 219.003, 220.083, 150.412, 210.982, 149.94, 144.666],
            second: [223.971, 261.55, 244.462, 312.216, 226.396, 222.046, 219.506, 187.164, 213.33, 215.578, 159.973],
            u: 41, normalApproximation: 0.21216467995625798, exact: 0.21694507762619214
        ),
    ]

    @Test(arguments: references)
    func matchesSciPy(_ reference: Reference) {
        let test = MannWhitneyU(reference.first, reference.second)
        #expect(test.u == reference.u)
        #expect(test.method == .exact, "small samples get the exact p-value")
        #expect(abs(test.pValue - reference.exact) < 1e-12)
        #expect(abs(MannWhitneyU.exactPValue(reference.first, reference.second) - reference.exact) < 1e-12)
        let approximation = MannWhitneyU.normalApproximationPValue(reference.first, reference.second)
        #expect(abs(approximation - reference.normalApproximation) < 1e-12)
    }

    /// `x = round(normal(100, 5, 30))`, `y = round(normal(104, 5, 35))` (NumPy seed 7): many ties, past the
    /// exact limit.
    @Test func largeSamplesUseTheNormalApproximationWithTieCorrection() {
        let first: [Double] = [
            100, 101, 99, 96, 98, 95, 100, 107, 98, 97, 102, 102, 101, 95, 100, 103, 93, 98, 90, 94, 91, 99, 94, 101,
            101, 99, 87, 97, 100, 101,
        ]
        let second: [Double] = [
            96, 102, 99, 100, 109, 100, 104, 108, 101, 103, 105, 104, 98, 104, 111, 96, 108, 105, 101, 114, 108, 98,
            104, 107, 103, 107, 104, 107, 111, 101, 105, 102, 105, 98, 101,
        ]
        let test = MannWhitneyU(first, second)
        #expect(test.method == .normalApproximation)
        #expect(test.u == 177.5)
        #expect(abs(test.pValue - 4.660567545512827e-06) < 1e-15)
    }

    @Test func swappingTheSamplesMirrorsUAndKeepsThePValue() {
        let first: [Double] = [1, 2, 2, 3, 4, 4, 7], second: [Double] = [2, 3, 3, 5, 6, 6, 8, 9]
        let forward = MannWhitneyU(first, second), backward = MannWhitneyU(second, first)
        #expect(forward.u + backward.u == Double(first.count * second.count))
        #expect(abs(forward.pValue - backward.pValue) < 1e-12)
    }

    /// With 2 against 2 the most extreme split has probability 1/6 on each side: no difference is ever
    /// significant, however large.
    @Test func tinySamplesAreNeverSignificant() {
        #expect(MannWhitneyU([1, 2], [1000, 2000]).pValue == 1.0 / 3)
        #expect(MannWhitneyU([5], [500]).pValue == 1)
        #expect(MannWhitneyU([], [1, 2, 3]).pValue == 1)
    }

    @Test func identicalValuesGiveAPValueOfOne() {
        let same = [Double](repeating: 7, count: 8)
        #expect(MannWhitneyU(same, same).pValue == 1)
        #expect(MannWhitneyU.normalApproximationPValue(same, same) == 1)
        #expect(MannWhitneyU.exactPValue(same, same) == 1)
    }
}
