#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The two-sided Wilcoxon signed-rank test on paired differences, with the Hodges–Lehmann estimate of
/// their centre and its distribution-free confidence interval: what `reactive-bench ab` decides on,
/// applied to the log ratios of paired repetitions (new over base).
///
/// Why this test: pairs measured back to back share whatever the machine did at that moment, so their
/// ratio cancels a slow phase that a comparison of two separate runs cannot; the signed-rank test uses
/// the signs and the ranks of the differences, not their sizes, so one pair that another process
/// preempted moves it by one rank, not by its 5x; and under the null hypothesis (base and new the same
/// build, their order within pairs alternated) each difference is as likely positive as negative.
///
/// Follows `scipy.stats.wilcoxon(d, zero_method="wilcox")`: zero differences are dropped, ties get
/// midranks. Up to ``exactLimit`` non-zero differences the p-value is exact (the distribution of the
/// positive rank sum over every sign pattern, ties included); beyond, the normal approximation with the
/// tie correction and a continuity correction.
public struct WilcoxonSignedRank: Sendable, Equatable {
    public enum Method: String, Sendable {
        case exact
        case normalApproximation
    }

    /// The largest number of non-zero differences for which the p-value is exact.
    public static let exactLimit = 50

    /// The sum of the ranks of the positive differences (ranks of |d|, ties at their midrank).
    public let positiveRankSum: Double
    /// The non-zero differences the test is over.
    public let count: Int
    /// The probability, if every difference were as likely positive as negative, of a rank sum at least
    /// this far from its mean, in either direction. 1 without a non-zero difference.
    public let pValue: Double
    public let method: Method

    public init(_ differences: [Double]) {
        precondition(!differences.contains(where: \.isNaN), "WilcoxonSignedRank cannot rank NaN")
        let ranking = SignedRanking(differences.filter { $0 != 0 })
        count = ranking.doubledRanks.count
        positiveRankSum = Double(ranking.positiveDoubledRankSum) / 2
        if count <= Self.exactLimit {
            method = .exact
            pValue = ranking.exactPValue()
        } else {
            method = .normalApproximation
            pValue = ranking.normalApproximationPValue()
        }
    }

    /// The exact two-sided p-value whatever the count (the cost grows as the cube of the count).
    public static func exactPValue(_ differences: [Double]) -> Double {
        SignedRanking(differences.filter { $0 != 0 }).exactPValue()
    }

    /// The two-sided p-value of the normal approximation with tie and continuity corrections, as
    /// `scipy.stats.wilcoxon(d, method="approx", correction=True)`.
    public static func normalApproximationPValue(_ differences: [Double]) -> Double {
        SignedRanking(differences.filter { $0 != 0 }).normalApproximationPValue()
    }
}

// MARK: - Hodges–Lehmann

extension WilcoxonSignedRank {
    /// The Hodges–Lehmann estimate of the differences' centre (the median of the Walsh averages
    /// `(d_i + d_j) / 2`, i <= j), with the confidence interval the signed-rank test implies: the Walsh
    /// averages between the order statistics `k` and `M + 1 - k`, `M = n (n + 1) / 2`. Robust: up to 29%
    /// of the differences may be wild before it follows them. Nil without differences.
    public struct Estimate: Sendable, Equatable {
        public let centre: Double
        public let low: Double
        public let high: Double
        /// The interval's coverage: `confidence` asked for, or less when too few differences reach it
        /// (then the interval is the smallest to the largest Walsh average).
        public let coverage: Double
    }

    /// ``Estimate`` of `differences` (zeros included) at `confidence` (say 0.99).
    public static func hodgesLehmann(_ differences: [Double], confidence: Double) -> Estimate? {
        guard !differences.isEmpty else { return nil }
        let interval = intervalRanks([(differences.count, (1 - confidence) / 2)])[0]
        return hodgesLehmann(differences, rank: interval.rank, coverage: interval.coverage)
    }

    /// ``Estimate`` of `differences` whose interval runs from the `rank`-th smallest Walsh average to the
    /// `rank`-th largest, which covers `coverage`.
    static func hodgesLehmann(_ differences: [Double], rank: Int, coverage: Double) -> Estimate? {
        guard !differences.isEmpty else { return nil }
        precondition(!differences.contains(where: \.isNaN), "Hodges-Lehmann cannot order NaN")
        var walsh: [Double] = []
        walsh.reserveCapacity(differences.count * (differences.count + 1) / 2)
        for i in differences.indices {
            for j in i..<differences.count { walsh.append((differences[i] + differences[j]) / 2) }
        }
        walsh.sort()
        let middle = walsh.count / 2
        let centre = walsh.count.isMultiple(of: 2) ? (walsh[middle - 1] + walsh[middle]) / 2 : walsh[middle]
        return Estimate(centre: centre, low: walsh[rank - 1], high: walsh[walsh.count - rank], coverage: coverage)
    }

    /// For each request of `count` differences and a `tail` probability, the rank `j` of the Hodges–Lehmann
    /// interval `walsh[j - 1] ... walsh[M - j]` (`M = n (n + 1) / 2` Walsh averages) that covers at least
    /// `1 - 2 tail`, and what it covers: the largest such `j`, and at least 1 (the smallest to the largest
    /// Walsh average) when none covers that much. One pass over the null distribution of the signed-rank
    /// statistic serves every request, in increasing order of `count`.
    static func intervalRanks(_ requests: [(count: Int, tail: Double)]) -> [(rank: Int, coverage: Double)] {
        precondition(zip(requests, requests.dropFirst()).allSatisfy { $0.count <= $1.count } && requests.allSatisfy { $0.count > 0 })
        guard let largest = requests.last?.count else { return [] }
        // ways[w]: how many of the 2^n sign patterns of the ranks 1...n give W+ = w (no ties), built up
        // one rank at a time, so that every request's n passes by.
        var ways = [Double](repeating: 0, count: largest * (largest + 1) / 2 + 1)
        ways[0] = 1
        var reach = 0, results: [(rank: Int, coverage: Double)] = [], next = requests.startIndex
        for rank in 1...largest {
            reach += rank
            for sum in stride(from: reach, through: rank, by: -1) where ways[sum - rank] != 0 {
                ways[sum] += ways[sum - rank]
            }
            while next < requests.endIndex && requests[next].count == rank {
                results.append(intervalRank(ways[...reach], walshAverages: reach, tail: requests[next].tail))
                next += 1
            }
        }
        return results
    }

    /// The interval's rank given the null distribution `ways` of W+ for `walshAverages = n (n + 1) / 2`.
    private static func intervalRank(_ ways: ArraySlice<Double>, walshAverages: Int, tail: Double) -> (rank: Int, coverage: Double) {
        let total = ways.reduce(0, +)
        // The interval walsh[j - 1] ... walsh[M - j] covers 1 - 2 P(W+ <= j - 1): the largest j that still
        // covers `confidence`, and at least 1 (min ... max) when none does.
        var j = 1, cumulative = ways[ways.startIndex] / total
        while j + 1 <= walshAverages / 2 {
            let next = cumulative + ways[ways.startIndex + j] / total
            guard next <= tail else { break }
            cumulative = next
            j += 1
        }
        return (j, 1 - 2 * cumulative)
    }
}

// MARK: - Ranks

extension WilcoxonSignedRank {
    /// The ranks of |d| (midranks, doubled so that they are integers) and the signs.
    private struct SignedRanking {
        let doubledRanks: [Int]
        let positive: [Bool]
        let tieSizes: [Int]

        init(_ differences: [Double]) {
            let magnitudes = differences.map(abs)
            let order = magnitudes.indices.sorted { magnitudes[$0] < magnitudes[$1] }
            var ranks = [Int](repeating: 0, count: differences.count)
            var ties: [Int] = []
            var start = 0
            while start < order.count {
                var end = start + 1
                while end < order.count && magnitudes[order[end]] == magnitudes[order[start]] { end += 1 }
                for position in start..<end { ranks[order[position]] = start + 1 + end }
                ties.append(end - start)
                start = end
            }
            doubledRanks = ranks
            positive = differences.map { $0 > 0 }
            tieSizes = ties
        }

        var positiveDoubledRankSum: Int {
            zip(doubledRanks, positive).reduce(0) { $0 + ($1.1 ? $1.0 : 0) }
        }

        func exactPValue() -> Double {
            guard !doubledRanks.isEmpty else { return 1 }
            let counts = WilcoxonSignedRank.rankSumCounts(doubledRanks: doubledRanks)
            let total = counts.reduce(0, +)
            let observed = positiveDoubledRankSum
            let atMost = counts[...observed].reduce(0, +) / total
            let atLeast = counts[observed...].reduce(0, +) / total
            return min(1, 2 * min(atMost, atLeast))
        }

        func normalApproximationPValue() -> Double {
            guard !doubledRanks.isEmpty else { return 1 }
            let n = Double(doubledRanks.count)
            let mean = n * (n + 1) / 4
            let tieTerm = tieSizes.reduce(0.0) { $0 + pow(Double($1), 3) - Double($1) }
            let variance = n * (n + 1) * (2 * n + 1) / 24 - tieTerm / 48
            guard variance > 0 else { return 1 }
            let deviation = abs(Double(positiveDoubledRankSum) / 2 - mean)
            let z = max(0, deviation - 0.5) / variance.squareRoot()
            return min(1, max(0, erfc(z / 2.0.squareRoot())))
        }
    }

    /// `counts[s]`: how many of the 2^n sign patterns give a doubled positive rank sum of `s`. Doubles:
    /// 2^60 is past what an Int64 holds exactly and only the ratios matter.
    fileprivate static func rankSumCounts(doubledRanks: [Int]) -> [Double] {
        let largest = doubledRanks.reduce(0, +)
        var ways = [Double](repeating: 0, count: largest + 1)
        ways[0] = 1
        var reach = 0
        for rank in doubledRanks {
            reach += rank
            for sum in stride(from: reach, through: rank, by: -1) where ways[sum - rank] != 0 {
                ways[sum] += ways[sum - rank]
            }
        }
        return ways
    }
}
