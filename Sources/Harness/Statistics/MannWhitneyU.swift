#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The two-sided Mann–Whitney U test (Wilcoxon rank-sum test): do two independent samples come from the
/// same distribution, or does one tend to be larger?
///
/// It assumes nothing about the shape of the distributions, which for timings is skewed and often
/// bimodal, and an outlier moves it by one rank only. The statistic and the p-values follow
/// `scipy.stats.mannwhitneyu`: `u` is the first sample's U, ties get midranks.
///
/// Small samples (``exactLimit`` values or fewer in all) get the exact p-value: the distribution of U
/// over every way of splitting the pooled ranks, tied ranks included, so the test never claims more than
/// the data shows (with 3 repetitions on each side no difference is ever significant at 0.01). Larger
/// samples use the normal approximation with the tie correction and a continuity correction.
public struct MannWhitneyU: Sendable, Equatable {
    /// How the p-value was computed.
    public enum Method: String, Sendable {
        case exact
        case normalApproximation
    }

    /// The largest pooled sample size for which ``init(_:_:)`` computes the exact p-value.
    public static let exactLimit = 50

    /// U of the first sample: the number of pairs (x from the first, y from the second) with x > y, plus
    /// half the pairs with x == y.
    public let u: Double
    /// The probability, if both samples came from one distribution, of a U at least this far from its
    /// mean `n1 n2 / 2`, in either direction. 1 when either sample is empty.
    public let pValue: Double
    public let method: Method

    /// Tests `first` against `second`; neither may contain NaN.
    public init(_ first: [Double], _ second: [Double]) {
        precondition(!(first + second).contains(where: \.isNaN), "MannWhitneyU cannot rank NaN")
        let ranking = Ranking(first, second)
        u = ranking.firstU
        if first.count + second.count <= Self.exactLimit {
            method = .exact
            pValue = ranking.exactPValue()
        } else {
            method = .normalApproximation
            pValue = ranking.normalApproximationPValue()
        }
    }

    /// The exact two-sided p-value, whatever the sample sizes (the cost grows as the fourth power of the
    /// pooled size): `2 min(P(U <= u), P(U >= u))`, at most 1, over all splits of the pooled midranks.
    public static func exactPValue(_ first: [Double], _ second: [Double]) -> Double {
        Ranking(first, second).exactPValue()
    }

    /// The two-sided p-value from the normal approximation with tie and continuity corrections, as
    /// `scipy.stats.mannwhitneyu(first, second, method="asymptotic")` computes it.
    public static func normalApproximationPValue(_ first: [Double], _ second: [Double]) -> Double {
        Ranking(first, second).normalApproximationPValue()
    }
}

// MARK: - Ranks

extension MannWhitneyU {
    /// The pooled samples' midranks, doubled so that they are integers (a tie between ranks 3 and 4 has
    /// midrank 3.5, doubled 7).
    private struct Ranking {
        let firstCount: Int
        let secondCount: Int
        /// Doubled midranks, the first sample's first.
        let doubledRanks: [Int]
        /// The sizes of the groups of tied values.
        let tieSizes: [Int]

        init(_ first: [Double], _ second: [Double]) {
            firstCount = first.count
            secondCount = second.count
            let pooled = first + second
            let order = pooled.indices.sorted { pooled[$0] < pooled[$1] }
            var ranks = [Int](repeating: 0, count: pooled.count)
            var ties: [Int] = []
            var start = 0
            while start < order.count {
                var end = start + 1
                while end < order.count && pooled[order[end]] == pooled[order[start]] { end += 1 }
                // Ranks start + 1 ... end share their mean; doubled, that is start + 1 + end.
                for position in start..<end { ranks[order[position]] = start + 1 + end }
                ties.append(end - start)
                start = end
            }
            doubledRanks = ranks
            tieSizes = ties
        }

        var firstDoubledRankSum: Int { doubledRanks.prefix(firstCount).reduce(0, +) }

        var firstU: Double {
            Double(firstDoubledRankSum) / 2 - Double(firstCount * (firstCount + 1)) / 2
        }

        func normalApproximationPValue() -> Double {
            guard firstCount > 0 && secondCount > 0 else { return 1 }
            let n1 = Double(firstCount), n2 = Double(secondCount), n = n1 + n2
            let mean = n1 * n2 / 2
            let tieTerm = tieSizes.reduce(0.0) { $0 + pow(Double($1), 3) - Double($1) }
            let variance = n1 * n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1)))
            guard variance > 0 else { return 1 }
            // The larger of the two U's, less half a unit for continuity, measured in standard deviations.
            let larger = max(firstU, n1 * n2 - firstU)
            let z = (larger - mean - 0.5) / variance.squareRoot()
            return min(1, max(0, erfc(z / 2.0.squareRoot())))
        }

        func exactPValue() -> Double {
            guard firstCount > 0 && secondCount > 0 else { return 1 }
            let counts = rankSumCounts()
            let total = counts.reduce(0, +)
            let observed = firstDoubledRankSum
            let atMost = counts[...observed].reduce(0, +) / total
            let atLeast = counts[observed...].reduce(0, +) / total
            return min(1, 2 * min(atMost, atLeast))
        }

        /// `counts[s]`: how many ways of choosing `firstCount` of the pooled values have doubled rank sum
        /// `s`. Doubles, not Ints: ``exactPValue(_:_:)`` takes any size and C(70, 35) is past Int64; only
        /// the ratios of the counts matter.
        private func rankSumCounts() -> [Double] {
            let largestSum = doubledRanks.reduce(0, +)
            // ways[k][s]: subsets of size k of the ranks seen so far with doubled sum s.
            var ways = [[Double]](repeating: [Double](repeating: 0, count: largestSum + 1), count: firstCount + 1)
            ways[0][0] = 1
            for (seen, rank) in doubledRanks.enumerated() {
                for size in stride(from: min(seen + 1, firstCount), through: 1, by: -1) {
                    for sum in stride(from: largestSum, through: rank, by: -1) where ways[size - 1][sum - rank] != 0 {
                        ways[size][sum] += ways[size - 1][sum - rank]
                    }
                }
            }
            return ways[firstCount]
        }
    }
}
