/// The thresholds a comparison applies; docs/COMPARE.md explains each.
public struct ComparisonOptions: Sendable, Equatable {
    /// How the time per unit is judged.
    public enum TimeVerdicts: String, Sendable, Equatable {
        /// Two separate runs: a change (net of the whole run's shift) is reported as `slower` or `faster`
        /// and never fails the comparison: `compare`'s default.
        case informational
        /// Two separate runs, judged as `informational` but a change is a regression or an improvement
        /// (`compare --gate-time`).
        case gated
        /// Paired repetitions, base and new run alternately (`reactive-bench ab`): the i-th sample of one
        /// side goes with the i-th of the other; judged on their ratios, a change is a regression or an
        /// improvement.
        case paired
    }

    /// What the thresholds may be, in percent: 0 counts every change (for times, every significant one).
    public static let thresholdRange: ClosedRange<Double> = 0...1000

    /// Whether `alpha` is a usable significance level: a probability strictly between 0 and 1.
    public static func isValidAlpha(_ alpha: Double) -> Bool {
        alpha > 0 && alpha < 1
    }

    /// A time changes when the medians differ by more than this, in percent of the base median ...
    public var timeThresholdPercent: Double
    /// ... and the test's p-value is below this (Mann–Whitney U; Wilcoxon signed-rank when paired).
    public var alpha: Double
    /// Instruction counts change when they differ by more than this, in percent of the base count.
    public var instructionsThresholdPercent: Double
    /// Whether times are judged too, or only the status and the counts.
    public var metrics: MetricSelection
    /// Whether a time change is news or a verdict, and how it is tested.
    public var timeVerdicts: TimeVerdicts
    /// Whether the cells of the base that the new run lacks were left out on purpose (`compare
    /// --only-common`): then only the cells both runs have are judged. Otherwise a new run that lost cells
    /// fails the comparison, as a regression does: a CI's new run that crashed half-way must not pass.
    public var onlyCommon = false
    /// For paired times, when the pairs were looked at (`reactive-bench ab` measures a cell until its
    /// verdict is decided: ``SequentialPairedRule``); nil: one look at however many pairs a cell has.
    /// Spends `alpha`.
    public var pairedLooks: PairedLooks?

    public init(
        timeThresholdPercent: Double = 5, alpha: Double = 0.01, instructionsThresholdPercent: Double = 1,
        metrics: MetricSelection = .all, timeVerdicts: TimeVerdicts = .informational
    ) {
        self.timeThresholdPercent = timeThresholdPercent
        self.alpha = alpha
        self.instructionsThresholdPercent = instructionsThresholdPercent
        self.metrics = metrics
        self.timeVerdicts = timeVerdicts
    }
}
