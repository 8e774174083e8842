/// The thresholds a comparison applies; docs/COMPARE.md explains each.
public struct ComparisonOptions: Sendable, Equatable {
    /// What the thresholds may be, in percent: 0 counts every change (for times, every significant one).
    public static let thresholdRange: ClosedRange<Double> = 0...1000

    /// Whether `alpha` is a usable significance level: a probability strictly between 0 and 1.
    public static func isValidAlpha(_ alpha: Double) -> Bool {
        alpha > 0 && alpha < 1
    }

    /// A time changes when the medians differ by more than this, in percent of the base median ...
    public var timeThresholdPercent: Double
    /// ... and the Mann–Whitney U test's p-value is below this.
    public var alpha: Double
    /// Instruction counts change when they differ by more than this, in percent of the base count.
    public var instructionsThresholdPercent: Double
    /// Whether times are judged too, or only the status and the counts.
    public var metrics: MetricSelection

    public init(
        timeThresholdPercent: Double = 5, alpha: Double = 0.01, instructionsThresholdPercent: Double = 1,
        metrics: MetricSelection = .all
    ) {
        self.timeThresholdPercent = timeThresholdPercent
        self.alpha = alpha
        self.instructionsThresholdPercent = instructionsThresholdPercent
        self.metrics = metrics
    }
}
