/// A count compared exactly or within a stated tolerance, with no statistics: allocations and bytes
/// repeat from run to run, unlike times (docs/COMPARE.md).
public struct CountMetric: Sendable, Equatable {
    /// How far a count may move before it counts as a change.
    public enum Tolerance: Sendable, Equatable {
        /// In the metric's own unit: allocations per unit, bytes.
        case absolute(Double)
        /// In percent of the base value.
        case relativePercent(Double)
        /// Any change: a count that does not repeat, reported but never a verdict (``WorkloadTolerance``
        /// says why).
        case notGated
    }

    /// The column of results.csv compared.
    public let column: String
    public let tolerance: Tolerance
    /// Compared only when both runs have the column (instruction counts are not in older schema 2 files).
    public let isOptional: Bool
    /// Retained bytes: a rise counts only when it ends above 0 (memory was kept), not from -64 to 0.
    public let changesOnlyAboveZero: Bool
    /// Decimals a report shows.
    let digits: Int

    /// The counts compare checks, in report order, with the instruction threshold of `options`.
    public static func all(_ options: ComparisonOptions) -> [CountMetric] {
        [
            // nmalloc counts every thread: a stray allocation elsewhere during the timed batches adds
            // 1/units; one per 100 units is far above that and far below a planted allocation per unit.
            CountMetric(ResultColumn.allocationsPerUnit.name, .absolute(0.01), digits: 4),
            // thread.allocated counts this thread only, written with 2 decimals.
            CountMetric(ResultColumn.bytesPerUnit.name, .absolute(1), digits: 2),
            // Whole counts for element workloads; for subscription workloads a per-unit mean written with
            // 2 decimals, whose last digit may round either way.
            CountMetric(ResultColumn.allocationsPerSubscription.name, .absolute(0.01), digits: 2),
            CountMetric(ResultColumn.bytesPerSubscription.name, .absolute(1), digits: 0),
            CountMetric(ResultColumn.retainedBytes.name, .absolute(0), digits: 0, changesOnlyAboveZero: true),
            // Counted exactly, written with 4 decimals.
            CountMetric(ResultColumn.requestCallsPerUnit.name, .absolute(0.0001), digits: 4),
            CountMetric(
                ResultColumn.instructionsPerUnit.name, .relativePercent(options.instructionsThresholdPercent), digits: 1,
                isOptional: true
            ),
            CountMetric(
                ResultColumn.instructionsPerSubscription.name, .relativePercent(options.instructionsThresholdPercent),
                digits: 0, isOptional: true
            ),
        ]
    }

    init(
        _ column: String, _ tolerance: Tolerance, digits: Int, isOptional: Bool = false,
        changesOnlyAboveZero: Bool = false
    ) {
        self.column = column
        self.tolerance = tolerance
        self.digits = digits
        self.isOptional = isOptional
        self.changesOnlyAboveZero = changesOnlyAboveZero
    }

    /// The comparison of `base` with `new`: a regression when `new` exceeds `base` by more than the
    /// tolerance, an improvement when it falls short of it by more. `workload` (or, when the file names
    /// it, the row's `scenario`, which covers the workload over every source) selects a wider
    /// ``WorkloadTolerance`` where one is listed; the change then says so when it is not zero.
    public func compare(
        base: Double, new: Double, workload: String? = nil, scenario: String = "", implementation: String? = nil
    ) -> MetricComparison {
        let special = workload.flatMap {
            WorkloadTolerance.find(column: column, workload: $0, scenario: scenario, implementation: implementation)
        }
        let allowed: Double
        switch special?.tolerance ?? tolerance {
        case .absolute(let amount): allowed = amount
        case .relativePercent(let percent): allowed = abs(base) * percent / 100
        case .notGated: allowed = .infinity
        }
        // The values come from decimal text: 0.01 read back is not exactly 0.01.
        let slack = allowed + 1e-9 * max(1, abs(base))
        let difference = new - base
        var verdict = Verdict.unchanged
        if difference > slack && (!changesOnlyAboveZero || new > 0) {
            verdict = .regression
        } else if difference < -slack && (!changesOnlyAboveZero || base > 0) {
            verdict = .improvement
        }
        var change = changeText(base: base, new: new)
        if let special, difference != 0 {
            change += allowed.isFinite
                ? " (\(special.name) allows \(DecimalText.format(allowed, digits: digits)))"
                : " (\(special.name): not gated, \(special.reason))"
        }
        return MetricComparison(
            metric: column, base: DecimalText.format(base, digits: digits),
            new: DecimalText.format(new, digits: digits), change: change, verdict: verdict
        )
    }

    private func changeText(base: Double, new: Double) -> String {
        let absolute = DecimalText.signed(new - base, digits: digits)
        guard case .relativePercent = tolerance, base != 0 else { return absolute }
        return "\(absolute) (\(DecimalText.percent((new / base - 1) * 100)))"
    }
}
