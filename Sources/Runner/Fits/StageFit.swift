import Harness
import Workloads

/// One line of fits.csv: how one metric of one implementation grows along one sweep (cost = intercept +
/// slope x depth), fitted by least squares over the repetitions of the sweep's cells.
public struct StageFit: Sendable {
    public var scenario: String
    /// `subject` or `direct`; empty for a scenario whose source is under test (`fanOut`).
    public var source: String
    public var implementation: String
    /// `ns`, `instructions` or `allocations`.
    public var metric: String
    /// What one y value is per: `element` or `subscription`.
    public var measuredPer: String
    /// Whether the values are the cells' per-unit ones (time, instructions per unit), rather than those
    /// of the set-up (per subscription).
    public var perUnit: Bool
    /// What one step of x is: a stage or a subscriber.
    public var axis: SweepAxis
    /// The sweep's parameter values that had points, ascending.
    public var parameters: [Double]
    /// The line through every point (each repetition of each cell): slope, intercept, their intervals.
    public var fit: LinearFit
    /// R^2 of that line against the median of each parameter value: how straight the sweep is, without
    /// the spread of the repetitions (which the intervals already carry).
    public var rSquared: Double
    /// The largest distance of a parameter value's median from the line, over the median: three depths
    /// can bend (1, 4, 16 costing 14, 40, 380) and still give an R^2 near 1, and then the line misses
    /// the short pipelines by far.
    public var largestRelativeResidual: Double

    /// What the sweep looks like.
    public enum Shape: String, Sendable {
        /// The slope's 95% interval holds 0: the run cannot tell the cost of a stage from nothing.
        case flat
        /// R^2 of the medians at least ``linearRSquared`` and every median within
        /// ``largestLinearResidual`` of the line: cost = intercept + slope x parameter.
        case linear
        /// The cost grows, but not along a line (the compiler or the runtime made the chain non-linear,
        /// or the machine moved the medians): the report shows the points rather than the line.
        case nonlinear
    }

    public static let linearRSquared = 0.98
    public static let largestLinearResidual = 0.25

    public var shape: Shape {
        if fit.slopeInterval95.contains(0) { return .flat }
        return rSquared >= Self.linearRSquared && largestRelativeResidual <= Self.largestLinearResidual
            ? .linear : .nonlinear
    }
}
