/// One cell (workload x implementation) of the base run against the same cell of the new run.
public struct CellComparison: Sendable, Equatable {
    public let key: CellKey
    /// The cell in the base run; nil when it is in the new run only.
    public let base: CellRecord?
    /// The cell in the new run; nil when it is in the base run only.
    public let new: CellRecord?
    /// The status when it changed or is not `ok`, then the time and the counts, when both sides are `ok`.
    public let metrics: [MetricComparison]
    /// The worst of the metrics' verdicts, or where the cell is when it is in one run only.
    public let verdict: Verdict

    /// Compares `base` with `new`, either of which may be missing; `comparedColumns` are the columns both
    /// runs have (optional counts are compared only when both have them); `shift` is the new run's shift
    /// as a whole, which two separate runs' times are judged net of.
    public init(
        key: CellKey, base: CellRecord?, new: CellRecord?, comparedColumns: Set<String>, options: ComparisonOptions,
        shift: RunShift? = nil
    ) {
        self.key = key
        self.base = base
        self.new = new
        guard let base, let new else {
            metrics = []
            verdict = base == nil ? .onlyInNew : .onlyInBase
            return
        }
        var metrics: [MetricComparison] = []
        if base.status != new.status || !base.isOK {
            metrics.append(Self.compareStatus(base.status, new.status))
        }
        if base.isOK && new.isOK {
            if options.metrics == .all,
                let time = TimeMetric.compare(base: base, new: new, options: options, shift: shift)
            {
                metrics.append(time)
            }
            for count in CountMetric.all(options) where !count.isOptional || comparedColumns.contains(count.column) {
                guard let before = base.values[count.column], let after = new.values[count.column] else { continue }
                metrics.append(
                    count.compare(
                        base: before, new: after, workload: key.workload, scenario: new.scenario,
                        implementation: key.implementation
                    )
                )
            }
        }
        self.metrics = metrics
        verdict = metrics.map(\.verdict).filter(\.marksTheCell).min() ?? .unchanged
    }
}

// MARK: - Status

extension CellComparison {
    /// `ok` is best, `unsupported` (the style cannot express the workload) next, a failure (checksum
    /// mismatch, set-up error, crash, time-out, or a status this version does not know) worst. A change
    /// between two failures is still a failure, not news.
    private static func compareStatus(_ base: String, _ new: String) -> MetricComparison {
        func rank(_ status: String) -> Int { status == "ok" ? 2 : status == "unsupported" ? 1 : 0 }
        let verdict: Verdict
        if rank(new) < rank(base) {
            verdict = .regression
        } else if rank(new) > rank(base) {
            verdict = .improvement
        } else {
            verdict = .unchanged
        }
        let change = base == new ? "" : "\(base) -> \(new)"
        return MetricComparison(metric: "status", base: base, new: new, change: change, verdict: verdict)
    }
}
