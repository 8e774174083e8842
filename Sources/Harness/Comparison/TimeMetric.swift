#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Time per unit, compared with statistics over the repetitions (docs/COMPARE.md).
///
/// Two separate runs: a whole run moves by 5-10% on a shared machine, and every repetition of one
/// process shares that, so the new samples are first divided by the run's shift (``RunShift``) and the
/// change is then the medians' difference with a Mann–Whitney U test; by default it is only reported
/// (`slower`, `faster`). Paired samples (`reactive-bench ab`, base and new measured alternately): each
/// pair's ratio cancels what the machine did at that moment, and the change is the Hodges–Lehmann
/// estimate of the ratio with a Wilcoxon signed-rank test.
public enum TimeMetric {
    /// The metric's name in reports: the median of `ns_per_unit_samples`.
    public static let name = "ns_per_unit"

    /// Compares the times of two `ok` cells; `shift` is the new run's whole-run factor over the base (1:
    /// none). Without samples on both sides the medians are shown, never flagged. Nil when a side has no time.
    public static func compare(
        base: CellRecord, new: CellRecord, options: ComparisonOptions, shift: RunShift? = nil
    ) -> MetricComparison? {
        guard let baseMedian = base.nanosecondsPerUnitMedian, let newMedian = new.nanosecondsPerUnitMedian else {
            return nil
        }
        let shown = (DecimalText.nanoseconds(baseMedian), DecimalText.nanoseconds(newMedian))
        guard !base.samples.isEmpty && !new.samples.isEmpty else {
            let percent = relativeChangePercent(from: baseMedian, to: newMedian)
            let changeText = percent.isFinite ? DecimalText.percent(percent) : "from 0"
            return MetricComparison(
                metric: name, base: shown.0, new: shown.1, change: "\(changeText) (no samples, not tested)",
                verdict: .unchanged
            )
        }
        if options.timeVerdicts == .paired {
            return paired(base.samples, new.samples, shown: shown, options: options)
        }
        let compared = separate(base.samples, new.samples, shown: shown, options: options, shift: shift)
        guard let disturbed = disturbedText(base: base, new: new) else { return compared }
        return MetricComparison(
            metric: compared.metric, base: compared.base, new: compared.new, change: "\(compared.change); \(disturbed)",
            verdict: compared.verdict, pValue: compared.pValue
        )
    }

    /// `base: machine disturbed`, `new: ...` or `both: ...` when a side's time keeps disturbed repetitions
    /// (``CellRecord/keptDisturbed``), or nil.
    static func disturbedText(base: CellRecord, new: CellRecord) -> String? {
        switch (base.keptDisturbed, new.keptDisturbed) {
        case (true, true): "both: \(disturbedMark)"
        case (true, false): "base: \(disturbedMark)"
        case (false, true): "new: \(disturbedMark)"
        case (false, false): nil
        }
    }

    /// What a time change says of a side timed on a disturbed machine.
    public static let disturbedMark = "machine disturbed"

    /// `(new / base - 1)` in percent; 0 when both are 0, infinite when only the base is.
    static func relativeChangePercent(from base: Double, to new: Double) -> Double {
        if base == 0 { return new == 0 ? 0 : .infinity * (new > 0 ? 1 : -1) }
        return (new / base - 1) * 100
    }

    /// The verdict for a change of `percent` with p-value `pValue` between two separate runs: none within
    /// the threshold or without significance; otherwise a regression or improvement when time is judged,
    /// slower or faster when not.
    private static func verdict(_ percent: Double, _ pValue: Double, _ options: ComparisonOptions) -> Verdict {
        guard abs(percent) > options.timeThresholdPercent && pValue < options.alpha else { return .unchanged }
        if options.timeVerdicts == .informational { return percent > 0 ? .slower : .faster }
        return percent > 0 ? .regression : .improvement
    }
}

// MARK: - Two separate runs

extension TimeMetric {
    private static func separate(
        _ base: [Double], _ new: [Double], shown: (String, String), options: ComparisonOptions, shift: RunShift?
    ) -> MetricComparison {
        let factor = shift?.factor ?? 1
        let adjusted = new.map { $0 / factor }
        let raw = relativeChangePercent(from: SampleStatistics.median(base), to: SampleStatistics.median(new))
        let percent = relativeChangePercent(from: SampleStatistics.median(base), to: SampleStatistics.median(adjusted))
        let pValue = MannWhitneyU(base, adjusted).pValue
        let changeText = percent.isFinite ? DecimalText.percent(percent) : "from 0"
        let tested = DecimalText.pValue(pValue)
        let change = shift != nil && raw.isFinite
            ? "\(changeText) net (\(DecimalText.percent(raw)) raw, \(tested))" : "\(changeText) (\(tested))"
        return MetricComparison(
            metric: name, base: shown.0, new: shown.1, change: change, verdict: verdict(percent, pValue, options),
            pValue: pValue
        )
    }
}

// MARK: - Paired samples

extension TimeMetric {
    /// The i-th base sample against the i-th new one, judged by ``SequentialPairedRule`` at the pairs'
    /// last look. Samples that are not positive cannot form a ratio and leave their pair out; unequal
    /// counts pair the common prefix (a side whose process failed midway) and say so.
    private static func paired(
        _ base: [Double], _ new: [Double], shown: (String, String), options: ComparisonOptions
    ) -> MetricComparison {
        let logRatios = SequentialPairedRule.logRatios(base: base, new: new)
        let unequal = base.count != new.count ? ", \(base.count) base and \(new.count) new samples" : ""
        guard let judgement = SequentialPairedRule(options).judge(logRatios) else {
            return MetricComparison(
                metric: name, base: shown.0, new: shown.1, change: "no pairs\(unequal), not tested", verdict: .undecided
            )
        }
        let test = WilcoxonSignedRank(logRatios)
        let estimate = judgement.estimate
        let percent = (exp(estimate.centre) - 1) * 100
        let (low, high) = ((exp(estimate.low) - 1) * 100, (exp(estimate.high) - 1) * 100)
        let interval = "[\(DecimalText.percent(low)), \(DecimalText.percent(high))]"
        let looks = options.pairedLooks == nil ? "" : ", \(judgement.looks) look\(judgement.looks == 1 ? "" : "s")"
        let change = "\(DecimalText.percent(percent)) \(interval) (\(DecimalText.pValue(test.pValue)), "
            + "\(logRatios.count) pairs\(looks)\(unequal))"
        return MetricComparison(
            metric: name, base: shown.0, new: shown.1, change: change, verdict: verdict(judgement.decision),
            pValue: test.pValue, pairs: judgement.pairs, looks: judgement.looks
        )
    }

    private static func verdict(_ decision: SequentialPairedRule.Decision) -> Verdict {
        switch decision {
        case .regressed: .regression
        case .improved: .improvement
        case .unchanged: .unchanged
        case .undecided: .undecided
        }
    }
}
