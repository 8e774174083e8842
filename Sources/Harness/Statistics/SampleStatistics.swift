#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Summary statistics of repeated measurements (say, ns per element over R runs of a cell).
///
/// The median and its confidence interval are the numbers to compare: they assume nothing about the
/// distribution, which for timings is skewed and often bimodal. Mean and standard deviation are there
/// for completeness.
public struct SampleStatistics: Sendable, Equatable {
    public let count: Int
    public let median: Double
    public let min: Double
    public let max: Double
    public let mean: Double
    /// Sample standard deviation (divides by n - 1); 0 for a single sample.
    public let standardDeviation: Double
    /// Median of the absolute deviations from the median, unscaled (multiply by 1.4826 to estimate the
    /// standard deviation of a normal distribution).
    public let medianAbsoluteDeviation: Double
    /// A distribution-free interval that holds the true median with probability at least 95%: the order
    /// statistics `x(j)...x(n+1-j)` with the largest `j` such that `P(j <= B <= n - j) >= 0.95`,
    /// B ~ Binomial(n, 1/2). With fewer than 6 samples no pair of order statistics reaches 95% (with 5,
    /// min...max covers 93.75%), and the interval is `min...max`, which then covers less than 95%.
    public let confidenceInterval95: ClosedRange<Double>

    /// Computes the statistics of `samples`, which must be non-empty and free of NaN.
    public init(_ samples: [Double]) {
        precondition(!samples.isEmpty, "SampleStatistics needs at least one sample")
        precondition(!samples.contains(where: \.isNaN), "SampleStatistics cannot order NaN samples")
        let sorted = samples.sorted()
        let median = Self.median(sorted: sorted)
        let mean = sorted.reduce(0, +) / Double(sorted.count)
        count = sorted.count
        self.median = median
        min = sorted[0]
        max = sorted[sorted.count - 1]
        self.mean = mean
        standardDeviation = Self.standardDeviation(sorted, mean: mean)
        medianAbsoluteDeviation = Self.median(sorted: sorted.map { abs($0 - median) }.sorted())
        let rank = Self.lowerRankOfMedianInterval(count: sorted.count, confidence: 0.95)
        confidenceInterval95 = sorted[rank - 1]...sorted[sorted.count - rank]
    }

    /// The median of `values` (the mean of the two middle values for an even count).
    public static func median(_ values: [Double]) -> Double {
        precondition(!values.isEmpty, "the median of no values is undefined")
        return median(sorted: values.sorted())
    }

    private static func median(sorted: [Double]) -> Double {
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    private static func standardDeviation(_ values: [Double], mean: Double) -> Double {
        guard values.count > 1 else { return 0 }
        let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        return (squares / Double(values.count - 1)).squareRoot()
    }
}

// MARK: - Order-statistic interval

extension SampleStatistics {
    /// The 1-based rank `j` of the lower end of the median's interval `x(j)...x(n+1-j)`: the largest `j`
    /// whose coverage `1 - 2 P(B <= j - 1)` is at least `confidence`, or 1 when none is (small n).
    static func lowerRankOfMedianInterval(count n: Int, confidence: Double) -> Int {
        let tail = (1 - confidence) / 2
        // P(B = k) in log space: P(B = 0) = 2^-n underflows past n = 1074.
        var logProbability = -Double(n) * log(2.0)
        var cumulative = exp(logProbability)  // P(B <= rank - 1)
        var rank = 1
        while rank + 1 <= (n + 1) / 2 {
            logProbability += log(Double(n - rank + 1) / Double(rank))  // now log P(B = rank)
            let next = cumulative + exp(logProbability)
            // Rank j + 1 keeps 95% coverage while P(B <= j) <= tail.
            guard next <= tail else { break }
            cumulative = next
            rank += 1
        }
        return rank
    }
}
