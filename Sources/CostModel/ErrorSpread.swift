import Harness

/// How far a set of estimates falls from the measured medians: each error is the estimate over the median,
/// minus 1.
public struct ErrorSpread: Sendable, Equatable {
    /// How near the measured median an estimate must be to count as within: ±20%.
    public static let tolerance = 0.20

    public var cells: Int
    /// Errors of at most ``tolerance`` either way.
    public var within: Int
    /// Errors above +``tolerance`` (the estimate too high) and below -``tolerance`` (too low).
    public var above: Int
    public var below: Int
    /// The median of the errors' magnitudes, and of the signed errors; nil without cells.
    public var medianAbsoluteError: Double?
    public var medianError: Double?
    /// The lower and upper quartile of the signed errors (Python's `statistics.quantiles`, the exclusive
    /// method); nil without cells.
    public var quartiles: (lower: Double, upper: Double)?

    public init(_ errors: [Double]) {
        cells = errors.count
        within = errors.filter { abs($0) <= Self.tolerance }.count
        above = errors.filter { $0 > Self.tolerance }.count
        below = errors.filter { $0 < -Self.tolerance }.count
        medianAbsoluteError = errors.isEmpty ? nil : SampleStatistics.median(errors.map(abs))
        medianError = errors.isEmpty ? nil : SampleStatistics.median(errors)
        quartiles = Self.quartiles(errors)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        (lhs.cells, lhs.within, lhs.above, lhs.below) == (rhs.cells, rhs.within, rhs.above, rhs.below)
            && lhs.medianAbsoluteError == rhs.medianAbsoluteError && lhs.medianError == rhs.medianError
            && lhs.quartiles?.lower == rhs.quartiles?.lower && lhs.quartiles?.upper == rhs.quartiles?.upper
    }

    /// The first and third of the three cut points that divide `values` into four (the exclusive method:
    /// the i-th at position i x (n + 1) / 4 of the sorted values, interpolated, clamped to the first and
    /// last pair); one value is all three of its own.
    static func quartiles(_ values: [Double]) -> (lower: Double, upper: Double)? {
        guard values.count > 1 else { return values.first.map { ($0, $0) } }
        let sorted = values.sorted(), count = sorted.count
        func cut(_ index: Int) -> Double {
            let position = index * (count + 1)
            let below = min(max(position / 4, 1), count - 1)
            let delta = Double(position - below * 4)
            return (sorted[below - 1] * (4 - delta) + sorted[below] * delta) / 4
        }
        return (cut(1), cut(3))
    }
}
