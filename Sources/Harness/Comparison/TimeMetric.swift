/// Time per unit, compared with statistics over the repetitions: timings on a shared machine move by 5
/// to 20% between runs, so a change counts only when it is both large and real (docs/COMPARE.md).
public enum TimeMetric {
    /// The metric's name in reports: the median of `ns_per_unit_samples`.
    public static let name = "ns_per_unit"

    /// Compares the times of two `ok` cells: a regression (or improvement) when the medians differ by
    /// more than the threshold and the Mann–Whitney U test on the samples gives a p-value below alpha.
    /// Without samples on both sides the medians are shown, never flagged. Nil when a side has no time.
    public static func compare(base: CellRecord, new: CellRecord, options: ComparisonOptions) -> MetricComparison? {
        guard let baseMedian = base.nanosecondsPerUnitMedian, let newMedian = new.nanosecondsPerUnitMedian else {
            return nil
        }
        let percent = relativeChangePercent(from: baseMedian, to: newMedian)
        let changeText = percent.isFinite ? DecimalText.percent(percent) : "from 0"
        guard !base.samples.isEmpty && !new.samples.isEmpty else {
            return MetricComparison(
                metric: name, base: DecimalText.nanoseconds(baseMedian), new: DecimalText.nanoseconds(newMedian),
                change: "\(changeText) (no samples, not tested)", verdict: .unchanged
            )
        }
        let pValue = MannWhitneyU(base.samples, new.samples).pValue
        var verdict = Verdict.unchanged
        if abs(percent) > options.timeThresholdPercent && pValue < options.alpha {
            verdict = percent > 0 ? .regression : .improvement
        }
        return MetricComparison(
            metric: name, base: DecimalText.nanoseconds(baseMedian), new: DecimalText.nanoseconds(newMedian),
            change: "\(changeText) (\(DecimalText.pValue(pValue)))", verdict: verdict, pValue: pValue
        )
    }

    /// `(new / base - 1)` in percent; 0 when both are 0, infinite when only the base is.
    static func relativeChangePercent(from base: Double, to new: Double) -> Double {
        if base == 0 { return new == 0 ? 0 : .infinity * (new > 0 ? 1 : -1) }
        return (new / base - 1) * 100
    }
}
